import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { useId } from 'react';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { translateMessage } from '../../../lib/i18n';

export interface Choice<V extends string | number> {
  value: V;
  label: string;
}

/**
 * Several of a few choices (scopes, event types, restaurants), as a labelled group of checkboxes
 * bound to an array field; its error, or the first of its items' errors, shows translated under it.
 */
export function FormChoicesField<T extends FieldValues, TOut extends FieldValues, V extends string | number>({
  name,
  control,
  label,
  choices,
  columns = 1,
}: {
  name: FieldPath<T>;
  control: Control<T, unknown, TOut>;
  label: string;
  choices: readonly Choice<V>[];
  columns?: number;
}) {
  const { field, fieldState } = useController({ name, control });
  const selected: V[] = Array.isArray(field.value) ? field.value : [];
  const errorId = useId();
  const itemError = Array.isArray(fieldState.error)
    ? (fieldState.error as { message?: string }[]).find((e) => e?.message)?.message
    : undefined;
  const error = fieldState.error?.message ?? itemError;
  return (
    <FormControl component="fieldset" error={Boolean(error)} aria-describedby={error ? errorId : undefined}>
      <FormLabel component="legend">{label}</FormLabel>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` } }}>
        {choices.map((choice) => (
          <FormControlLabel
            key={choice.value}
            label={choice.label}
            control={
              <Checkbox
                checked={selected.includes(choice.value)}
                onChange={(event) =>
                  field.onChange(
                    event.target.checked
                      ? [...selected, choice.value]
                      : selected.filter((value) => value !== choice.value),
                  )
                }
                onBlur={field.onBlur}
              />
            }
          />
        ))}
      </FormGroup>
      {error ? <FormHelperText id={errorId}>{translateMessage(error)}</FormHelperText> : null}
    </FormControl>
  );
}
