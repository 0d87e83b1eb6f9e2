import type { Driver, DriverState } from '@dostava/shared';
import { Chip, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';
import { DriverStateChip } from './driver-state-chip';

type ShiftEnd = Pick<Driver, 'planned_end_at' | 'end_shift_requested'>;

/**
 * What the end of a driver's shift means for dispatch, beside their state: 'Asked to end shift' (a
 * request waits for the cash register, so dispatch gives them nothing new although they look free), or
 * 'Ends at 22:00' (the planned end: no pickup they cannot make before it). Nothing when neither.
 */
export function ShiftEndChips({ driver }: { driver: ShiftEnd }) {
  const { t } = useTranslation();
  if (driver.end_shift_requested)
    return (
      <Chip
        size="small"
        variant="outlined"
        label={t('driver_states.ending_shift')}
        title={t('driver_states.ending_shift_title')}
        sx={(theme) => ({
          color: darken(theme.palette.warning.main, 0.45),
          borderColor: theme.palette.warning.main,
        })}
      />
    );
  if (!driver.planned_end_at) return null;
  return (
    <Chip
      size="small"
      variant="outlined"
      label={t('driver_states.ends_at', { time: formatTime(driver.planned_end_at) })}
    />
  );
}

/**
 * A driver's state chip with what their end of shift means: one who asked to end it shows that instead
 * of 'Available' (they look free, but dispatch skips them), a planned end beside the state.
 */
export function DriverStatusChips({
  driver,
}: {
  driver: ShiftEnd & { state: DriverState; active_orders: number };
}) {
  return (
    <>
      {driver.end_shift_requested && driver.state === 'available' ? null : (
        <DriverStateChip state={driver.state} activeOrders={driver.active_orders} />
      )}
      <ShiftEndChips driver={driver} />
    </>
  );
}
