import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { TextInput, type TextInputProps } from './text-input';

export interface FormTextFieldProps<T extends FieldValues, TOut extends FieldValues = T>
  extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'name' | 'error'> {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
}

/** A text input bound to react-hook-form; its error (a catalogue key or API text) shows translated. */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  ...props
}: FormTextFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <TextInput
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}
