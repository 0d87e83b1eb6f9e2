import { PERIODS, type Period } from '@dostava/shared';
import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../lib/i18n';
import { localIsoDate, type PeriodState } from './use-dashboard-period';

interface PeriodPickerProps extends PeriodState {
  setPeriod: (changes: { period?: Period; from?: string; to?: string }) => void;
}

/** The period select; a custom range adds two date inputs (the last 30 days to start with). */
export function PeriodPicker({ period, from, to, error, setPeriod }: PeriodPickerProps) {
  const { t } = useTranslation();
  const choose = (next: Period) => {
    if (next !== 'custom' || (from && to)) return setPeriod({ period: next });
    const today = new Date();
    const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 29);
    setPeriod({ period: next, from: localIsoDate(start), to: localIsoDate(today) });
  };
  const dateField = (key: 'from' | 'to', label: string, value: string) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={value}
      onChange={(event) => setPeriod({ [key]: event.target.value })}
      error={Boolean(error) && (key === 'to' || !value)}
      helperText={key === 'to' && error ? translateMessage(error) : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'aria-label': label } }}
    />
  );
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: period === 'custom' ? '200px 170px 170px' : '220px' },
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
        <>
          {dateField('from', t('dashboard.from'), from)}
          {dateField('to', t('dashboard.to'), to)}
        </>
      ) : null}
    </Box>
  );
}
