import type { DriverState } from '@dostava/shared';
import { Chip, type ChipProps } from '@mui/material';
import { useTranslation } from 'react-i18next';

const COLORS: Record<DriverState, ChipProps['color']> = {
  available: 'success',
  assigned: 'warning',
  delivering: 'primary',
  on_break: 'default',
  off_shift: 'default',
};

/**
 * A driver's dispatch state as a translated chip: 'Available', 'Assigned · 2 orders', 'Delivering'.
 * The same words on the drivers list, the map and the driver picker.
 */
export function DriverStateChip({ state, activeOrders }: { state: DriverState; activeOrders: number }) {
  const { t } = useTranslation();
  const label =
    activeOrders > 0 && (state === 'assigned' || state === 'delivering')
      ? `${t(`driver_states.${state}`)} · ${t('driver_states.busy_count', { count: activeOrders })}`
      : t(`driver_states.${state}`);
  return <Chip size="small" variant="outlined" color={COLORS[state]} label={label} />;
}
