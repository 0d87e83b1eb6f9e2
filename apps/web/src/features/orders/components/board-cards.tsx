import { formatMoney } from '@dostava/shared';
import { Box, Paper, Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import type { OrderView } from '../board/order-view';
import { DispatchLine, DispatchLockButton } from './dispatch-line';
import { RiskChip } from './order-eta';
import { DriverCell, LateChip, NewChip, OrderLink, oneLine, toneColor } from './order-parts';
import { OrderStatusChip } from './order-status-chip';
import { StatusActions } from './status-actions';

/** The board on a narrow screen: a card per order, the same parts as a table row. */
export function BoardCards({ label, views }: { label: string; views: OrderView[] | undefined }) {
  if (!views)
    return (
      <Stack spacing={1}>
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} variant="rounded" height={120} />
        ))}
      </Stack>
    );
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {views.map((view) => (
        <BoardCard key={view.order.id} view={view} />
      ))}
    </Box>
  );
}

function BoardCard({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  const { order } = view;
  return (
    <Paper
      component="li"
      variant="outlined"
      aria-label={t('orders.details_title', { number: order.order_number })}
      sx={(theme) => {
        const tone = toneColor(theme, view);
        return { p: 1.5, borderLeft: tone ? `4px solid ${tone}` : undefined };
      }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <OrderLink view={view} />
        <OrderStatusChip status={order.status} />
        {view.isNew ? <NewChip /> : null}
        <LateChip state={view.state} />
        <RiskChip reason={order.risk_reason} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 0.75, ...oneLine }}>
        {[view.restaurant, view.buyer].filter(Boolean).join(' · ')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('orders.in_status')}: {view.waiting} · {formatMoney(order.total, currentLanguage())}
      </Typography>
      {view.dispatchLine ? (
        <Box sx={{ mt: 1 }}>
          <DispatchLine order={order} suggestion={view.suggestion} mayDispatch={view.mayDispatch} />
        </Box>
      ) : null}
      <Stack
        direction="row"
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Box sx={{ minWidth: 0, maxWidth: '55%', display: 'flex' }}>
          <DriverCell view={view} />
        </Box>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
          {view.lockable ? <DispatchLockButton order={order} /> : null}
          <StatusActions order={order} compact />
        </Stack>
      </Stack>
    </Paper>
  );
}
