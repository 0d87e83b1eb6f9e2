import {
  FormControl,
  FormHelperText,
  InputLabel,
  OutlinedInput,
  type OutlinedInputProps,
  type SxProps,
  type Theme,
} from '@mui/material';
import { type ChangeEventHandler, type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../lib/i18n';

export interface TextInputProps {
  label: string;
  value: string | number;
  onChange: ChangeEventHandler<HTMLInputElement | HTMLTextAreaElement>;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
  /** A catalogue key (what the shared schemas produce) or text the API translated; shown translated. */
  error?: string;
  helperText?: ReactNode;
  type?: string;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  autoComplete?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** A textarea growing from `minRows` lines. */
  multiline?: boolean;
  minRows?: number;
  /** Keeps the label raised above the empty input (a field whose hint below says what to type). */
  shrinkLabel?: boolean;
  startAdornment?: ReactNode;
  endAdornment?: ReactNode;
  /** Attributes of the <input> itself (min, max, step, inputMode…). */
  inputProps?: InputHTMLAttributes<HTMLInputElement>;
  size?: OutlinedInputProps['size'];
  sx?: SxProps<Theme>;
}

/**
 * A labelled text input whose error shows translated under it. Built from the input parts rather than
 * TextField, which would bring Select and Menu into the sign-in page's bundle. Forms bind it through
 * FormTextField; the sign-in page, which keeps react-hook-form out of its first load, uses it as is.
 */
export function TextInput(props: TextInputProps) {
  const { label, error, helperText, required, disabled, readOnly, size, sx, inputProps, shrinkLabel } = props;
  useTranslation(); // re-render on language change so the message follows it
  const id = useId();
  const helpId = `${id}-help`;
  const message = translateMessage(error) ?? helperText;
  return (
    <FormControl
      fullWidth
      variant="outlined"
      error={Boolean(error)}
      required={required}
      disabled={disabled}
      size={size}
      sx={sx}
    >
      <InputLabel htmlFor={id} shrink={shrinkLabel || undefined}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={required ? `${label} *` : label}
        name={props.name}
        value={props.value}
        onChange={props.onChange}
        onBlur={props.onBlur}
        inputRef={props.inputRef}
        type={props.type}
        autoComplete={props.autoComplete}
        autoFocus={props.autoFocus}
        placeholder={props.placeholder}
        multiline={props.multiline}
        minRows={props.minRows}
        notched={shrinkLabel || undefined}
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
