import { can, formatMoney, type Incident, type Refund } from '@dostava/shared';
import {
  Box,
  Button,
  Card,
  CardContent,
  Divider,
  Link,
  List,
  ListItem,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { toast } from 'react-toastify';
import { PrivateImage } from '../../../components/private-image';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDate, formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import {
  useApproveRefund,
  useIncidentEvents,
  useMoveIncident,
  useOrderIncidents,
  useOrderRefunds,
  useRejectRefund,
} from '../api/incidents';
import { IncidentStatusChip, RefundStatusChip } from './incident-chips';
import { RefundDialog } from './refund-dialog';
import { ReportIncidentDialog } from './report-incident-dialog';
import { ResolveIncidentDialog } from './resolve-incident-dialog';

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Stack
          direction="row"
          sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, gap: 1, flexWrap: 'wrap' }}
        >
          <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
            {title}
          </Typography>
          {action}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

interface OrderIncidentsProps {
  order: { id: number; order_number: string; status: string };
}

/** The order page's incidents and refunds: report, move along, refund in part, approve, resolve. */
export function OrderIncidents({ order }: OrderIncidentsProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const incidents = useOrderIncidents(order.id);
  useIncidentEvents();
  const refunds = useOrderRefunds(order.id);
  const move = useMoveIncident();
  const approve = useApproveRefund();
  const reject = useRejectRefund();
  const [reporting, setReporting] = useState(false);
  const [dismissing, setDismissing] = useState<Incident | null>(null);
  const [refunding, setRefunding] = useState<{ incidentId?: number } | null>(null);
  const [resolving, setResolving] = useState<{ id: number; resolution?: 'refund' } | null>(null);
  const resolvingIncident = incidents.data?.find((incident) => incident.id === resolving?.id);
  // A redelivery names this order's lines (the incident's quantities first); not of a redelivery's
  // panel, where the incident shown belongs to the first order.
  const redeliveryLines =
    refunds.data && resolvingIncident?.order.id === order.id
      ? refunds.data.lines.map((line) => ({
          order_item_id: line.order_item_id,
          name: line.name,
          quantity: line.quantity,
          affected:
            resolvingIncident.lines.find((l) => l.order_item_id === line.order_item_id)?.quantity ?? 0,
        }))
      : undefined;
  const [rejecting, setRejecting] = useState<Refund | null>(null);
  const canReport = can(me, 'incidents.report');
  const canManage = can(me, 'incidents.manage');
  const canApprove = can(me, 'refunds.approve');
  const refundable = canManage && order.status === 'delivered' && refunds.data && refunds.data.remaining > 0;

  return (
    <>
      <Section
        title={t('incidents.on_order')}
        action={
          canReport && refunds.data ? (
            <Button size="small" variant="outlined" onClick={() => setReporting(true)}>
              {t('incidents.report')}
            </Button>
          ) : null
        }
      >
        {incidents.data?.length ? (
          <List disablePadding>
            {incidents.data.map((incident, i) => {
              const closed = incident.status === 'resolved' || incident.status === 'dismissed';
              return (
                <ListItem
                  key={incident.id}
                  disableGutters
                  divider={i < incidents.data.length - 1}
                  sx={{ display: 'block' }}
                >
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <Typography sx={{ fontWeight: 600 }}>{t(`incidents.types.${incident.type}`)}</Typography>
                    <IncidentStatusChip status={incident.status} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary">
                    {[incident.reporter?.name, formatDateTime(incident.created_at)]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography>
                  {incident.lines.length ? (
                    <Typography variant="body2">
                      {incident.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')}
                    </Typography>
                  ) : null}
                  {incident.order.id !== order.id ? (
                    <Typography variant="body2">
                      <Link component={RouterLink} to={`/orders/${incident.order.id}`}>
                        {t('incidents_more.redelivery_of', { number: incident.order.order_number })}
                      </Link>
                    </Typography>
                  ) : null}
                  {incident.redelivery && incident.order.id === order.id ? (
                    <Typography variant="body2">
                      <Link component={RouterLink} to={`/orders/${incident.redelivery.order.id}`}>
                        {t('incidents_more.redelivered_as', {
                          number: incident.redelivery.order.order_number,
                        })}
                      </Link>
                      {` · ${t('incidents_more.redelivery_cost', { amount: money(incident.redelivery.amount) })} · ${t('incidents.refunds.liable')}: ${t(`incidents.refunds.liable_parties.${incident.redelivery.liable}`)}`}
                    </Typography>
                  ) : null}
                  {incident.comment ? <Typography variant="body2">{incident.comment}</Typography> : null}
                  {incident.photos.length ? (
                    <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                      {incident.photos.map((photo) =>
                        // Private photos (issue 38) are read with the caller's token; older ones are public.
                        photo.file_url.startsWith('/api/uploads/private/') ? (
                          <PrivateImage
                            key={photo.id}
                            id={photo.id}
                            alt={t('incidents.photos')}
                            maxHeight={64}
                          />
                        ) : (
                          <Box
                            key={photo.id}
                            component="img"
                            src={photo.file_url}
                            alt={t('incidents.photos')}
                            sx={{ width: 64, height: 64, objectFit: 'cover', borderRadius: 1 }}
                          />
                        ),
                      )}
                    </Stack>
                  ) : null}
                  {closed ? (
                    <Typography variant="body2" sx={{ mt: 0.5 }}>
                      {[
                        incident.resolution ? t(`incidents.resolutions.${incident.resolution}`) : null,
                        incident.reason,
                        incident.closed_by
                          ? t('incidents.closed_by', { name: incident.closed_by.name })
                          : null,
                      ]
                        .filter(Boolean)
                        .join(' · ')}
                    </Typography>
                  ) : canManage ? (
                    <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
                      {incident.status === 'open' ? (
                        <Button
                          size="small"
                          disabled={move.isPending}
                          onClick={() =>
                            move.mutate(
                              { id: incident.id, body: { status: 'in_progress', reason: null } },
                              { onSuccess: () => toast.success(t('incidents.moved')) },
                            )
                          }
                        >
                          {t('incidents.start')}
                        </Button>
                      ) : null}
                      {refundable ? (
                        <Button size="small" onClick={() => setRefunding({ incidentId: incident.id })}>
                          {t('incidents.refunds.new')}
                        </Button>
                      ) : null}
                      <Button size="small" onClick={() => setResolving({ id: incident.id })}>
                        {t('incidents.resolve')}
                      </Button>
                      <Button size="small" color="error" onClick={() => setDismissing(incident)}>
                        {t('incidents.dismiss')}
                      </Button>
                    </Stack>
                  ) : null}
                </ListItem>
              );
            })}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {incidents.isPending ? t('common.loading') : t('incidents.none')}
          </Typography>
        )}
      </Section>

      {refunds.data ? (
        <Section
          title={t('incidents.refunds.title')}
          action={
            refundable ? (
              <Button size="small" variant="outlined" onClick={() => setRefunding({})}>
                {t('incidents.refunds.new')}
              </Button>
            ) : null
          }
        >
          <Typography variant="body2">
            {`${t('incidents.refunds.paid')}: ${money(refunds.data.paid)} · ${t('incidents.refunds.refunded')}: ${money(refunds.data.refunded)} · ${t('incidents.refunds.remaining')}: ${money(refunds.data.remaining)}`}
          </Typography>
          {refunds.data.refunds.length ? <Divider sx={{ my: 1 }} /> : null}
          <List disablePadding>
            {refunds.data.refunds.map((refund) => (
              <ListItem key={refund.id} disableGutters sx={{ display: 'block' }}>
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                >
                  <Typography sx={{ fontWeight: 600 }}>{money(refund.amount)}</Typography>
                  <RefundStatusChip status={refund.status} />
                  <Typography variant="body2" color="text.secondary">
                    {`${t('incidents.refunds.liable')}: ${t(`incidents.refunds.liable_parties.${refund.liable}`)}`}
                  </Typography>
                </Stack>
                <Typography variant="body2">
                  {[
                    ...refund.lines.map((l) => `${l.quantity} × ${l.name}`),
                    refund.delivery_amount
                      ? `${t('orders.delivery_costs')} ${money(refund.delivery_amount)}`
                      : null,
                    refund.fixed_amount ? money(refund.fixed_amount) : null,
                  ]
                    .filter(Boolean)
                    .join(', ')}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    refund.reason,
                    refund.payment_reference,
                    refund.cash_return ? t(`incidents.refunds.cash_returns.${refund.cash_return}`) : null,
                    refund.settlement
                      ? t('incidents.refunds.settlement', {
                          from: formatDate(refund.settlement.from),
                          to: formatDate(refund.settlement.to),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
                {refund.status === 'pending_approval' && canApprove ? (
                  <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                    <Button
                      size="small"
                      variant="contained"
                      disabled={approve.isPending}
                      onClick={() =>
                        approve.mutate(refund.id, {
                          onSuccess: () => toast.success(t('incidents.refunds.approved')),
                        })
                      }
                    >
                      {t('incidents.refunds.approve')}
                    </Button>
                    <Button size="small" color="error" onClick={() => setRejecting(refund)}>
                      {t('incidents.refunds.reject')}
                    </Button>
                  </Stack>
                ) : null}
              </ListItem>
            ))}
          </List>
        </Section>
      ) : null}

      {refunds.data ? (
        <ReportIncidentDialog
          open={reporting}
          onClose={() => setReporting(false)}
          orderId={order.id}
          orderNumber={order.order_number}
          lines={refunds.data.lines}
        />
      ) : null}
      {refunds.data ? (
        <RefundDialog
          open={refunding !== null}
          onClose={() => setRefunding(null)}
          orderId={order.id}
          orderNumber={order.order_number}
          incidentId={refunding?.incidentId}
          refunds={refunds.data}
          onRefunded={() => {
            if (refunding?.incidentId) setResolving({ id: refunding.incidentId, resolution: 'refund' });
          }}
        />
      ) : null}
      <ResolveIncidentDialog
        incidentId={resolving?.id ?? null}
        resolution={resolving?.resolution}
        lines={redeliveryLines}
        onClose={() => setResolving(null)}
      />
      <ReasonDialog
        open={dismissing !== null}
        title={t('incidents.dismiss')}
        message={dismissing ? t(`incidents.types.${dismissing.type}`) : ''}
        confirmLabel={t('incidents.dismiss')}
        reason="required"
        destructive
        busy={move.isPending}
        onConfirm={async (reason) => {
          if (!dismissing) return;
          await move.mutateAsync({ id: dismissing.id, body: { status: 'dismissed', reason: reason ?? '' } });
          toast.success(t('incidents.dismissed'));
          setDismissing(null);
        }}
        onClose={() => setDismissing(null)}
      />
      <ReasonDialog
        open={rejecting !== null}
        title={t('incidents.refunds.reject')}
        message={rejecting ? money(rejecting.amount) : ''}
        confirmLabel={t('incidents.refunds.reject')}
        reason="required"
        destructive
        busy={reject.isPending}
        onConfirm={async (reason) => {
          if (!rejecting) return;
          await reject.mutateAsync({ id: rejecting.id, reason: reason ?? '' });
          toast.success(t('incidents.refunds.rejected'));
          setRejecting(null);
        }}
        onClose={() => setRejecting(null)}
      />
    </>
  );
}
