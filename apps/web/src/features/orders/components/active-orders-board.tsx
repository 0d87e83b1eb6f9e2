import { can, formatMoney, type OrderListItem } from '@dostava/shared';
import {
  Alert,
  alpha,
  Box,
  Chip,
  darken,
  Link as MuiLink,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { ErrorState } from '../../../components/error-state';
import { currentLanguage } from '../../../lib/i18n';
import { useCurrentUser } from '../../../lib/session';
import { useAssignDriver } from '../api/assign-driver';
import { useOrders } from '../api/list-orders';
import { useNow } from '../live/use-now';
import { useOrderEvents } from '../live/use-order-events';
import { DriverPicker } from './driver-picker';
import { LiveStatus } from './live-status';
import { OrderStatusChip } from './order-status-chip';
import { ASSIGNABLE_STATUSES, formatMinutes, type Lateness, lateness, minutesSince } from './order-time';
import { personName } from './orders-table';
import { StatusActions } from './status-actions';
import { useLateCue, useNewOrderCue } from './use-order-cues';

const ACTIVE_QUERY = { page: 1, per_page: 100, sort: 'created_at', active: true } as const;
/** While the live stream is down the board polls instead. */
const FALLBACK_POLL_MS = 20_000;

interface ActiveOrdersBoardProps {
  /** 'restaurant': the own restaurant's kitchen view, with the new-order and late cues. */
  variant: 'dispatch' | 'restaurant';
  label: string;
}

/** Every non-terminal order, oldest first, kept live by the event stream. */
export function ActiveOrdersBoard({ variant, label }: ActiveOrdersBoardProps) {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const cue = useNewOrderCue(variant === 'restaurant');
  const stream = useOrderEvents(cue.onEvent);
  const query = useOrders(ACTIVE_QUERY, {
    refetchInterval: stream.status === 'reconnecting' ? FALLBACK_POLL_MS : false,
  });
  const now = useNow();
  const rows = query.data?.data;
  const mayDispatch = can(me, 'orders.dispatch');
  const late = useMemo(() => (rows ?? []).filter((order) => lateness(order, now) !== 'on_time'), [rows, now]);
  useLateCue(variant === 'restaurant', late);

  return (
    <Box>
      <LiveStatus stream={stream} updatedAt={query.dataUpdatedAt} />
      {query.isError && !rows ? (
        <ErrorState onRetry={() => void query.refetch()} />
      ) : (
        <>
          {query.data && query.data.meta.total > query.data.data.length ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('orders.showing_first', { shown: query.data.data.length, total: query.data.meta.total })}
            </Alert>
          ) : null}
          {rows && rows.length === 0 ? (
            <Paper variant="outlined" sx={{ py: 4, px: 2, mb: 2, textAlign: 'center' }}>
              <Typography color="text.secondary">{t('orders.no_active')}</Typography>
            </Paper>
          ) : null}
          <TableContainer component={Paper} variant="outlined" hidden={rows?.length === 0}>
            <Table size="small" aria-label={label} sx={{ minWidth: 1000 }}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('orders.order')}</TableCell>
                  {variant === 'dispatch' ? <TableCell>{t('orders.restaurant')}</TableCell> : null}
                  <TableCell>{t('orders.buyer')}</TableCell>
                  <TableCell>{t('orders.status')}</TableCell>
                  <TableCell>{t('orders.age')}</TableCell>
                  <TableCell>{t('orders.in_status')}</TableCell>
                  <TableCell>{t('orders.driver')}</TableCell>
                  <TableCell align="right">{t('orders.total')}</TableCell>
                  <TableCell>{t('common.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {!rows
                  ? Array.from({ length: 4 }, (_, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
                      <TableRow key={index}>
                        <TableCell colSpan={variant === 'dispatch' ? 9 : 8}>
                          <Skeleton />
                        </TableCell>
                      </TableRow>
                    ))
                  : rows.map((order) => (
                      <ActiveOrderRow
                        key={order.id}
                        order={order}
                        now={now}
                        isNew={cue.highlighted.has(order.id)}
                        showRestaurant={variant === 'dispatch'}
                        mayDispatch={mayDispatch}
                      />
                    ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </Box>
  );
}

const LATE_COLOR: Record<Exclude<Lateness, 'on_time'>, 'warning' | 'error'> = {
  late: 'warning',
  very_late: 'error',
};

interface ActiveOrderRowProps {
  order: OrderListItem;
  now: number;
  isNew: boolean;
  showRestaurant: boolean;
  mayDispatch: boolean;
}

function ActiveOrderRow({ order, now, isNew, showRestaurant, mayDispatch }: ActiveOrderRowProps) {
  const { t } = useTranslation();
  const assign = useAssignDriver();
  const state = lateness(order, now);
  const canAssign = mayDispatch && !order.driver && ASSIGNABLE_STATUSES.includes(order.status);

  return (
    <TableRow
      sx={(theme) => {
        const tone = isNew
          ? theme.palette.info.main
          : state === 'on_time'
            ? null
            : theme.palette[LATE_COLOR[state]].main;
        return {
          // A strip on the left and a faint tint; the text label says why, not the color alone.
          bgcolor: tone ? alpha(tone, 0.05) : undefined,
          '& > td:first-of-type': tone ? { boxShadow: `inset 4px 0 0 ${tone}` } : undefined,
          '& > td': { verticalAlign: 'middle' },
        };
      }}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MuiLink component={Link} to={`/orders/${order.id}`} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {order.order_number}
          </MuiLink>
          {isNew ? (
            <Chip
              size="small"
              label={t('orders.new')}
              sx={(theme) => ({ color: '#fff', bgcolor: darken(theme.palette.info.main, 0.3) })}
            />
          ) : null}
        </Stack>
      </TableCell>
      {showRestaurant ? <TableCell>{order.restaurant.name}</TableCell> : null}
      <TableCell>{personName(order.buyer)}</TableCell>
      <TableCell>
        <OrderStatusChip status={order.status} />
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatMinutes(minutesSince(order.created_at, now), t)}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{formatMinutes(minutesSince(order.status_changed_at, now), t)}</span>
          {state === 'on_time' ? null : (
            <Chip
              size="small"
              label={t(`orders.${state}`)}
              sx={(theme) => ({
                color: '#fff',
                bgcolor: darken(theme.palette[LATE_COLOR[state]].main, state === 'late' ? 0.35 : 0.2),
              })}
            />
          )}
        </Stack>
      </TableCell>
      <TableCell sx={{ minWidth: 160 }}>
        {order.driver ? (
          personName(order.driver)
        ) : canAssign ? (
          <DriverPicker
            compact
            value=""
            label={t('orders.quick_assign', { number: order.order_number })}
            disabled={assign.isPending}
            onChange={(driverId) => {
              if (!driverId) return;
              assign.mutate(
                { id: order.id, driver_id: Number(driverId) },
                { onSuccess: () => toast.success(t('orders.driver_assigned')) },
              );
            }}
          />
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('orders.no_driver')}
          </Typography>
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(order.total, currentLanguage())}
      </TableCell>
      <TableCell sx={{ minWidth: 190 }}>
        <StatusActions order={order} />
      </TableCell>
    </TableRow>
  );
}
