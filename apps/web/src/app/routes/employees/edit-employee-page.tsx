import { Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useUser } from '../../../api/users/users';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useUpdateUser } from '../../../features/users/api/users';
import { UserForm } from '../../../features/users/components/user-form';
import { fullName } from '../../../features/users/components/users-table';
import { useDocumentTitle } from '../../use-document-title';

export function EditEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useUser(id);
  const update = useUpdateUser(id);
  const name = query.data ? fullName(query.data) : undefined;
  useDocumentTitle(name ?? t('employees.edit'));

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('employees.edit')} subtitle={name} />
      <RecordPage
        query={query}
        id={id}
        forbiddenMessage={t('employees.not_employee')}
        skeleton={
          <>
            <Skeleton variant="circular" height={72} width={72} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </>
        }
      >
        {(user) => {
          if (user.role !== 'restaurant_employee' || user.restaurant_id === null) {
            return <ErrorState message={t('employees.not_employee')} />;
          }
          const listPath = `/resturant/${user.restaurant_id}/employees`;
          return (
            <UserForm
              key={user.id}
              user={user}
              variant="employee"
              restaurantId={user.restaurant_id}
              secondaryActions={
                <Button component={Link} to={listPath} color="inherit">
                  {t('common.back')}
                </Button>
              }
              onSubmit={async (body) => {
                const { data: saved } = await update.mutateAsync(body);
                toast.success(t('employees.edited'));
                navigate(listPath);
                return saved;
              }}
            />
          );
        }}
      </RecordPage>
    </PageContainer>
  );
}
