import {
  Box,
  Checkbox,
  FormControlLabel,
  FormHelperText,
  Switch,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';

export interface FormSwitchFieldProps<T extends FieldValues, TOut extends FieldValues = T> {
  name: FieldPathByValue<T, boolean>;
  control: Control<T, unknown, TOut>;
  /** Already translated. */
  label: string;
  /** A switch (a setting that is on or off) or a checkbox (a choice made for this save). */
  kind?: 'switch' | 'checkbox';
  disabled?: boolean;
  /** A line under the control; its error, translated, takes its place. None: the control alone. */
  helperText?: string;
  sx?: SxProps<Theme>;
  /** Called with the new state after the form has it (to reset fields that follow it). */
  onValueChange?: (checked: boolean) => void;
}

/** An on/off field bound to react-hook-form: a labelled switch or checkbox, with its hint under it. */
export function FormSwitchField<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  label,
  kind = 'switch',
  disabled,
  helperText,
  sx,
  onValueChange,
}: FormSwitchFieldProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  const input = {
    name: field.name,
    checked: Boolean(field.value),
    onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
      field.onChange(event.target.checked);
      onValueChange?.(event.target.checked);
    },
    onBlur: field.onBlur,
    slotProps: { input: { ref: field.ref } },
    disabled,
  };
  const toggle = (
    <FormControlLabel
      sx={helperText === undefined ? sx : undefined}
      control={kind === 'switch' ? <Switch {...input} /> : <Checkbox {...input} />}
      label={label}
    />
  );
  if (helperText === undefined) return toggle;
  return (
    <Box sx={sx}>
      {toggle}
      <FormHelperText error={Boolean(fieldState.error)} sx={{ mt: 0 }}>
        {translateMessage(fieldState.error?.message) ?? helperText}
      </FormHelperText>
    </Box>
  );
}
