import type { UserCreateBody } from '@dostava/shared';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateUser } from '../../../features/users/api/create-user';
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
  const param = Number(useSearchParams()[0].get('restaurant_id'));
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
      ) : (
        <ErrorState message={t('employees.no_restaurant')} />
      )}
    </PageContainer>
  );
}
