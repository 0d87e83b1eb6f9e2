import { can } from '@dostava/shared';
import { Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useProduct, useUpdateProduct } from '../../../features/products/api/products';
import { ProductForm } from '../../../features/products/components/product-form';
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
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={title} subtitle={query.data?.name} />
      <RecordPage
        query={query}
        id={id}
        skeleton={
          <>
            <Skeleton variant="rounded" height={72} width={72} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </>
        }
      >
        {(product) =>
          product.restaurant_id !== restaurantId ? (
            <ErrorState message={t('products.not_in_restaurant')} />
          ) : (
            <ProductForm
              key={product.id}
              product={product}
              readOnly={!editable}
              secondaryActions={
                <Button component={Link} to={listPath} color="inherit">
                  {t('common.back')}
                </Button>
              }
              onSubmit={async (body) => {
                const { data: saved } = await update.mutateAsync(body);
                toast.success(t('products.edited'));
                navigate(listPath);
                return saved;
              }}
            />
          )
        }
      </RecordPage>
    </PageContainer>
  );
}
