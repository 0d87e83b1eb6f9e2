import type { OrderStatus } from '@dostava/shared';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS: Record<OrderStatus, ChipProps['color']> = {
  created: 'info',
  preparing_order: 'warning',
  ready_for_pickup: 'secondary',
  in_delivery: 'primary',
  no_answer: 'warning',
  delivered: 'success',
  cancelled: 'default',
  declined: 'default',
  returned: 'error',
};

export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: OrderStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  return <Chip size={size} variant="outlined" color={COLORS[status]} label={t(`order_status.${status}`)} />;
}
