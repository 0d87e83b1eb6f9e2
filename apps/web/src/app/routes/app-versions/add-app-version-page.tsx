import { Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useCreateAppVersion } from '../../../features/app-versions/api/app-versions';
import { AppVersionForm } from '../../../features/app-versions/components/app-version-form';
import { useDocumentTitle } from '../../use-document-title';

export function AddAppVersionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateAppVersion();
  useDocumentTitle(t('app_versions.add'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('app_versions.add')} />
      <AppVersionForm
        secondaryActions={
          <Button component={Link} to="/app-versions" color="inherit">
            {t('common.cancel')}
          </Button>
        }
        onSubmit={async (body) => {
          await create.mutateAsync(body);
          toast.success(t('app_versions.added'));
          navigate('/app-versions');
        }}
      />
    </PageContainer>
  );
}
