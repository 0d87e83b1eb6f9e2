import type { Driver } from '@dostava/shared';
import { Autocomplete, Box, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useDrivers } from '../../api/drivers/drivers';
import { translateMessage } from '../../lib/i18n';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/** What the form keeps of the chosen driver. */
export interface DriverOption {
  id: number;
  first_name: string;
  last_name: string;
  /** The plate of the vehicle the driver uses now, when the option came from the drivers list. */
  plate?: string | null;
}

interface DriverAutocompleteProps {
  value: DriverOption | null;
  onChange: (driver: DriverOption | null) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  label: string;
  /** A message under the field (already translated), else the hint. */
  error?: string;
  helperText?: string;
  disabled?: boolean;
  /** Marks the field as one the form cannot be sent without. */
  required?: boolean;
}

const toOption = (driver: Driver): DriverOption => ({
  id: driver.id,
  first_name: driver.first_name,
  last_name: driver.last_name,
  plate: driver.vehicle?.plate_number ?? null,
});
const nameOf = (driver: DriverOption) => `${driver.first_name} ${driver.last_name}`.trim();

/** Picks a driver by typing a name, email or plate (GET /drivers?q=). */
export function DriverAutocomplete(props: DriverAutocompleteProps) {
  const { value, onChange, onBlur, inputRef, label, error, helperText, disabled, required } = props;
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const q = useDebouncedValue(input.trim(), 300);
  // While the box shows the chosen driver's name, list everyone rather than only that name.
  const search = value && q === nameOf(value) ? '' : q;
  const drivers = useDrivers(
    { page: 1, per_page: 20, sort: 'last_name', q: search || undefined },
    { enabled: open },
  );
  const options = drivers.data?.data.map(toOption) ?? [];

  return (
    <Autocomplete<DriverOption, false, false, false>
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
      getOptionLabel={nameOf}
      loading={drivers.isFetching}
      disabled={disabled}
      noOptionsText={t('vehicles.no_drivers_found')}
      loadingText={t('common.loading')}
      clearText={t('vehicles.clear_driver')}
      openText={label}
      closeText={t('common.close')}
      renderOption={({ key, ...optionProps }, option) => (
        <Box component="li" key={key} {...optionProps}>
          <Box>
            <Typography variant="body2">{nameOf(option)}</Typography>
            {option.plate ? (
              <Typography variant="caption" color="text.secondary">
                {t('vehicles.has_vehicle', { plate: option.plate })}
              </Typography>
            ) : null}
          </Box>
        </Box>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          inputRef={inputRef}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}

export interface FormDriverAutocompleteProps<T extends FieldValues, TOut extends FieldValues = T>
  extends Omit<DriverAutocompleteProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> {
  name: FieldPathByValue<T, DriverOption | null>;
  control: Control<T, unknown, TOut>;
  /** Called with the chosen driver after the form has it (to set fields that follow the choice). */
  onValueChange?: (driver: DriverOption | null) => void;
}

/** The driver picker bound to react-hook-form; its error (a catalogue key or API text) shows translated. */
export function FormDriverAutocomplete<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  onValueChange,
  ...props
}: FormDriverAutocompleteProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <DriverAutocomplete
      {...props}
      value={field.value}
      onChange={(next) => {
        field.onChange(next);
        onValueChange?.(next);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={translateMessage(fieldState.error?.message)}
    />
  );
}
