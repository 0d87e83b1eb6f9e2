import { Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCategory } from '../../../features/categories/api/get-category';
import { useUpdateCategory } from '../../../features/categories/api/update-category';
import { CategoryForm } from '../../../features/categories/components/category-form';
import { isApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../use-document-title';

export function EditCategoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useCategory(id);
  const update = useUpdateCategory(id);
  useDocumentTitle(query.data?.name ?? t('categories.edit'));

  let content: React.ReactNode;
  if (query.data) {
    content = (
      <CategoryForm
        key={query.data.id}
        category={query.data}
        secondaryActions={
          <Button component={Link} to="/categories" color="inherit">
            {t('common.back')}
          </Button>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          toast.success(t('categories.edited'));
          navigate('/categories');
          return saved;
        }}
      />
    );
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
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('categories.edit')} subtitle={query.data?.name} />
      {content}
    </PageContainer>
  );
}
