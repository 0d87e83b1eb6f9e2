import { Autocomplete, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrivers } from '../../api/drivers/list-drivers';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface DriverChoice {
  id: number;
  name: string;
}

interface DriverFilterProps {
  value: DriverChoice | null;
  onChange: (driver: DriverChoice | null) => void;
  label: string;
}

/** Filters by a driver picked by typing a name (GET /drivers?q=). */
export function DriverFilter({ value, onChange, label }: DriverFilterProps) {
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim(), 300);
  const search = value && q === value.name ? '' : q;
  const drivers = useDrivers(
    { page: 1, per_page: 20, sort: 'last_name', q: search || undefined },
    { enabled: open },
  );
  const options: DriverChoice[] =
    drivers.data?.data.map((driver) => ({
      id: driver.id,
      name: `${driver.first_name} ${driver.last_name}`.trim(),
    })) ?? [];

  return (
    <Autocomplete<DriverChoice, false, false, false>
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_event, next) => onChange(next)}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.name}
      loading={drivers.isFetching}
      noOptionsText={t('vehicles.no_drivers_found')}
      loadingText={t('common.loading')}
      clearText={t('vehicles.clear_driver')}
      openText={label}
      closeText={t('common.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={t('orders.any_driver')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      )}
    />
  );
}
