import { FormControl, FormControlLabel, FormHelperText, FormLabel, Radio, RadioGroup } from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';

export interface RadioOption {
  value: string;
  /** Already translated; may hold a title and a line of help. */
  label: ReactNode;
}

export interface FormRadioFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  name: FieldPathByValue<T, string>;
  control: Control<T, unknown, TOut>;
  /** The group's heading, its accessible name. */
  label: string;
  options: readonly RadioOption[];
}

/** One choice of a few, each explained, bound to react-hook-form; its error shows translated under it. */
export function FormRadioField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  options,
}: FormRadioFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  const labelId = useId();
  return (
    <FormControl error={Boolean(fieldState.error)}>
      <FormLabel id={labelId} sx={{ mb: 1, fontWeight: 600, color: 'text.primary' }}>
        {label}
      </FormLabel>
      <RadioGroup
        aria-labelledby={labelId}
        name={field.name}
        value={field.value}
        onChange={(event) => field.onChange(event.target.value)}
        onBlur={field.onBlur}
      >
        {options.map((option) => (
          <FormControlLabel
            key={option.value}
            value={option.value}
            control={
              <Radio slotProps={{ input: { ref: option.value === field.value ? field.ref : undefined } }} />
            }
            sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { mt: -0.75 } }}
            label={option.label}
          />
        ))}
      </RadioGroup>
      {fieldState.error ? (
        <FormHelperText>{translateMessage(fieldState.error.message)}</FormHelperText>
      ) : null}
    </FormControl>
  );
}
