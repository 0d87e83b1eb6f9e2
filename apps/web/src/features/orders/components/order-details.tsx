import { can, formatMoney, type Order, UNASSIGN_IN_DELIVERY_ROLES } from '@dostava/shared';
import {
  Box,
  Button,
  Card,
  CardContent,
  Link as MuiLink,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { ReasonDialog } from '../../../components/reason-dialog';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useUnassignDriver } from '../api/orders';
import { personName } from '../board/order-view';
import { AssignDriverDialog } from './assign-driver-dialog';
import { OfferStatusChip, offerSentence } from './order-dispatch';
import { OrderStatusChip } from './order-status-chip';
import { ASSIGNABLE_STATUSES, formatMinutes } from './order-time';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Label–value pairs as a description list. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', columnGap: 2, rowGap: 1 }}
    >
      {rows.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

export function OrderItems({ order }: { order: Order }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const totals: [string, number, boolean?][] = [
    [t('orders.restaurant_amount'), order.restaurant_amount],
    [t('orders.delivery_costs'), order.delivery_costs],
    [t('orders.commission'), order.commission],
    [t('orders.restaurant_total_amount'), order.restaurant_total_amount],
    [t('orders.total'), order.total, true],
  ];
  return (
    <Section title={t('orders.items')}>
      <TableContainer>
        <Table
          size="small"
          aria-label={t('orders.items')}
          sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } }, '& tfoot td': { fontSize: '0.875rem' } }}
        >
          <TableHead>
            <TableRow>
              <TableCell>{t('orders.item')}</TableCell>
              <TableCell align="right">{t('orders.unit_price')}</TableCell>
              <TableCell align="right">{t('orders.quantity')}</TableCell>
              <TableCell align="right">{t('orders.amount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {order.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a deleted product has no id; lines keep their order.
              <TableRow key={index}>
                <TableCell>{item.name}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(item.unit_price)}
                </TableCell>
                <TableCell align="right">{item.quantity}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {money(item.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
          <TableFooter>
            {totals.map(([label, value, strong]) => (
              <TableRow key={label}>
                <TableCell
                  colSpan={3}
                  align="right"
                  sx={{ color: 'text.primary', fontWeight: strong ? 700 : 400 }}
                >
                  {label}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ color: 'text.primary', fontWeight: strong ? 700 : 400, whiteSpace: 'nowrap' }}
                >
                  {money(value)}
                </TableCell>
              </TableRow>
            ))}
          </TableFooter>
        </Table>
      </TableContainer>
    </Section>
  );
}

export function OrderCustomer({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Section title={t('orders.customer')}>
      <Facts
        rows={[
          [t('orders.buyer'), personName(order.buyer)],
          [t('orders.customer_phone'), <PhoneLink key="phone" phone={order.customer_phone} />],
          [t('orders.address'), order.address],
          [t('orders.note'), order.note || '—'],
          [t('orders.payment_method'), t(`orders.payment.${order.payment_method}`)],
          [t('orders.restaurant'), order.restaurant.name],
          [t('common.created_at'), formatDateTime(order.created_at)],
          [t('orders.delivery_time'), formatMinutes(order.estimated_delivery_minutes, t)],
          [t('orders.delivered_at'), formatDateTime(order.delivered_at)],
          [
            t('orders.delivered_time'),
            order.delivered_time === null ? '—' : formatMinutes(order.delivered_time, t),
          ],
        ]}
      />
    </Section>
  );
}

/** A phone number that dials on a phone (tel:), or a dash. */
function PhoneLink({ phone }: { phone: string | null }) {
  if (!phone) return <>—</>;
  return <MuiLink href={`tel:${phone.replace(/[^+\d]/g, '')}`}>{phone}</MuiLink>;
}

export function OrderDriver({ order }: { order: Order }) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const unassign = useUnassignDriver();
  const [assigning, setAssigning] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const mayDispatch = can(me, 'orders.dispatch');
  const inDelivery = order.status === 'in_delivery' || order.status === 'no_answer';
  const assignable = ASSIGNABLE_STATUSES.includes(order.status);
  const mayUnassign =
    mayDispatch &&
    order.driver !== null &&
    (assignable || (inDelivery && UNASSIGN_IN_DELIVERY_ROLES.includes(me.role)));
  const name = personName(order.driver) ?? '';

  return (
    <Section title={t('orders.driver')}>
      <Stack spacing={1.5}>
        <Facts
          rows={[
            [t('orders.driver'), name || t('orders.no_driver')],
            ...(order.driver
              ? ([[t('orders.driver_phone'), <PhoneLink key="phone" phone={order.driver_phone} />]] as [
                  string,
                  ReactNode,
                ][])
              : []),
            [t('orders.driver_request_time'), formatDateTime(order.driver_request_time)],
          ]}
        />
        {mayUnassign ? (
          <Box>
            <Button variant="outlined" color="error" onClick={() => setConfirming(true)}>
              {t('orders.unassign')}
            </Button>
          </Box>
        ) : null}
        {mayDispatch && assignable && !order.driver ? (
          <Box>
            <Button variant="contained" onClick={() => setAssigning(true)}>
              {t('orders.choose_driver_button')}
            </Button>
            {assigning ? (
              <AssignDriverDialog order={order} open={assigning} onClose={() => setAssigning(false)} />
            ) : null}
          </Box>
        ) : null}
      </Stack>
      <ReasonDialog
        open={confirming}
        title={t('orders.unassign_title')}
        message={t(inDelivery ? 'orders.unassign_in_delivery' : 'orders.unassign_confirm', {
          name,
          number: order.order_number,
        })}
        confirmLabel={t('orders.unassign')}
        reason={inDelivery ? 'required' : 'none'}
        destructive
        busy={unassign.isPending}
        onConfirm={(reason) =>
          unassign.mutateAsync(
            { id: order.id, reason },
            {
              onSuccess: () => {
                toast.success(t('orders.driver_unassigned'));
                setConfirming(false);
              },
            },
          )
        }
        onClose={() => setConfirming(false)}
      />
    </Section>
  );
}

type HistoryItem =
  | { kind: 'status'; at: string; entry: Order['history'][number] }
  | { kind: 'offer'; at: string; offer: Order['dispatch']['offers'][number] };

export function OrderHistory({ order }: { order: Order }) {
  const { t } = useTranslation();
  // Newest first; every automatic offer is a step of the history too, with its reasons.
  const items: HistoryItem[] = [
    ...order.history.map((entry) => ({ kind: 'status' as const, at: entry.created_at, entry })),
    ...order.dispatch.offers.map((offer) => ({
      kind: 'offer' as const,
      at: offer.created_at,
      offer,
    })),
  ];
  const entries = items
    .map((item, index) => ({ item, index }))
    .sort((a, b) => Date.parse(b.item.at) - Date.parse(a.item.at) || b.index - a.index)
    .map(({ item }) => item);
  return (
    <Section title={t('orders.history')}>
      <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((item, index) => (
          <Box
            component="li"
            key={
              item.kind === 'offer' ? `offer-${item.offer.id}` : `status-${item.at}-${item.entry.to_status}`
            }
            sx={{
              position: 'relative',
              pl: 3,
              pb: index === entries.length - 1 ? 0 : 2,
              '&::before': {
                content: '""',
                position: 'absolute',
                left: 5,
                top: 6,
                width: 10,
                height: 10,
                borderRadius: '50%',
                bgcolor: index === 0 ? 'primary.main' : 'grey.400',
              },
              '&::after':
                index === entries.length - 1
                  ? undefined
                  : {
                      content: '""',
                      position: 'absolute',
                      left: 9,
                      top: 20,
                      bottom: 0,
                      width: 2,
                      bgcolor: 'divider',
                    },
            }}
          >
            {item.kind === 'offer' ? (
              <>
                <Stack
                  direction="row"
                  sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
                >
                  <Typography variant="body2" sx={{ fontWeight: 600 }}>
                    {offerSentence(item.offer, t)}
                  </Typography>
                  <OfferStatusChip status={item.offer.status} />
                </Stack>
                <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                  {formatDateTime(item.offer.created_at)} · {t('orders.by_system')}
                </Typography>
              </>
            ) : (
              <StatusEntry entry={item.entry} />
            )}
          </Box>
        ))}
      </Box>
    </Section>
  );
}

function StatusEntry({ entry }: { entry: Order['history'][number] }) {
  const { t } = useTranslation();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        {entry.from_status ? (
          <>
            <OrderStatusChip status={entry.from_status} />
            <Typography component="span" aria-hidden>
              →
            </Typography>
            <OrderStatusChip status={entry.to_status} />
          </>
        ) : (
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('orders.placed')}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {formatDateTime(entry.created_at)} ·{' '}
        {entry.actor
          ? `${entry.actor.name} (${t(`roles.${entry.actor.role}`, { defaultValue: entry.actor.role })})`
          : t('orders.by_system')}
      </Typography>
      {entry.reason ? (
        <Typography variant="body2" sx={{ mt: 0.5 }}>
          {t('orders.reason')}: {entry.reason}
        </Typography>
      ) : null}
    </>
  );
}
