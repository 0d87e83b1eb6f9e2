import { TextField } from '@mui/material';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';

export interface SelectOption {
  value: string;
  /** Already translated. */
  label: string;
}

export interface FormSelectFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  name: FieldPathByValue<T, string>;
  control: Control<T, unknown, TOut>;
  label: string;
  /** The first, disabled option shown while nothing is chosen ("Choose a role"). */
  placeholder: string;
  options: readonly SelectOption[];
  required?: boolean;
  disabled?: boolean;
  /** Shown under the field while it has no error. */
  helperText?: string;
  /** Called with the chosen value after the form has it (to clear a field that no longer applies). */
  onValueChange?: (value: string) => void;
}

/**
 * A native select bound to react-hook-form, its label always raised above the placeholder option; its
 * error (a catalogue key or API text) shows translated, else the hint.
 */
export function FormSelectField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  placeholder,
  options,
  required,
  disabled,
  helperText,
  onValueChange,
}: FormSelectFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextField
      select
      required={required}
      fullWidth
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        onValueChange?.(event.target.value);
      }}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={disabled}
      error={Boolean(fieldState.error)}
      helperText={translateMessage(fieldState.error?.message) ?? helperText}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        // The accessible name without the visual required asterisk, as the text fields.
        htmlInput: { 'aria-label': label },
      }}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextField>
  );
}
