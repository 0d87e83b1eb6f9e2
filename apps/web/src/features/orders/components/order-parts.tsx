import {
  Box,
  Button,
  Chip,
  darken,
  Link as MuiLink,
  type SxProps,
  type Theme,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { type OrderView, personName } from '../board/order-view';
import { AssignDriverDialog } from './assign-driver-dialog';
import type { Lateness } from './order-time';

/** The pieces a board row and a board card share: one anatomy, two layouts. */

export const oneLine = { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } as const;

/** The strip colour of a new or late order (row and card alike); the text label says why, not the colour. */
export const toneColor = (theme: Theme, view: OrderView): string | null =>
  view.tone ? theme.palette[view.tone].main : null;

export function LateChip({ state }: { state: Lateness }) {
  const { t } = useTranslation();
  if (state === 'on_time') return null;
  return (
    <Chip
      size="small"
      label={t(`orders.${state}`)}
      sx={(theme) => ({
        height: 22,
        color: '#fff',
        bgcolor: darken(
          theme.palette[state === 'late' ? 'warning' : 'error'].main,
          state === 'late' ? 0.35 : 0.2,
        ),
      })}
    />
  );
}

export function NewChip() {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      label={t('orders.new')}
      sx={(theme) => ({ height: 22, color: '#fff', bgcolor: darken(theme.palette.info.main, 0.3) })}
    />
  );
}

/** The order's number, linking to its page; the page's back link returns to this lane, page and filters. */
export function OrderLink({ view, sx }: { view: OrderView; sx?: SxProps<Theme> }) {
  const location = useLocation();
  return (
    <MuiLink
      component={Link}
      to={`/orders/${view.order.id}`}
      state={{ back: `${location.pathname}${location.search}` }}
      sx={[{ fontWeight: 600 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {view.order.order_number}
    </MuiLink>
  );
}

/** The driver's name, the assign button, or "no driver". */
export function DriverCell({ view }: { view: OrderView }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { order } = view;
  if (order.driver) {
    const name = personName(order.driver);
    return (
      <Box component="span" title={name ?? undefined} sx={oneLine}>
        {name}
      </Box>
    );
  }
  if (!view.assignable)
    return (
      <Typography variant="body2" color="text.secondary" component="span">
        {t('orders.no_driver')}
      </Typography>
    );
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        onClick={() => setOpen(true)}
        aria-label={t('orders.assign_to', { number: order.order_number })}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {t('orders.assign')}
      </Button>
      {open ? <AssignDriverDialog order={order} open={open} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
