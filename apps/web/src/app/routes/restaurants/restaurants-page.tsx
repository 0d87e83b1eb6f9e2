import { can } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  RESTAURANT_SORT_VALUES,
  RestaurantsTable,
} from '../../../features/restaurants/components/restaurants-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function RestaurantsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('restaurants.title'));
  const { params, setParams } = useListParams({ defaultSort: 'name', sorts: RESTAURANT_SORT_VALUES });

  return (
    <PageContainer>
      <PageHeader
        title={t('restaurants.title')}
        actions={
          can(user, 'restaurants.create') ? (
            <Button component={Link} to="/add-restaurant" variant="contained" startIcon={<Add />}>
              {t('restaurants.add')}
            </Button>
          ) : null
        }
      />
      <FilterBar columns={{ xs: 'minmax(0, 420px)' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('restaurants.search_label')}
          placeholder={t('restaurants.search_placeholder')}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <RestaurantsTable params={params} setParams={setParams} canDelete={can(user, 'restaurants.delete')} />
      </Box>
    </PageContainer>
  );
}
