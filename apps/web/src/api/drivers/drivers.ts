import type { DriverListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../lib/api-client';

export type { DriverListParams };

/** Locations move: the list refreshes itself while it is on screen. */
export const DRIVERS_REFRESH_MS = 30_000;

export const driversQueryOptions = (query: DriverListParams) =>
  $api.queryOptions('get', '/api/drivers', { params: { query } }, { placeholderData: keepPreviousData });

export function useDrivers(query: DriverListParams, options: { refresh?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...driversQueryOptions(query),
    refetchInterval: options.refresh ? DRIVERS_REFRESH_MS : false,
    enabled: options.enabled ?? true,
  });
}

export const driverQueryOptions = (id: number) =>
  $api.queryOptions(
    'get',
    '/api/drivers/{id}',
    { params: { path: { id } } },
    { select: (answer) => answer.data },
  );

export function useDriver(id: number) {
  return useQuery({ ...driverQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
