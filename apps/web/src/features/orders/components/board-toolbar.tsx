import FilterListIcon from '@mui/icons-material/FilterList';
import { Badge, IconButton, Stack } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { RestaurantPicker } from '../../../components/pickers/restaurant-picker';
import { ZoneFilter } from '../../../components/pickers/zone-filter';
import type { useListParams } from '../../../lib/list-params';
import type { BoardFilter } from '../board/board-query';

/** The board's search, and on the operation's board its restaurant, driver and zone filters. */
export function BoardToolbar({
  compact,
  dispatch,
  params,
  setParams,
  restaurantId,
  restaurantName,
  driverId,
  zoneId,
  setFilter,
}: {
  dispatch: boolean;
  params: ReturnType<typeof useListParams>['params'];
  setParams: ReturnType<typeof useListParams>['setParams'];
  restaurantId: string;
  restaurantName: string | null;
  driverId: number | undefined;
  zoneId: number | undefined;
  setFilter: (key: BoardFilter, value: string) => void;
  /** A phone: the restaurant, driver and zone filters open from a button beside the search (the orders come up). */
  compact: boolean;
}) {
  const { t } = useTranslation();
  const filtered = (restaurantId ? 1 : 0) + (driverId ? 1 : 0) + (zoneId ? 1 : 0);
  const [open, setOpen] = useState(false);
  const showFilters = dispatch && (!compact || open || filtered > 0);
  return (
    <FilterBar
      mb={1.5}
      columns={{
        xs: dispatch ? 'minmax(0, 1fr) minmax(0, 1fr)' : '1fr',
        lg: dispatch ? '2fr 1fr 1fr 1fr' : 'minmax(0, 420px)',
      }}
    >
      {/* On a phone the search has its row (with the filters' button) and the two filters the next. */}
      <Stack direction="row" sx={{ gridColumn: { xs: '1 / -1', lg: 'auto' }, gap: 1, alignItems: 'center' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('orders.search_label')}
          placeholder={t('orders.board_search_placeholder')}
        />
        {dispatch && compact ? (
          <IconButton
            aria-label={t('orders.filters')}
            aria-expanded={showFilters}
            onClick={() => setOpen(!open)}
            sx={{ border: 1, borderColor: 'divider', width: 40, height: 40 }}
          >
            <Badge badgeContent={filtered} color="primary">
              <FilterListIcon />
            </Badge>
          </IconButton>
        ) : null}
      </Stack>
      {showFilters ? (
        <RestaurantPicker
          size="small"
          label={t('orders.restaurant')}
          placeholder={t('orders.all_restaurants')}
          value={restaurantId}
          name={restaurantName}
          onChange={(id) => setFilter('restaurant_id', id)}
        />
      ) : null}
      {showFilters ? (
        <DriverFilter
          value={driverId ? String(driverId) : ''}
          onChange={(id) => setFilter('driver_id', id)}
          label={t('orders.driver')}
        />
      ) : null}
      {showFilters ? <ZoneFilter /> : null}
    </FilterBar>
  );
}
