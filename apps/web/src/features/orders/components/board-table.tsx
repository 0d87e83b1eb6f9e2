import { formatMoney } from '@dostava/shared';
import {
  alpha,
  Box,
  Paper,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  type Theme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { OrderView } from '../board/order-view';
import { DispatchLine, DispatchLockButton } from './dispatch-line';
import { RiskChip } from './order-eta';
import { DriverCell, LateChip, NewChip, OrderLink, oneLine, toneColor } from './order-parts';
import { OrderStatusChip } from './order-status-chip';
import { StatusActions } from './status-actions';

interface BoardTableProps {
  label: string;
  /** Undefined while the first page loads. */
  views: OrderView[] | undefined;
  showRestaurant: boolean;
  /** The at-risk lane: every row says its risk, late or not. */
  riskLane: boolean;
}

/**
 * The board's own table, not the DataTable kit: an order may take a second, full-width row under it
 * (its dispatch line: an offer, a suggestion, a lock), which the kit's one-row-per-record grid has no
 * place for; its order is the lane's (urgency, or risk in the at-risk lane), not a column the user
 * sorts; and rows carry the new-order highlight and waiting times that tick with `useNow`. (Live events
 * patching the cached page, live/board-cache.ts, would not stop the kit: it shows the rows it is given.)
 */
export function BoardTable({ label, views, showRestaurant, riskLane }: BoardTableProps) {
  const { t } = useTranslation();
  const columns = showRestaurant ? 8 : 7;
  return (
    <TableContainer component={Paper} variant="outlined">
      {/* Columns take their content's width: the restaurant, the status and the actions are never cut;
          the buyer and the driver give way first (in full on hover and in the order). */}
      <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1, whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            <TableCell>{t('orders.order')}</TableCell>
            {showRestaurant ? <TableCell>{t('orders.restaurant')}</TableCell> : null}
            <TableCell sx={{ width: '100%' }}>{t('orders.buyer')}</TableCell>
            <TableCell>{t('orders.status')}</TableCell>
            <TableCell>{t('orders.in_status')}</TableCell>
            <TableCell>{t('orders.driver')}</TableCell>
            <TableCell align="right">{t('orders.total')}</TableCell>
            <TableCell>{t('common.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {!views
            ? [0, 1, 2, 3].map((index) => (
                <TableRow key={index}>
                  <TableCell colSpan={columns}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : views.map((view) => (
                <BoardRow
                  key={view.order.id}
                  view={view}
                  columns={columns}
                  showRestaurant={showRestaurant}
                  riskLane={riskLane}
                />
              ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function BoardRow({
  view,
  columns,
  showRestaurant,
  riskLane,
}: {
  view: OrderView;
  columns: number;
  showRestaurant: boolean;
  riskLane: boolean;
}) {
  const { order, state, buyer, dispatchLine: line } = view;
  const rowSx = (theme: Theme) => {
    const tone = toneColor(theme, view);
    return {
      bgcolor: tone ? alpha(tone, 0.05) : undefined,
      '& > td:first-of-type': tone ? { boxShadow: `inset 4px 0 0 ${tone}` } : undefined,
    };
  };
  return (
    <>
      <TableRow
        sx={(theme) => ({
          ...rowSx(theme),
          '& > td': { verticalAlign: 'middle', height: 44, ...(line ? { borderBottom: 0 } : {}) },
        })}
      >
        <TableCell>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
            <OrderLink view={view} sx={{ whiteSpace: 'nowrap' }} />
            {view.isNew ? <NewChip /> : null}
          </Stack>
        </TableCell>
        {showRestaurant ? <TableCell>{view.restaurant}</TableCell> : null}
        <TableCell title={buyer} sx={{ maxWidth: 0, minWidth: 96 }}>
          <Box sx={oneLine}>{buyer}</Box>
        </TableCell>
        <TableCell>
          <OrderStatusChip status={order.status} />
        </TableCell>
        <TableCell sx={{ whiteSpace: 'nowrap' }}>
          <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
            <span>{view.waiting}</span>
            <LateChip state={state} />
            {/* A late order already calls for attention: its risk reason is kept to the at-risk lane (and
                the order's page), so each row stays one line. */}
            {state === 'on_time' || riskLane ? <RiskChip reason={order.risk_reason} compact /> : null}
          </Stack>
        </TableCell>
        <TableCell sx={{ maxWidth: 160 }}>
          <Box sx={{ ...oneLine, display: 'flex' }}>
            <DriverCell view={view} />
          </Box>
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
          {formatMoney(order.total, currentLanguage())}
        </TableCell>
        <TableCell>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            {view.lockable ? <DispatchLockButton order={order} /> : null}
            <StatusActions order={order} compact />
          </Stack>
        </TableCell>
      </TableRow>
      {line ? (
        <TableRow sx={rowSx}>
          <TableCell colSpan={columns} sx={{ pt: 0, pb: 1, whiteSpace: 'normal' }}>
            <DispatchLine order={order} suggestion={view.suggestion} mayDispatch={view.mayDispatch} />
          </TableCell>
        </TableRow>
      ) : null}
    </>
  );
}
