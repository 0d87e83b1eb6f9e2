import { PERIODS, type Period } from '@dostava/shared/periods';
import { Box, Skeleton, TextField } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n';
import { operationToday } from '../../../lib/time-zone';
import type { PeriodState } from './use-dashboard-period';

// The date picker loads only when a custom range is chosen: the dashboard's first load stays as it was.
const DateField = lazy(() =>
  import('../../../components/date-field').then((m) => ({ default: m.DateField })),
);

interface PeriodPickerProps extends PeriodState {
  setPeriod: (changes: { period?: Period; from?: string; to?: string }) => void;
}

const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T12:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** The period select; a custom range adds two date inputs (the last 30 days to start with). */
export function PeriodPicker({ period, from, to, error, setPeriod }: PeriodPickerProps) {
  const { t } = useTranslation();
  const choose = (next: Period) => {
    if (next !== 'custom' || (from && to)) return setPeriod({ period: next });
    const today = operationToday();
    setPeriod({ period: next, from: daysBefore(today, 29), to: today });
  };
  const dateField = (key: 'from' | 'to', label: string, value: string) => (
    <DateField
      size="small"
      label={label}
      value={value}
      onChange={(next) => setPeriod({ [key]: next })}
      error={Boolean(error) && (key === 'to' || !value)}
      helperText={key === 'to' && error ? translateMessage(error) : undefined}
    />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: period === 'custom' ? '200px 180px 180px' : '220px' },
        width: { xs: '100%', sm: 'auto' },
        alignItems: 'start',
      }}
    >
      <TextField
        select
        size="small"
        label={t('dashboard.period')}
        value={period}
        onChange={(event) => choose(event.target.value as Period)}
        slotProps={{
          select: { native: true },
          inputLabel: { shrink: true },
          htmlInput: { 'aria-label': t('dashboard.period') },
        }}
      >
        {PERIODS.map((value) => (
          <option key={value} value={value}>
            {t(`dashboard.periods.${value}`)}
          </option>
        ))}
      </TextField>
      {period === 'custom' ? (
        <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ gridColumn: 'span 2' }} />}>
          {dateField('from', t('dashboard.from'), from)}
          {dateField('to', t('dashboard.to'), to)}
        </Suspense>
      ) : null}
    </Box>
  );
}
