import { ORDER_STATUSES, type OrderStatus, rangeOrderError, sortValues } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { ZoneFilter } from '../../../components/pickers/zone-filter';
import { isDay } from '../../../lib/format';
import type { ListParams } from '../../../lib/list-params';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { OrderFilterParams } from '../api/orders';

/** The orders list sorts by these (the board's urgency and risk are its lanes' own). */
export const ORDER_SORT_VALUES = sortValues(['created_at', 'total', 'status', 'order_number']);

const ALLOWED = {
  status: oneOf(ORDER_STATUSES),
  restaurant_id: positiveId,
  driver_id: positiveId,
  zone_id: positiveId,
  from: isDay,
  to: isDay,
};

/** The status, restaurant, driver, zone and period filters of an orders list, kept in the URL. */
export function useOrderFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<OrderFilterParams>(() => {
    // A reversed period is said under the field (DateRangeFilter), not asked of the API.
    const period = rangeOrderError(raw.from, raw.to)
      ? {}
      : { from: raw.from || undefined, to: raw.to || undefined };
    return {
      status: (raw.status || undefined) as OrderStatus | undefined,
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      driver_id: raw.driver_id ? Number(raw.driver_id) : undefined,
      zone_id: raw.zone_id ? Number(raw.zone_id) : undefined,
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

interface OrderFiltersBarProps {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  /** Admins filter by restaurant, driver and zone; a restaurant's own list needs none of them. */
  show: { restaurant?: boolean; driver?: boolean; zone?: boolean };
}

/** Search by order number or buyer, and the filters that fit the list. */
export function OrderFiltersBar({ params, setParams, show }: OrderFiltersBarProps) {
  const { t } = useTranslation();
  const { raw, setFilter } = useOrderFilters();
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' }}>
      <SearchFilter
        params={params}
        setParams={setParams}
        label={t('orders.search_label')}
        placeholder={t('orders.search_placeholder')}
      />
      <SelectFilter
        param="status"
        label={t('orders.status')}
        allLabel={t('orders.all_statuses')}
        options={optionsOf(ORDER_STATUSES, (status) => t(`order_status.${status}`))}
      />
      {show.restaurant ? (
        <RestaurantPicker
          size="small"
          label={t('orders.restaurant')}
          placeholder={t('orders.all_restaurants')}
          value={raw.restaurant_id}
          onChange={(id) => setFilter('restaurant_id', id)}
        />
      ) : null}
      {show.driver ? (
        <DriverFilter
          value={raw.driver_id}
          onChange={(id) => setFilter('driver_id', id)}
          label={t('orders.driver')}
        />
      ) : null}
      {show.zone ? <ZoneFilter /> : null}
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('orders.from')}
        toLabel={t('orders.to')}
        setFilter={setFilter}
      />
    </FilterBar>
  );
}
