import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useRestaurant } from '../../../features/restaurants/api/restaurants';
import { UserFiltersBar, useUserFilters } from '../../../features/users/components/user-filters';
import { USER_SORT_VALUES, UsersTable } from '../../../features/users/components/users-table';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

/** The back-office accounts of one restaurant: the users list, fixed to that restaurant. */
export function RestaurantUsersPage() {
  const { t } = useTranslation();
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  const title = restaurant.data
    ? t('users.title_of', { name: restaurant.data.name })
    : t('pages.restaurant_users');
  useDocumentTitle(title);
  const { params, setParams } = useListParams({ defaultSort: 'last_name', sorts: USER_SORT_VALUES });
  const { filters: chosen } = useUserFilters();
  const filters = useMemo(() => ({ ...chosen, restaurant_id: restaurantId }), [chosen, restaurantId]);

  return (
    <PageContainer>
      <PageHeader
        title={title}
        actions={
          <>
            <Button component={Link} to="/restaurants" color="inherit">
              {t('common.back')}
            </Button>
            <Button
              component={Link}
              to={`/add-user?restaurant_id=${restaurantId}`}
              variant="contained"
              startIcon={<Add />}
            >
              {t('users.add')}
            </Button>
          </>
        }
      />
      <UserFiltersBar
        params={params}
        setParams={setParams}
        show={{ role: true }}
        searchLabel={t('users.search_label')}
      />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <UsersTable params={params} setParams={setParams} filters={filters} label={title} />
      </Box>
    </PageContainer>
  );
}
