import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateCategory } from '../../../features/categories/api/categories';
import { CategoryForm } from '../../../features/categories/components/category-form';
import { useDocumentTitle } from '../../use-document-title';

export function AddCategoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateCategory();
  useDocumentTitle(t('categories.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('categories.add')} />
      <CategoryForm
        secondaryActions={
          <Button component={Link} to="/categories" color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(t('categories.added'));
          navigate('/categories');
        }}
      />
    </PageContainer>
  );
}
