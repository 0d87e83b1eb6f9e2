import { SETTLEMENT_SORTS, SETTLEMENT_STATUSES, type Settlement, sortValues } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, optionsOf, SelectFilter } from '../../../components/list-filters';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { SettlementFilterParams } from '../api/settlements';

export const SETTLEMENT_SORT_VALUES = sortValues(SETTLEMENT_SORTS);

const ALLOWED = { restaurant_id: positiveId, status: oneOf(SETTLEMENT_STATUSES) };

export function useSettlementFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<SettlementFilterParams>(
    () => ({
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      status: (raw.status || undefined) as Settlement['status'] | undefined,
    }),
    [raw],
  );
  return { filters, raw, setFilter };
}

export function SettlementFilters() {
  const { t } = useTranslation();
  const { raw, setFilter } = useSettlementFilters();
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 360px) 220px' }}>
      <RestaurantPicker
        size="small"
        label={t('settlements.restaurant')}
        placeholder={t('settlements.all_restaurants')}
        value={raw.restaurant_id}
        onChange={(id) => setFilter('restaurant_id', id)}
      />
      <SelectFilter
        param="status"
        label={t('settlements.status')}
        allLabel={t('settlements.all_statuses')}
        options={optionsOf(SETTLEMENT_STATUSES, (status) => t(`settlements.statuses.${status}`))}
      />
    </FilterBar>
  );
}
