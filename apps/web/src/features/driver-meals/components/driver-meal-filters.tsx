import { rangeOrderError } from '@dostava/shared';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDriver } from '../../../api/drivers/get-driver';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantSelect } from '../../../components/pickers/restaurant-select';
import { isDay } from '../../../lib/format';
import { positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { DriverMealFilterParams } from '../api/list-driver-meals';

export const DRIVER_MEAL_SORT_VALUES = ['date', 'amount'].flatMap((field) => [field, `-${field}`]);

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
  const driverId = raw.driver_id ? Number(raw.driver_id) : 0;
  const driver = useDriver(driverId);
  const driverValue = driverId
    ? {
        id: driverId,
        name: driver.data ? `${driver.data.first_name} ${driver.data.last_name}`.trim() : `#${driverId}`,
      }
    : null;
  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <DriverFilter
        value={driverValue}
        onChange={(next) => setFilter('driver_id', next ? String(next.id) : '')}
        label={t('driver_meals.driver')}
      />
      <RestaurantSelect
        size="small"
        label={t('driver_meals.restaurant')}
        emptyLabel={t('driver_meals.all_restaurants')}
        value={raw.restaurant_id}
        onChange={(value) => setFilter('restaurant_id', value)}
      />
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('driver_meals.from')}
        toLabel={t('driver_meals.to')}
        setFilter={setFilter}
      />
    </Box>
  );
}
