import type { Control, FieldPathByValue, FieldValues } from 'react-hook-form';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useRestaurant, useRestaurants } from '../../api/restaurants/restaurants';
import { translateMessage } from '../../lib/i18n';
import { SearchPicker, type SearchPickerProps } from './search-picker';

function useRestaurantOptions(q: string, enabled: boolean) {
  const query = useRestaurants({ page: 1, per_page: 20, sort: 'name', q: q || undefined }, { enabled });
  return { options: query.data?.data ?? [], loading: query.isFetching };
}

const useRestaurantName = (id: number) => useRestaurant(id).data?.name;

/** Picks a restaurant by typing its name (GET /restaurants?q=), beyond any first page; the value is its id. */
export function RestaurantPicker(props: SearchPickerProps) {
  const { t } = useTranslation();
  return (
    <SearchPicker
      {...props}
      useOptions={useRestaurantOptions}
      useName={useRestaurantName}
      noOptionsText={t('restaurants.no_restaurants_found')}
      clearText={t('restaurants.clear_restaurant')}
    />
  );
}

export interface FormRestaurantPickerProps<T extends FieldValues, TOut extends FieldValues = T>
  extends Omit<SearchPickerProps, 'value' | 'onChange' | 'onBlur' | 'inputRef' | 'error'> {
  /** The field holding the chosen restaurant's id, '' for none. */
  name: FieldPathByValue<T, string>;
  control: Control<T, unknown, TOut>;
}

/** The restaurant picker bound to react-hook-form; its error (a catalogue key or API text) shows translated. */
export function FormRestaurantPicker<T extends FieldValues, TOut extends FieldValues = T>({
  name,
  control,
  ...props
}: FormRestaurantPickerProps<T, TOut>) {
  const { field, fieldState } = useController({ name, control });
  return (
    <RestaurantPicker
      {...props}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={translateMessage(fieldState.error?.message)}
    />
  );
}
