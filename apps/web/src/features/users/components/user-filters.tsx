import { ROLES, type Role } from '@dostava/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../components/list-filters';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import type { ListParams } from '../../../lib/list-params';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { UserFilters } from './users-table';

const ALLOWED = {
  role: oneOf(ROLES),
  restaurant_id: positiveId,
  is_active: oneOf(['true', 'false']),
};

/** The role, restaurant and status filters of a users list, kept in the URL. */
export function useUserFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<UserFilters>(
    () => ({
      role: (raw.role || undefined) as Role | undefined,
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      is_active: raw.is_active === '' ? undefined : raw.is_active === 'true',
    }),
    [raw],
  );
  return { filters, raw, setFilter };
}

interface UserFiltersBarProps {
  params: ListParams;
  setParams: (changes: Partial<ListParams>) => void;
  /** Which selects to show beside the search (the employees list needs none of role and restaurant). */
  show: { role?: boolean; restaurant?: boolean };
  searchLabel: string;
}

/** Search by name or email, and the filters that fit the list. */
export function UserFiltersBar({ params, setParams, show, searchLabel }: UserFiltersBarProps) {
  const { t } = useTranslation();
  const { raw, setFilter } = useUserFilters();
  return (
    <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'minmax(220px, 380px) repeat(3, 200px)' }}>
      <SearchFilter
        params={params}
        setParams={setParams}
        label={searchLabel}
        placeholder={t('users.search_placeholder')}
        sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}
      />
      {show.role ? (
        <SelectFilter
          param="role"
          label={t('users.role')}
          allLabel={t('users.all_roles')}
          options={optionsOf(ROLES, (role) => t(`roles.${role}`))}
        />
      ) : null}
      {show.restaurant ? (
        <RestaurantPicker
          size="small"
          label={t('users.restaurant')}
          placeholder={t('users.all_restaurants')}
          value={raw.restaurant_id}
          onChange={(id) => setFilter('restaurant_id', id)}
        />
      ) : null}
      <SelectFilter
        param="is_active"
        label={t('users.status')}
        allLabel={t('users.all_statuses')}
        options={[
          { value: 'true', label: t('users.active') },
          { value: 'false', label: t('users.inactive') },
        ]}
      />
    </FilterBar>
  );
}
