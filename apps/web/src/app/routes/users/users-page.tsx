import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { UserFiltersBar, useUserFilters } from '../../../features/users/components/user-filters';
import { USER_SORT_VALUES, UsersTable } from '../../../features/users/components/users-table';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

export function UsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('users.title'));
  const { params, setParams } = useListParams({ defaultSort: 'last_name', sorts: USER_SORT_VALUES });
  const { filters } = useUserFilters();

  return (
    <PageContainer>
      <PageHeader
        title={t('users.title')}
        actions={
          <Button component={Link} to="/add-user" variant="contained" startIcon={<Add />}>
            {t('users.add')}
          </Button>
        }
      />
      <UserFiltersBar
        params={params}
        setParams={setParams}
        show={{ role: true, restaurant: true }}
        searchLabel={t('users.search_label')}
      />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <UsersTable params={params} setParams={setParams} filters={filters} label={t('users.title')} />
      </Box>
    </PageContainer>
  );
}
