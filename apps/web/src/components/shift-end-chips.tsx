import type { Driver } from '@dostava/shared';
import { Chip, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../lib/format';

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
