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
export const orderMapQueryOptions = () =>
  $api.queryOptions('get', '/api/orders/map', {}, { select: (answer) => answer.data });

export function useOrderMap() {
  return useQuery(orderMapQueryOptions());
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
