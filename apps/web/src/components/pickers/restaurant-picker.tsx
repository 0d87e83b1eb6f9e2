import { useTranslation } from 'react-i18next';
import { useRestaurant, useRestaurants } from '../../api/restaurants/restaurants';
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
