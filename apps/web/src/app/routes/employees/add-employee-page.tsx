import type { UserCreateBody } from '@dostava/shared';
import { Button, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { useCreateUser } from '../../../features/users/api/users';
import { UserForm } from '../../../features/users/components/user-form';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/**
 * A new Restaurant Employee: of the manager's own restaurant, or for Admin and App Manager of the
 * restaurant named by `?restaurant_id=`.
 */
export function AddEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const create = useCreateUser();
  const [searchParams, setSearchParams] = useSearchParams();
  const param = Number(searchParams.get('restaurant_id'));
  const restaurantId =
    user.role === 'restaurant_manager'
      ? (user.restaurant_id ?? undefined)
      : Number.isInteger(param) && param > 0
        ? param
        : undefined;
  const listPath = restaurantId ? `/resturant/${restaurantId}/employees` : '/restaurants';
  useDocumentTitle(t('employees.add'));

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('employees.add')} />
      {restaurantId ? (
        <UserForm
          variant="employee"
          restaurantId={restaurantId}
          secondaryActions={
            <Button component={Link} to={listPath} color="inherit">
              {t('common.cancel')}
            </Button>
          }
          onSubmit={async (body) => {
            await create.mutateAsync(body as UserCreateBody);
            toast.success(t('employees.added'));
            navigate(listPath);
          }}
        />
      ) : user.role === 'restaurant_manager' ? (
        <ErrorState message={t('employees.no_restaurant')} />
      ) : (
        // Admin or App Manager opening the page directly: which restaurant's employee comes first.
        <RestaurantChoice
          onChoose={(id) => setSearchParams({ restaurant_id: String(id) }, { replace: true })}
        />
      )}
    </PageContainer>
  );
}

function RestaurantChoice({ onChoose }: { onChoose: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}>
      <RestaurantPicker
        required
        label={t('users.restaurant')}
        placeholder={t('users.choose_restaurant')}
        value=""
        onChange={(id) => id && onChoose(Number(id))}
      />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('employees.choose_restaurant_first')}
      </Typography>
    </Paper>
  );
}
