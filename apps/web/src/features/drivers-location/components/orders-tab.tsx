import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { lateCount, type OrderRowData } from '../selectors';
import { OrderList } from './order-list';
import { ListSkeleton } from './side-panel';

interface OrdersTabProps {
  /** The active orders' rows, late first; null while the orders layer loads. */
  rows: readonly OrderRowData[] | null;
  selectedId: number | null;
  /** Opens the order on the map. */
  onSelect: (id: number) => void;
}

/** The orders tab: how many active orders there are (and how many late), and their list. */
export function OrdersTab({ rows, selectedId, onSelect }: OrdersTabProps) {
  const { t } = useTranslation();
  if (!rows) return <ListSkeleton />;
  return (
    <>
      <Typography
        variant="body2"
        color="text.secondary"
        role="status"
        sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}
      >
        {t('drivers_map.orders_shown', { count: rows.length, late: lateCount(rows) })}
      </Typography>
      <Box sx={{ overflowY: 'auto', minHeight: 0 }}>
        <OrderList rows={rows} selectedId={selectedId} onSelect={onSelect} />
      </Box>
    </>
  );
}
