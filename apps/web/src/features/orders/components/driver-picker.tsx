import type { Driver } from '@dostava/shared';
import { TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useAvailableDrivers } from '../api/available-drivers';

const nameOf = (driver: Pick<Driver, 'first_name' | 'last_name'>) =>
  `${driver.first_name} ${driver.last_name}`.trim();

interface DriverPickerProps {
  value: string;
  onChange: (driverId: string) => void;
  label: string;
  /** Hide the visible label (a table row): the select keeps `label` as its accessible name. */
  compact?: boolean;
  disabled?: boolean;
}

/** A select of the drivers who may take an order now (available first, then those delivering). */
export function DriverPicker({ value, onChange, label, compact, disabled }: DriverPickerProps) {
  const { t } = useTranslation();
  const { drivers, isLoading } = useAvailableDrivers();
  return (
    <TextField
      select
      size="small"
      label={compact ? undefined : label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled || isLoading}
      fullWidth
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: compact ? { 'aria-label': label } : undefined,
      }}
      sx={compact ? { minWidth: 150 } : undefined}
    >
      <option value="">{drivers.length === 0 && !isLoading ? t('orders.no_available_drivers') : '—'}</option>
      {drivers.map((driver) => (
        <option key={driver.id} value={String(driver.id)}>
          {driver.shift_state === 'delivering'
            ? `${nameOf(driver)} (${t('orders.delivering')})`
            : nameOf(driver)}
        </option>
      ))}
    </TextField>
  );
}
