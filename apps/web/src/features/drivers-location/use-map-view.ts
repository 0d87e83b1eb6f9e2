import { useCallback, useEffect, useState } from 'react';
import { oneOf, positiveId, useUrlFilters } from '../../lib/url-filters';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { MAP_STATES } from './components/state-badge';

/**
 * What the map's URL keeps: the state and zone filters, the search, the tab and the focused driver or
 * order.
 */
const ALLOWED = {
  state: oneOf(MAP_STATES),
  q: () => true,
  tab: oneOf(['orders']),
  driver: positiveId,
  order: positiveId,
  /** The delivery zone the map shows the orders and drivers of (issue 37). */
  zone_id: positiveId,
};

/** The side panel's tab: the drivers or the orders. */
export type MapTab = 'drivers' | 'orders';

/**
 * The drivers map's view, kept in the URL (the list kit's filters) so a link restores it. The search
 * box is debounced into `q`, lower-cased as the matching reads it.
 */
export function useMapView() {
  const { filters, setFilter } = useUrlFilters(ALLOWED);
  const tab: MapTab = filters.tab === 'orders' ? 'orders' : 'drivers';
  const [search, setSearch] = useState(filters.q);
  const q = useDebouncedValue(search.trim().toLowerCase(), 200);
  useEffect(() => {
    if (filters.q !== q) setFilter('q', q);
  }, [q, filters.q, setFilter]);
  const select = useCallback((id: number | null) => setFilter('driver', id ? String(id) : ''), [setFilter]);
  const selectOrder = useCallback(
    (id: number | null) => setFilter('order', id ? String(id) : ''),
    [setFilter],
  );
  return {
    stateFilter: MAP_STATES.find((state) => state === filters.state) ?? '',
    setStateFilter: (state: string) => setFilter('state', state),
    search,
    setSearch,
    q,
    tab,
    setTab: (tab: string) => setFilter('tab', tab === 'orders' ? 'orders' : ''),
    selectedId: filters.driver ? Number(filters.driver) : null,
    select,
    selectedOrderId: filters.order ? Number(filters.order) : null,
    selectOrder,
    zoneId: filters.zone_id ? Number(filters.zone_id) : null,
  };
}
