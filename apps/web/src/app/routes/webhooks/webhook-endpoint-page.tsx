import { WEBHOOK_DELIVERY_STATES, type WebhookDeliveryState } from '@dostava/shared';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, MenuItem, Paper, Skeleton, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import {
  useDeleteWebhookEndpoint,
  useEnableWebhookEndpoint,
  useReplayFailed,
  useSendTestEvent,
  useWebhookEndpoint,
} from '../../../features/webhooks/api/webhooks';
import { DeliveryLog } from '../../../features/webhooks/components/delivery-log';
import { EndpointDialog } from '../../../features/webhooks/components/endpoint-dialog';
import { useDocumentTitle } from '../../use-document-title';

/** A local 'YYYY-MM-DDTHH:MM' an hour ago, for the replay's "since". */
const anHourAgo = () => {
  const d = new Date(Date.now() - 3_600_000);
  d.setMinutes(d.getMinutes() - d.getTimezoneOffset());
  return d.toISOString().slice(0, 16);
};

/** /webhooks/{id}: an endpoint, its delivery log, a test event and replays. */
export function WebhookEndpointPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useWebhookEndpoint(id);
  useDocumentTitle(t('integrations.deliveries'));
  const test = useSendTestEvent();
  const enable = useEnableWebhookEndpoint();
  const replayFailed = useReplayFailed();
  const remove = useDeleteWebhookEndpoint();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const [editing, setEditing] = useState(false);
  const [state, setState] = useState<WebhookDeliveryState | ''>('');
  const [page, setPage] = useState(1);
  const [since, setSince] = useState(anHourAgo);
  return (
    <PageContainer maxWidth={1200}>
      <Button component={Link} to="/webhooks" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('integrations.endpoints')}
      </Button>
      <RecordPage query={query} id={id} skeleton={<Skeleton variant="rounded" height={240} />}>
        {(endpoint) => (
          <>
            <PageHeader
              title={t('integrations.deliveries')}
              subtitle={endpoint.url}
              actions={
                <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
                  <Button variant="outlined" color="error" onClick={() => setDeleting(true)}>
                    {t('integrations.delete_endpoint')}
                  </Button>
                  <Button variant="outlined" onClick={() => setEditing(true)}>
                    {t('integrations_extra.edit_endpoint')}
                  </Button>
                  <Button
                    variant="contained"
                    loading={test.isPending}
                    onClick={() =>
                      test.mutate(endpoint.id, {
                        onSuccess: () => toast.success(t('integrations.test_sent')),
                      })
                    }
                  >
                    {t('integrations.send_test')}
                  </Button>
                </Stack>
              }
            />
            {editing ? <EndpointDialog open endpoint={endpoint} onClose={() => setEditing(false)} /> : null}
            <ConfirmDialog
              open={deleting}
              title={t('integrations.delete_endpoint')}
              message={t('integrations.delete_endpoint_text', { url: endpoint.url })}
              confirmLabel={t('common.delete')}
              destructive
              busy={remove.isPending}
              onClose={() => setDeleting(false)}
              onConfirm={() =>
                remove.mutate(endpoint.id, {
                  onSuccess: () => {
                    toast.success(t('integrations.endpoint_deleted'));
                    navigate('/webhooks');
                  },
                })
              }
            />
            {!endpoint.is_active ? (
              <Alert
                severity="error"
                sx={{ mb: 2 }}
                action={
                  <Button
                    color="inherit"
                    loading={enable.isPending}
                    onClick={() => enable.mutate(endpoint.id)}
                  >
                    {t('integrations.enable')}
                  </Button>
                }
              >
                {endpoint.disabled_reason === 'gone'
                  ? t('integrations.disabled_gone')
                  : endpoint.disabled_reason === 'failing'
                    ? t('integrations.disabled_failing')
                    : t('integrations.inactive')}
              </Alert>
            ) : null}
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {endpoint.event_types.map((type) => t(`integrations.event_names.${type}`)).join(', ')}
            </Typography>
            <Paper
              variant="outlined"
              component="form"
              aria-label={t('integrations.replay_failed_title')}
              sx={{ p: 2, mb: 2 }}
              onSubmit={(event) => {
                event.preventDefault();
                replayFailed.mutate(
                  { id: endpoint.id, since: new Date(since).toISOString() },
                  {
                    onSuccess: (answer) =>
                      toast.success(t('integrations.replayed', { count: answer.data.replayed })),
                  },
                );
              }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, alignItems: { sm: 'center' } }}>
                <TextField
                  label={t('integrations.since')}
                  type="datetime-local"
                  size="small"
                  value={since}
                  onChange={(event) => setSince(event.target.value)}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
                <Button type="submit" variant="outlined" loading={replayFailed.isPending}>
                  {t('integrations.replay_failed')}
                </Button>
                <Box sx={{ flex: 1 }} />
                <TextField
                  select
                  size="small"
                  label={t('integrations.state')}
                  value={state}
                  onChange={(event) => {
                    setState(event.target.value as WebhookDeliveryState | '');
                    setPage(1);
                  }}
                  sx={{ minWidth: 180 }}
                >
                  <MenuItem value="">{t('integrations.all_states')}</MenuItem>
                  {WEBHOOK_DELIVERY_STATES.map((value) => (
                    <MenuItem key={value} value={value}>
                      {t(`integrations.delivery_states.${value}`)}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
            </Paper>
            <DeliveryLog endpointId={endpoint.id} state={state || undefined} page={page} onPage={setPage} />
          </>
        )}
      </RecordPage>
    </PageContainer>
  );
}
