import type { UserCreateBody } from '@dostava/shared';
import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateUser } from '../../../features/users/api/users';
import { UserForm } from '../../../features/users/components/user-form';
import { useDocumentTitle } from '../../use-document-title';

/** A new account; `?restaurant_id=` (from a restaurant's users) preselects that restaurant. */
export function AddUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateUser();
  const restaurantParam = Number(useSearchParams()[0].get('restaurant_id'));
  const restaurantId = Number.isInteger(restaurantParam) && restaurantParam > 0 ? restaurantParam : undefined;
  const back = restaurantId ? `/resturant/${restaurantId}/users` : '/users';
  useDocumentTitle(t('users.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('users.add')} />
      <UserForm
        restaurantId={restaurantId}
        secondaryActions={
          <Button component={Link} to={back} color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body as UserCreateBody);
          toast.success(t('users.added'));
          navigate(back);
        }}
      />
    </PageContainer>
  );
}
