import { Button, Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { useUser } from '../../../api/users/get-user';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useUpdateUser } from '../../../features/users/api/update-user';
import { UserForm } from '../../../features/users/components/user-form';
import { fullName } from '../../../features/users/components/users-table';
import { isApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../use-document-title';

export function EditEmployeePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const query = useUser(id);
  const update = useUpdateUser(id);
  const name = query.data ? fullName(query.data) : undefined;
  useDocumentTitle(name ?? t('employees.edit'));

  let content: React.ReactNode;
  if (query.data && (query.data.role !== 'restaurant_employee' || query.data.restaurant_id === null)) {
    content = <ErrorState message={t('employees.not_employee')} />;
  } else if (query.data) {
    const listPath = `/resturant/${query.data.restaurant_id}/employees`;
    content = (
      <UserForm
        key={query.data.id}
        user={query.data}
        variant="employee"
        restaurantId={query.data.restaurant_id ?? undefined}
        secondaryActions={
          <Button component={Link} to={listPath} color="inherit">
            {t('common.back')}
          </Button>
        }
        onSubmit={async (body) => {
          const saved = await update.mutateAsync(body);
          toast.success(t('employees.edited'));
          navigate(listPath);
          return saved;
        }}
      />
    );
  } else if (query.isError || !(id > 0)) {
    const status = isApiError(query.error) ? query.error.status : 0;
    const notFound = !(id > 0) || status === 404;
    content = (
      <ErrorState
        message={notFound ? t('common.not_found') : status === 403 ? t('employees.not_employee') : undefined}
        onRetry={notFound || status === 403 ? undefined : () => void query.refetch()}
      />
    );
  } else {
    content = (
      <Stack spacing={2} role="status" aria-busy="true" aria-label={t('common.loading')}>
        <Skeleton variant="circular" height={72} width={72} />
        <Skeleton variant="rounded" height={56} />
        <Skeleton variant="rounded" height={56} />
      </Stack>
    );
  }

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('employees.edit')} subtitle={name} />
      {content}
    </PageContainer>
  );
}
