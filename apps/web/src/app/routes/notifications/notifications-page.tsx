import { Skeleton, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  useNotificationSetup,
  useNotificationTemplates,
} from '../../../features/notifications/api/notifications';
import {
  ChannelStatus,
  NotificationRulesForm,
  TemplateEditor,
} from '../../../features/notifications/components/notification-settings';
import { useDocumentTitle } from '../../use-document-title';

/** /notifications: the customer messages' channels, rules and templates (Admin, App Manager; issue 39). */
export function NotificationsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notifications.title'));
  const setup = useNotificationSetup();
  const templates = useNotificationTemplates();
  const failed = setup.isError || templates.isError;
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('notifications.title')} />
      {setup.data && templates.data ? (
        <Stack spacing={3}>
          <ChannelStatus setup={setup.data} />
          <NotificationRulesForm key={JSON.stringify(setup.data.settings)} settings={setup.data.settings} />
          <TemplateEditor templates={templates.data} />
        </Stack>
      ) : failed ? (
        <ErrorState
          onRetry={() => {
            void setup.refetch();
            void templates.refetch();
          }}
        />
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={120} />
          <Skeleton variant="rounded" height={240} />
        </Stack>
      )}
    </PageContainer>
  );
}
