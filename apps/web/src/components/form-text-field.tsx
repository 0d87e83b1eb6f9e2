import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';

export interface FormTextFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  helperText?: ReactNode;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (min, max, step, inputMode…). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  size?: OutlinedInputProps['size'];
  sx?: SxProps<Theme>;
}

/**
 * A text input bound to react-hook-form whose error (a catalogue key or API text) shows translated
 * under it. Built from the input parts rather than TextField, which would bring Select and Menu into
 * the sign-in page's bundle.
 */
export function FormTextField<T extends FieldValues, TOut extends FieldValues = T>(
  props: FormTextFieldProps<T, TOut>,
) {
  const { name, control, label, helperText, required, disabled, readOnly, size, sx, inputProps } = props;
  useTranslation(); // re-render on language change so the message follows it
  const { field, fieldState } = useController({ name, control });
  const id = useId();
  const helpId = `${id}-help`;
  const message = translateMessage(fieldState.error?.message) ?? helperText;
  return (
    <FormControl
      fullWidth
      variant="outlined"
      error={Boolean(fieldState.error)}
      required={required}
      disabled={disabled}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        name={field.name}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        type={props.type}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        placeholder={props.placeholder}
        readOnly={readOnly}
        startAdornment={props.startAdornment}
        endAdornment={props.endAdornment}
        // aria-label: the accessible name without the visual required asterisk ("Email", not "Email *").
        inputProps={{ ...inputProps, 'aria-label': label, 'aria-describedby': message ? helpId : undefined }}
      />
      {message ? <FormHelperText id={helpId}>{message}</FormHelperText> : null}
    </FormControl>
  );
}
