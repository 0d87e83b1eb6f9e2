import type { OrderStatus } from '@dostava/shared';
import { Chip, type ChipProps, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';

type Tone = 'info' | 'warning' | 'secondary' | 'primary' | 'success' | 'error' | 'default';

const TONES: Record<OrderStatus, Tone> = {
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

/** An order status as a translated chip; the text is darkened to keep its contrast on any row. */
export function OrderStatusChip({
  status,
  size = 'small',
}: {
  status: OrderStatus;
  size?: ChipProps['size'];
}) {
  const { t } = useTranslation();
  const tone = TONES[status];
  return (
    <Chip
      size={size}
      variant="outlined"
      label={t(`order_status.${status}`)}
      sx={(theme) =>
        tone === 'default'
          ? { color: 'text.secondary' }
          : {
              color: darken(theme.palette[tone].main, 0.45),
              borderColor: theme.palette[tone].main,
              bgcolor: 'background.paper',
            }
      }
    />
  );
}
