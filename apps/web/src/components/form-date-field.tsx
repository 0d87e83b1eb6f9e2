import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';
import { DateField, type DateFieldProps } from './date-field';

export interface FormDateFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends Omit<
    DateFieldProps,
    'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name' | 'error' | 'fullWidth'
  > {
  name: FieldPathByValue<T, string>;
  control: Control<T, unknown, TOut>;
}

/** The date field bound to react-hook-form, full width; its error shows translated, else the hint. */
export function FormDateField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  helperText,
  ...props
}: FormDateFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <DateField
      {...props}
      fullWidth
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={Boolean(fieldState.error)}
      helperText={translateMessage(fieldState.error?.message) ?? helperText}
    />
  );
}
