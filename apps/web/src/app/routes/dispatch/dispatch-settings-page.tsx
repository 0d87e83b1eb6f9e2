import { Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useDispatchSettings } from '../../../api/dispatch/dispatch';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { DispatchSettingsForm } from '../../../features/dispatch/components/dispatch-settings-form';
import { useDocumentTitle } from '../../use-document-title';

/** /dispatch-settings: how the operation dispatches (Admin, App Manager; decision 0024). */
export function DispatchSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('dispatch.settings_title'));
  const settings = useDispatchSettings();
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('dispatch.settings_title')} />
      <Typography color="text.secondary" sx={{ mb: 2, mt: -1 }}>
        {t('dispatch.settings_intro')}
      </Typography>
      {settings.data ? (
        // Keyed by the version on the server: a change by someone else (the live event) shows at once.
        <DispatchSettingsForm key={settings.data.updated_at ?? 'defaults'} settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      )}
    </PageContainer>
  );
}
