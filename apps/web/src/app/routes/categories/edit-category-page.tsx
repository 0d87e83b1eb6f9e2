import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useCategory, useUpdateCategory } from '../../../features/categories/api/categories';
import { CategoryForm } from '../../../features/categories/components/category-form';
import { useDocumentTitle } from '../../use-document-title';

export function EditCategoryPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useCategory(id);
  const update = useUpdateCategory(id);
  useDocumentTitle(query.data?.name ?? t('categories.edit'));

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('categories.edit')} subtitle={query.data?.name} />
      <RecordPage query={query} id={id}>
        {(category) => (
          <CategoryForm
            key={category.id}
            category={category}
            secondaryActions={
              <Button component={Link} to="/categories" color="inherit">
                {t('common.back')}
              </Button>
            }
            onSubmit={async (body) => {
              const { data: saved } = await update.mutateAsync(body);
              toast.success(t('categories.edited'));
              navigate('/categories');
              return saved;
            }}
          />
        )}
      </RecordPage>
    </PageContainer>
  );
}
