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
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

export function EditUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useCurrentUser();
  const id = Number(useParams().id);
  const query = useUser(id);
  const update = useUpdateUser(id);
  const name = query.data ? fullName(query.data) : undefined;
  useDocumentTitle(name ?? t('users.edit'));

  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('users.edit')} subtitle={name} />
      <RecordPage
        query={query}
        id={id}
        skeleton={
          <>
            <Skeleton variant="circular" height={72} width={72} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
            <Skeleton variant="rounded" height={56} />
          </>
        }
      >
        {(user) =>
          user.role === 'admin' && me.role !== 'admin' ? (
            <ErrorState message={t('errors.admin_protected')} />
          ) : (
            <UserForm
              key={user.id}
              user={user}
              secondaryActions={
                <Button component={Link} to="/users" color="inherit">
                  {t('common.back')}
                </Button>
              }
              onSubmit={async (body) => {
                const { data: saved } = await update.mutateAsync(body);
                toast.success(t('users.edited'));
                navigate('/users');
                return saved;
              }}
            />
          )
        }
      </RecordPage>
    </PageContainer>
  );
}
