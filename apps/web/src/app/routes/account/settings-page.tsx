import { Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { ChangePasswordForm } from '../../../features/account/components/change-password-form';
import { SessionsTable } from '../../../features/account/components/sessions-table';
import { useDocumentTitle } from '../../use-document-title';

export function SettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('account.settings'));
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('account.settings')} />
      <Stack spacing={3}>
        <ChangePasswordForm />
        <SessionsTable />
      </Stack>
    </PageContainer>
  );
}
