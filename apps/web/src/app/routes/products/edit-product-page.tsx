import { can } from '@dostava/shared';
import { Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useProduct } from '../../../features/products/api/get-product';
import { useUpdateProduct } from '../../../features/products/api/update-product';
import { ProductForm } from '../../../features/products/components/product-form';
import { isApiError } from '../../../lib/http';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** Edits a product; a restaurant employee sees it read-only. */
export function EditProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const params = useParams();
  const restaurantId = Number(params.restaurant_id);
  const id = Number(params.id);
  const query = useProduct(id);
  const update = useUpdateProduct(id);
  const editable = can(user, 'products.write', restaurantId);
  const title = editable ? t('products.edit') : t('products.view');
  const listPath = `/resturant/${restaurantId}/products`;
  useDocumentTitle(query.data?.name ?? title);
  const elsewhere = query.data && query.data.restaurant_id !== restaurantId;

  let content: React.ReactNode;
  if (query.data && !elsewhere) {
    content = (
      <ProductForm
        key={query.data.id}
        product={query.data}
        readOnly={!editable}
        secondaryActions={
          <Button component={Link} to={listPath} color="inherit">
            {t('common.back')}
          </Button>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          toast.success(t('products.edited'));
          navigate(listPath);
          return saved;
        }}
      />
    );
  } else if (elsewhere) {
    content = <ErrorState message={t('products.not_in_restaurant')} />;
  } else if (query.isError || !(id > 0)) {
    const notFound = !(id > 0) || (isApiError(query.error) && query.error.status === 404);
    content = (
      <ErrorState
        message={notFound ? t('common.not_found') : undefined}
        onRetry={notFound ? undefined : () => void query.refetch()}
      />
    );
  } else {
    content = (
      <Stack spacing={2} aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="rounded" height={72} width={72} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={title} subtitle={query.data?.name} />
      {content}
    </PageContainer>
  );
}
