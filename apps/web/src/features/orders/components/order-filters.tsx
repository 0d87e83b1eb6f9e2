import { ORDER_STATUSES, type OrderStatus, rangeOrderError } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDriver } from '../../../api/drivers/get-driver';
import { restaurantsQueryOptions } from '../../../api/restaurants/list-restaurants';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import type { ListParams } from '../../../lib/list-params';
import { oneOf, positiveId, useSearchInput, useUrlFilters } from '../../../lib/url-filters';
import type { OrderFilterParams } from '../api/list-orders';

export const ORDER_SORT_VALUES = ['created_at', 'total', 'status', 'order_number'].flatMap((field) => [
  field,
  `-${field}`,
]);

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

const ALLOWED = {
  status: oneOf(ORDER_STATUSES),
  restaurant_id: positiveId,
  driver_id: positiveId,
  from: isDate,
  to: isDate,
};

/** The status, restaurant, driver and period filters of an orders list, kept in the URL. */
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
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

interface OrderFiltersBarProps {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  /** Admins filter by restaurant and driver; a restaurant's own list needs neither. */
  show: { restaurant?: boolean; driver?: boolean };
}

const RESTAURANT_OPTIONS = { page: 1, per_page: 100, sort: 'name' };

/** Search by order number or buyer, and the filters that fit the list. */
export function OrderFiltersBar({ params, setParams, show }: OrderFiltersBarProps) {
  const { t } = useTranslation();
  const { raw, setFilter } = useOrderFilters();
  const [search, setSearch] = useSearchInput(params, setParams);
  const restaurants = useQuery({
    ...restaurantsQueryOptions(RESTAURANT_OPTIONS),
    enabled: Boolean(show.restaurant),
  });
  const driverId = raw.driver_id ? Number(raw.driver_id) : 0;
  const driver = useDriver(show.driver ? driverId : 0);
  const driverValue = driverId
    ? {
        id: driverId,
        name: driver.data ? `${driver.data.first_name} ${driver.data.last_name}`.trim() : `#${driverId}`,
      }
    : null;

  const select = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, minmax(0, 1fr))' },
      }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('orders.search_placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': t('orders.search_label') },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('orders.status')}
        value={raw.status}
        onChange={(event) => setFilter('status', event.target.value)}
        slotProps={select}
      >
        <option value="">{t('orders.all_statuses')}</option>
        {ORDER_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`order_status.${status}`)}
          </option>
        ))}
      </TextField>
      {show.restaurant ? (
        <TextField
          select
          size="small"
          label={t('orders.restaurant')}
          value={raw.restaurant_id}
          onChange={(event) => setFilter('restaurant_id', event.target.value)}
          slotProps={select}
        >
          <option value="">{t('orders.all_restaurants')}</option>
          {(restaurants.data?.data ?? []).map((restaurant) => (
            <option key={restaurant.id} value={String(restaurant.id)}>
              {restaurant.name}
            </option>
          ))}
        </TextField>
      ) : null}
      {show.driver ? (
        <DriverFilter
          value={driverValue}
          onChange={(next) => setFilter('driver_id', next ? String(next.id) : '')}
          label={t('orders.driver')}
        />
      ) : null}
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('orders.from')}
        toLabel={t('orders.to')}
        setFilter={setFilter}
      />
    </Box>
  );
}
