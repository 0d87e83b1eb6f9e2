import { ROLES, type Role } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { restaurantsQueryOptions } from '../../../api/restaurants/list-restaurants';
import type { ListParams } from '../../../lib/list-params';
import { oneOf, positiveId, useSearchInput, useUrlFilters } from '../../../lib/url-filters';
import { RESTAURANT_OPTIONS_QUERY } from './user-form';
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
  const [search, setSearch] = useSearchInput(params, setParams);
  const restaurants = useQuery({
    ...restaurantsQueryOptions(RESTAURANT_OPTIONS_QUERY),
    enabled: Boolean(show.restaurant),
  });

  const select = { select: { native: true }, inputLabel: { shrink: true } } as const;
  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(220px, 380px) repeat(3, 200px)' },
      }}
    >
      <TextField
        type="search"
        size="small"
        fullWidth
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder={t('users.search_placeholder')}
        sx={{ gridColumn: { sm: '1 / -1', lg: 'auto' } }}
        slotProps={{
          htmlInput: { 'aria-label': searchLabel },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {show.role ? (
        <TextField
          select
          size="small"
          label={t('users.role')}
          value={raw.role}
          onChange={(event) => setFilter('role', event.target.value)}
          slotProps={select}
        >
          <option value="">{t('users.all_roles')}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`roles.${role}`)}
            </option>
          ))}
        </TextField>
      ) : null}
      {show.restaurant ? (
        <TextField
          select
          size="small"
          label={t('users.restaurant')}
          value={raw.restaurant_id}
          onChange={(event) => setFilter('restaurant_id', event.target.value)}
          slotProps={select}
        >
          <option value="">{t('users.all_restaurants')}</option>
          {(restaurants.data?.data ?? []).map((restaurant) => (
            <option key={restaurant.id} value={String(restaurant.id)}>
              {restaurant.name}
            </option>
          ))}
        </TextField>
      ) : null}
      <TextField
        select
        size="small"
        label={t('users.status')}
        value={raw.is_active}
        onChange={(event) => setFilter('is_active', event.target.value)}
        slotProps={select}
      >
        <option value="">{t('users.all_statuses')}</option>
        <option value="true">{t('users.active')}</option>
        <option value="false">{t('users.inactive')}</option>
      </TextField>
    </Box>
  );
}
