import type { FieldValues } from 'react-hook-form';
import { FormTextField, type FormTextFieldProps } from './form-text-field';
import { usePasswordToggle } from './password-toggle';

/** A password input with a show/hide toggle. */
export function PasswordField<T extends FieldValues, TOut extends FieldValues = T>(
  props: Omit<FormTextFieldProps<T, TOut>, 'type' | 'endAdornment'>,
) {
  return <FormTextField {...props} {...usePasswordToggle()} />;
}
