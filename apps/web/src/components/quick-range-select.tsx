import { PERIODS, type Period, periodRange } from '@dostava/shared';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { operationToday } from '../lib/time-zone';

const QUICK = PERIODS.filter((p): p is Exclude<Period, 'custom'> => p !== 'custom');

/**
 * Today, yesterday, this week … for a list's from/to filter: the dashboard's periods, counted the same
 * way (`periodRange`, weeks from Monday) from today in the operation's time zone.
 */
export function QuickRangeSelect({
  from,
  to,
  onRange,
}: {
  from: string;
  to: string;
  onRange: (range: { from: string; to: string }) => void;
}) {
  const { t } = useTranslation();
  const today = operationToday();
  // The select shows a period while the dates are exactly that period.
  const current =
    QUICK.find((p) => {
      const range = periodRange(p, today);
      return range.from === from && range.to === to;
    }) ?? '';
  return (
    <TextField
      select
      size="small"
      label={t('common.quick_range')}
      value={current}
      onChange={(event) => {
        const period = event.target.value as Period;
        if (period) onRange(periodRange(period, today));
      }}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': t('common.quick_range') },
      }}
    >
      <option value="">{t('common.custom_range')}</option>
      {QUICK.map((period) => (
        <option key={period} value={period}>
          {t(`dashboard.periods.${period}`)}
        </option>
      ))}
    </TextField>
  );
}
