import Add from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { CategoriesTable } from '../../../features/categories/components/categories-table';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

export function CategoriesPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('categories.title'));
  // No pages and one order (the menu's): only the search is in the URL.
  const { params, setParams } = useListParams<''>({ defaultSort: '', sorts: [] });
  const q = params.q;

  return (
    <PageContainer maxWidth={1100}>
      <PageHeader
        title={t('categories.title')}
        subtitle={q ? t('categories.reorder_disabled') : t('categories.reorder_hint')}
        actions={
          <Button component={Link} to="/add-category" variant="contained" startIcon={<Add />}>
            {t('categories.add')}
          </Button>
        }
      />
      <FilterBar columns={{ xs: 'minmax(0, 420px)' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('categories.search_label')}
          placeholder={t('categories.search_placeholder')}
        />
      </FilterBar>
      <CategoriesTable q={q} />
    </PageContainer>
  );
}
