import { can } from '@dostava/shared';
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
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** The Restaurant Employee accounts of one restaurant (its manager's, or any for Admin and App Manager). */
export function EmployeesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const restaurantId = Number(useParams().id);
  const restaurant = useRestaurant(restaurantId);
  const title = restaurant.data
    ? t('employees.title_of', { name: restaurant.data.name })
    : t('employees.title');
  useDocumentTitle(title);
  const { params, setParams } = useListParams({ defaultSort: 'last_name', sorts: USER_SORT_VALUES });
  const { filters: chosen } = useUserFilters();
  const filters = useMemo(
    () => ({
      is_active: chosen.is_active,
      role: 'restaurant_employee' as const,
      restaurant_id: restaurantId,
    }),
    [chosen.is_active, restaurantId],
  );

  return (
    <PageContainer>
      <PageHeader
        title={title}
        actions={
          <>
            {can(user, 'restaurants.list') ? (
              <Button component={Link} to="/restaurants" color="inherit">
                {t('common.back')}
              </Button>
            ) : null}
            <Button
              component={Link}
              to={`/add-employee?restaurant_id=${restaurantId}`}
              variant="contained"
              startIcon={<Add />}
            >
              {t('employees.add')}
            </Button>
          </>
        }
      />
      <UserFiltersBar
        params={params}
        setParams={setParams}
        show={{}}
        searchLabel={t('employees.search_label')}
      />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <UsersTable
          params={params}
          setParams={setParams}
          filters={filters}
          variant="employees"
          label={title}
        />
      </Box>
    </PageContainer>
  );
}
