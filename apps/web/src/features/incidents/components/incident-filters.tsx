import {
  INCIDENT_SORTS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  type IncidentStatus,
  type IncidentType,
  isRestaurantRole,
  rangeOrderError,
  sortValues,
} from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, optionsOf, SelectFilter } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { isDay } from '../../../lib/format';
import { useCurrentUser } from '../../../lib/session';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { IncidentFilterParams } from '../api/incidents';

export const INCIDENT_SORT_VALUES = sortValues(INCIDENT_SORTS);

const ALLOWED = {
  status: oneOf(INCIDENT_STATUSES),
  type: oneOf(INCIDENT_TYPES),
  restaurant_id: positiveId,
  driver_id: positiveId,
  from: isDay,
  to: isDay,
};

export function useIncidentFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<IncidentFilterParams>(() => {
    const period = rangeOrderError(raw.from, raw.to)
      ? {}
      : { from: raw.from || undefined, to: raw.to || undefined };
    return {
      status: (raw.status || undefined) as IncidentStatus | undefined,
      type: (raw.type || undefined) as IncidentType | undefined,
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      driver_id: raw.driver_id ? Number(raw.driver_id) : undefined,
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

/** Status, type, restaurant (the operation only), driver and the day reported, kept in the URL. */
export function IncidentFilters() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  const { raw, setFilter } = useIncidentFilters();
  const operation = !isRestaurantRole(me.role);
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(6, minmax(0, 1fr))' }}>
      <SelectFilter
        param="status"
        label={t('incidents.status')}
        allLabel={t('incidents.all')}
        options={optionsOf(INCIDENT_STATUSES, (s) => t(`incidents.statuses.${s}`))}
      />
      <SelectFilter
        param="type"
        label={t('incidents.type')}
        allLabel={t('incidents.all')}
        options={optionsOf(INCIDENT_TYPES, (s) => t(`incidents.types.${s}`))}
      />
      {operation ? (
        <RestaurantPicker
          size="small"
          label={t('incidents.restaurant')}
          placeholder={t('incidents.all')}
          value={raw.restaurant_id}
          onChange={(id) => setFilter('restaurant_id', id)}
        />
      ) : null}
      {operation ? (
        <DriverFilter
          value={raw.driver_id}
          onChange={(id) => setFilter('driver_id', id)}
          label={t('incidents.driver')}
        />
      ) : null}
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('incidents.from')}
        toLabel={t('incidents.to')}
        setFilter={setFilter}
      />
    </FilterBar>
  );
}
