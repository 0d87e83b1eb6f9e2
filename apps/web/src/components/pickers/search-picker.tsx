import { Autocomplete, TextField, type TextFieldProps } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../lib/use-debounced-value';

export interface PickerOption {
  id: number;
  name: string;
}

export interface SearchPickerProps {
  /** The chosen id, '' for none. */
  value: string;
  onChange: (id: string) => void;
  label: string;
  /** Shown while nothing is chosen ("All restaurants" in a filter). */
  placeholder?: string;
  size?: TextFieldProps['size'];
  /** A message under the field (already translated). */
  error?: string;
  required?: boolean;
  disabled?: boolean;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLInputElement>;
  /**
   * The chosen record's name when the caller already has it (null while it is not known): the picker
   * then does not look it up, which the caller may not be allowed to (a dispatcher and a restaurant).
   */
  name?: string | null;
}

interface SearchSource {
  /** One page of the records matching `q` (the API's `?q=`), fetched only while the list is open. */
  useOptions: (q: string, enabled: boolean) => { options: PickerOption[]; loading: boolean };
  /** The chosen record's name read by its id: it may be on no page fetched. */
  useName: (id: number) => string | undefined;
  noOptionsText: string;
  clearText: string;
}

/**
 * Picks one record by typing (an MUI Autocomplete that searches the API as you type), its value the
 * record's id. The restaurant and driver pickers are this with their own source.
 */
export function SearchPicker(props: SearchPickerProps & SearchSource) {
  const { value, onChange, label, placeholder, size, error, required, disabled, onBlur, inputRef } = props;
  const { t } = useTranslation();
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const id = Number(value) || 0;
  const looked = props.useName(props.name === undefined ? id : 0);
  const name = props.name === undefined ? looked : (props.name ?? undefined);
  const chosen = id ? { id, name: name ?? `#${id}` } : null;
  const q = useDebouncedValue(input.trim(), 300);
  // While the box shows the chosen record's name, list everyone rather than only that name.
  const { options, loading } = props.useOptions(chosen && q === chosen.name ? '' : q, open);

  return (
    <Autocomplete<PickerOption, false, false, false>
      size={size}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={chosen}
      onChange={(_event, next) => onChange(next ? String(next.id) : '')}
      inputValue={input}
      onInputChange={(_event, next) => setInput(next)}
      options={options}
      filterOptions={(all) => all}
      isOptionEqualToValue={(option, other) => option.id === other.id}
      getOptionLabel={(option) => option.name}
      loading={loading}
      disabled={disabled}
      noOptionsText={props.noOptionsText}
      loadingText={t('common.loading')}
      clearText={props.clearText}
      openText={label}
      closeText={t('common.close')}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          placeholder={placeholder}
          required={required}
          inputRef={inputRef}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error}
          // Autocomplete's own slot props (the input's combobox role and ref) kept, the label always up.
          slotProps={{ ...params.slotProps, inputLabel: { ...params.slotProps.inputLabel, shrink: true } }}
        />
      )}
    />
  );
}
