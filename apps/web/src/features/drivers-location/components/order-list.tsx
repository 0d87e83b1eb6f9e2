import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import {
  Box,
  Button,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Link as MuiLink,
  Typography,
} from '@mui/material';
import { memo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { driverName, type OrderRowData, ROWS_PER_STEP, rowsToRender } from '../selectors';

/**
 * The active orders on the map as a list: their accessible form (the drop-offs are drawn on a canvas).
 * Late first, fifty at a time ("Show more" adds the next), so five hundred active orders open the tab
 * at once; the selected order's row is always rendered.
 */
export function OrderList({
  rows,
  selectedId,
  onSelect,
}: {
  rows: readonly OrderRowData[];
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(ROWS_PER_STEP);
  if (rows.length === 0) {
    return (
      <Typography sx={{ p: 2 }} color="text.secondary">
        {t('drivers_map.no_active_orders')}
      </Typography>
    );
  }
  const count = rowsToRender(
    rows.length,
    shown,
    selectedId === null ? -1 : rows.findIndex((row) => row.order.id === selectedId),
  );
  const left = rows.length - count;
  return (
    <>
      <List dense disablePadding aria-label={t('drivers_map.orders_list_label')}>
        {rows.slice(0, count).map((row) => (
          <OrderRow key={row.order.id} row={row} selected={row.order.id === selectedId} onSelect={onSelect} />
        ))}
      </List>
      {left > 0 ? (
        <Box sx={{ p: 1, display: 'flex', justifyContent: 'center' }}>
          <Button size="small" onClick={() => setShown(count + ROWS_PER_STEP)}>
            {t('drivers_map.show_more', { count: Math.min(ROWS_PER_STEP, left), left })}
          </Button>
        </Box>
      ) : null}
    </>
  );
}

const OrderRow = memo(function OrderRow({
  row,
  selected,
  onSelect,
}: {
  row: OrderRowData;
  selected: boolean;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { order, late } = row;
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'center' }}>
      <ListItemButton
        selected={selected}
        aria-current={selected ? 'true' : undefined}
        onClick={() => onSelect(order.id)}
        aria-label={t('drivers_map.show_on_map', { number: order.order_number })}
        sx={{ gap: 1, alignItems: 'flex-start', minWidth: 0 }}
      >
        <Box
          component="span"
          aria-hidden="true"
          sx={{
            mt: 0.75,
            flexShrink: 0,
            width: late ? 14 : 10,
            height: late ? 14 : 10,
            borderRadius: '50%',
            boxSizing: 'border-box',
            bgcolor: late ? '#c62828' : '#455a64',
            border: late ? '3px solid #5f0000' : 0,
          }}
        />
        <ListItemText
          primary={
            <>
              <Box component="span" sx={{ fontWeight: 600 }}>
                {order.order_number}
              </Box>{' '}
              · {t(`order_status.${order.status}`)}
              {late ? (
                <Box component="span" sx={{ fontWeight: 700, color: '#b71c1c' }}>
                  {' '}
                  · {t('orders.late')}
                </Box>
              ) : null}
            </>
          }
          secondary={
            <>
              <span>{row.restaurant ?? '—'}</span>
              <br />
              <span>{order.address}</span>
              <br />
              <span>{row.driver ? driverName(row.driver) : t('drivers_map.no_driver')}</span>
            </>
          }
        />
      </ListItemButton>
      <IconButton
        component={Link}
        to={`/orders/${order.id}`}
        size="small"
        aria-label={t('drivers_map.open_order', { number: order.order_number })}
        sx={{ mr: 1 }}
      >
        <OpenInNewIcon fontSize="small" />
      </IconButton>
    </Box>
  );
});

/** An order's popup on the map. */
export function OrderSummary({
  row,
  onShowDriver,
}: {
  row: OrderRowData;
  onShowDriver: (id: number) => void;
}) {
  const { t } = useTranslation();
  const { order, late } = row;
  const line = (label: string, value: React.ReactNode) => (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'space-between', py: 0.25 }}>
      <Typography variant="body2" color="text.secondary" component="span">
        {label}
      </Typography>
      <Typography variant="body2" component="span" sx={{ textAlign: 'right', overflowWrap: 'anywhere' }}>
        {value}
      </Typography>
    </Box>
  );
  return (
    <Box sx={{ minWidth: 200, fontFamily: 'Roboto, Arial, sans-serif' }} data-testid="order-summary">
      <Typography variant="subtitle2" component="p" sx={{ m: 0, mb: 0.5 }}>
        <MuiLink component={Link} to={`/orders/${order.id}`} sx={{ fontWeight: 600 }}>
          {order.order_number}
        </MuiLink>{' '}
        · {t(`order_status.${order.status}`)}
        {late ? (
          <Box component="span" sx={{ fontWeight: 700, color: '#b71c1c' }}>
            {' '}
            · {t('orders.late')}
          </Box>
        ) : null}
      </Typography>
      {line(t('drivers_map.address'), order.address)}
      {line(t('drivers_map.restaurant'), row.restaurant ?? '—')}
      {line(
        t('drivers_map.driver_of_order'),
        row.driver ? (
          <MuiLink
            component="button"
            type="button"
            variant="body2"
            onClick={() => onShowDriver(order.driver_id ?? 0)}
          >
            {driverName(row.driver)}
          </MuiLink>
        ) : (
          t('drivers_map.no_driver')
        ),
      )}
    </Box>
  );
}
