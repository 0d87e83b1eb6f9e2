import { DRIVER_MEAL_SORTS, rangeOrderError, sortValues } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { isDay } from '../../../lib/format';
import { positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { DriverMealFilterParams } from '../api/driver-meals';

export const DRIVER_MEAL_SORT_VALUES = sortValues(DRIVER_MEAL_SORTS);

const ALLOWED = { driver_id: positiveId, restaurant_id: positiveId, from: isDay, to: isDay };

export function useDriverMealFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<DriverMealFilterParams>(() => {
    // A reversed period is said under the field (DateRangeFilter), not asked of the API.
    const period = rangeOrderError(raw.from, raw.to)
      ? {}
      : { from: raw.from || undefined, to: raw.to || undefined };
    return {
      driver_id: raw.driver_id ? Number(raw.driver_id) : undefined,
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

export function DriverMealFilters() {
  const { t } = useTranslation();
  const { raw, setFilter } = useDriverMealFilters();
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' }}>
      <DriverFilter
        value={raw.driver_id}
        onChange={(id) => setFilter('driver_id', id)}
        label={t('driver_meals.driver')}
      />
      <RestaurantPicker
        size="small"
        label={t('driver_meals.restaurant')}
        placeholder={t('driver_meals.all_restaurants')}
        value={raw.restaurant_id}
        onChange={(id) => setFilter('restaurant_id', id)}
      />
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('driver_meals.from')}
        toLabel={t('driver_meals.to')}
        setFilter={setFilter}
      />
    </FilterBar>
  );
}
