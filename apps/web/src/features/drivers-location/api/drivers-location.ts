import { useQuery } from '@tanstack/react-query';
import { $api, quiet } from '../../../lib/api-client';

/** GET /api/drivers/locations: every driver on shift, with the last known location. */
export const driverLocationsQueryOptions = () =>
  $api.queryOptions('get', '/api/drivers/locations', {}, { select: (answer) => answer.data });

export function useDriverLocations() {
  return useQuery(driverLocationsQueryOptions());
}

/**
 * GET /api/orders/map: active orders' drop-off points and the restaurants they come from. The page
 * refetches it when order events arrive (coalesced), not on a timer.
 */
export const orderMapQueryOptions = (zoneId: number | null = null) =>
  $api.queryOptions(
    'get',
    '/api/orders/map',
    zoneId === null ? {} : { params: { query: { zone_id: zoneId } } },
    { select: (answer) => answer.data },
  );

export function useOrderMap(zoneId: number | null) {
  return useQuery(orderMapQueryOptions(zoneId));
}

/** The zone a drivers map's address filters by (`zone_id`), as its loader prefetches the orders. */
export function zoneOfUrl(url: string): number | null {
  const zone = Number(new URL(url).searchParams.get('zone_id'));
  return Number.isInteger(zone) && zone > 0 ? zone : null;
}

/**
 * GET /api/drivers/:id for the driver focused on the map: their phone, and everything about a driver
 * who is not on shift. A failure is shown in place ('Driver not found'), so it raises no toast.
 */
export function useMapDriver(id: number | null) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/drivers/{id}',
      { params: { path: { id: id ?? 0 } } },
      { meta: quiet, enabled: id !== null && id > 0, select: (answer) => answer.data },
    ),
  );
}
