import type { DriverLocation } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { driverLocationKeys } from './keys';

/** GET /api/drivers/locations: every driver on shift, with the last known location. */
export async function listDriverLocations(signal?: AbortSignal): Promise<DriverLocation[]> {
  const { data } = await api<{ data: DriverLocation[] }>('/drivers/locations', { signal });
  return data;
}

export const driverLocationsQueryOptions = () =>
  queryOptions({
    queryKey: driverLocationKeys.all,
    queryFn: ({ signal }) => listDriverLocations(signal),
  });

export function useDriverLocations() {
  return useQuery(driverLocationsQueryOptions());
}
