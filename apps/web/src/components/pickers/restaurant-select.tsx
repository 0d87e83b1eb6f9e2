import { TextField, type TextFieldProps } from '@mui/material';
import { useRestaurants } from '../../api/restaurants/list-restaurants';

const ALL = { page: 1, per_page: 100, sort: 'name' };

interface RestaurantSelectProps {
  label: string;
  /** The first, empty option: "All restaurants" in a filter, "Choose a restaurant" in a form. */
  emptyLabel: string;
  emptyDisabled?: boolean;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: React.Ref<HTMLSelectElement>;
  error?: string;
  required?: boolean;
  size?: TextFieldProps['size'];
}

/**
 * A native select of the first 100 restaurants (GET /restaurants?per_page=100), still used by the forms
 * (their kit is being rebuilt); filters use `RestaurantPicker`, which searches and has no such limit.
 */
export function RestaurantSelect(props: RestaurantSelectProps) {
  const { label, emptyLabel, emptyDisabled, value, onChange, onBlur, inputRef, error, required, size } =
    props;
  const restaurants = useRestaurants(ALL);
  return (
    <TextField
      select
      fullWidth
      size={size}
      required={required}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      onBlur={onBlur}
      inputRef={inputRef}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': label },
      }}
    >
      <option value="" disabled={emptyDisabled}>
        {emptyLabel}
      </option>
      {(restaurants.data?.data ?? []).map((restaurant) => (
        <option key={restaurant.id} value={String(restaurant.id)}>
          {restaurant.name}
        </option>
      ))}
    </TextField>
  );
}
