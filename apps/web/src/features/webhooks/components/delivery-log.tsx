import type { WebhookDeliveryListParams } from '@dostava/shared';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  Pagination,
  Stack,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { languageOf } from '../../../components/data-table/columns';
import { ErrorState } from '../../../components/error-state';
import { formatDateTime } from '../../../lib/format';
import { StateChip } from '../../integrations/components/state-chip';
import { useReplayDelivery, useWebhookDeliveries } from '../api/webhooks';

const STATE_COLORS = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;
const PER_PAGE = 20;

/** An endpoint's deliveries, newest first; each opens to its attempts (request, status, answer, time). */
export function DeliveryLog({
  endpointId,
  state,
  page,
  onPage,
}: {
  endpointId: number;
  state: WebhookDeliveryListParams['state'];
  page: number;
  onPage: (page: number) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = languageOf(i18n.language);
  const query = useWebhookDeliveries(endpointId, { page, per_page: PER_PAGE, sort: '-created_at', state });
  const replay = useReplayDelivery();
  if (query.isError) return <ErrorState onRetry={() => void query.refetch()} />;
  const rows = query.data?.data;
  const total = query.data?.meta.total ?? 0;
  return (
    <Box>
      {rows && !rows.length ? <Typography>{t('integrations.no_deliveries')}</Typography> : null}
      {rows?.map((delivery) => (
        <Accordion key={delivery.id} disableGutters variant="outlined">
          <AccordionSummary expandIcon={<ExpandMore />}>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              sx={{ gap: { xs: 0.5, sm: 2 }, alignItems: { sm: 'center' }, width: '100%' }}
            >
              <StateChip
                tone={STATE_COLORS[delivery.state]}
                label={t(`integrations.delivery_states.${delivery.state}`)}
              />
              <Typography sx={{ fontWeight: 600 }}>
                {t(`integrations.event_names.${delivery.event_type}`)}
              </Typography>
              <Typography color="text.secondary" sx={{ fontSize: 14 }}>
                {formatDateTime(delivery.created_at, language)}
                {delivery.order_id ? ` · #${delivery.order_id} (${delivery.sequence})` : ''}
                {` · ${t('integrations.attempts')}: ${delivery.attempts}`}
                {delivery.last_status ? ` · ${delivery.last_status}` : ''}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails>
            <Typography sx={{ fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all', mb: 1 }}>
              {delivery.event_id}
            </Typography>
            {delivery.attempt_log.map((attempt) => (
              <Box
                key={attempt.id}
                component="dl"
                sx={{
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', md: 'max-content 1fr' },
                  columnGap: 2,
                  borderTop: 1,
                  borderColor: 'divider',
                  py: 1,
                  m: 0,
                  '& dt': { color: 'text.secondary' },
                  '& dd': { m: 0, wordBreak: 'break-all' },
                }}
              >
                <dt>#{attempt.attempt}</dt>
                <dd>{formatDateTime(attempt.started_at, language)}</dd>
                <dt>{t('integrations.status_code')}</dt>
                <dd>{attempt.response_status ?? attempt.error ?? '—'}</dd>
                <dt>{t('integrations.duration')}</dt>
                <dd>{attempt.duration_ms} ms</dd>
                <dt>{t('integrations.request')}</dt>
                <dd>
                  <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                    {attempt.request_body}
                  </Box>
                </dd>
                <dt>{t('integrations.response')}</dt>
                <dd>
                  <Box component="pre" sx={{ m: 0, whiteSpace: 'pre-wrap', fontSize: 12 }}>
                    {attempt.response_body ?? '—'}
                  </Box>
                </dd>
              </Box>
            ))}
            <Button
              variant="outlined"
              loading={replay.isPending && replay.variables === delivery.id}
              onClick={() =>
                replay.mutate(delivery.id, {
                  onSuccess: (answer) =>
                    toast.success(t('integrations.replayed', { count: answer.data.replayed })),
                })
              }
            >
              {t('integrations.replay')}
            </Button>
          </AccordionDetails>
        </Accordion>
      ))}
      {total > PER_PAGE ? (
        <Pagination
          sx={{ mt: 2 }}
          count={Math.ceil(total / PER_PAGE)}
          page={page}
          onChange={(_, next) => onPage(next)}
        />
      ) : null}
    </Box>
  );
}
