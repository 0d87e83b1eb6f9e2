import {
  END_SHIFT_SORTS,
  END_SHIFT_STATUSES,
  type EndShiftStatus,
  rangeOrderError,
  sortValues,
} from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, optionsOf, SelectFilter } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { isDay } from '../../../lib/format';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { EndShiftFilterParams } from '../api/cash-register';

export const END_SHIFT_SORT_VALUES = sortValues(END_SHIFT_SORTS);

const ALLOWED = { status: oneOf(END_SHIFT_STATUSES), driver_id: positiveId, from: isDay, to: isDay };

/** The status, driver and period filters of the cash register, kept in the URL. */
export function useEndShiftFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<EndShiftFilterParams>(() => {
    // A reversed period is said under the field (DateRangeFilter), not asked of the API.
    const period = rangeOrderError(raw.from, raw.to)
      ? {}
      : { from: raw.from || undefined, to: raw.to || undefined };
    return {
      status: (raw.status || undefined) as EndShiftStatus | undefined,
      driver_id: raw.driver_id ? Number(raw.driver_id) : undefined,
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

export function EndShiftFilters() {
  const { t } = useTranslation();
  const { raw, setFilter } = useEndShiftFilters();
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' }}>
      <SelectFilter
        param="status"
        label={t('cash_register.status')}
        allLabel={t('cash_register.all_statuses')}
        options={optionsOf(END_SHIFT_STATUSES, (status) => t(`cash_register.statuses.${status}`))}
      />
      <DriverFilter
        value={raw.driver_id}
        onChange={(id) => setFilter('driver_id', id)}
        label={t('cash_register.driver')}
      />
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('cash_register.from')}
        toLabel={t('cash_register.to')}
        setFilter={setFilter}
      />
    </FilterBar>
  );
}
