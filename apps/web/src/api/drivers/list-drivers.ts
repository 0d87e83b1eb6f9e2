import type { Driver, DriverListParams, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { driverKeys } from './keys';

export type { DriverListParams };

/** Locations move: the list refreshes itself while it is on screen. */
export const DRIVERS_REFRESH_MS = 30_000;

export function listDrivers(query: DriverListParams, signal?: AbortSignal) {
  return api<ListResponse<Driver>>('/drivers', { query: { ...query }, signal });
}

export const driversQueryOptions = (query: DriverListParams) =>
  queryOptions({
    queryKey: driverKeys.list(query),
    queryFn: ({ signal }) => listDrivers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDrivers(query: DriverListParams, options: { refresh?: boolean; enabled?: boolean } = {}) {
  return useQuery({
    ...driversQueryOptions(query),
    refetchInterval: options.refresh ? DRIVERS_REFRESH_MS : false,
    enabled: options.enabled ?? true,
  });
}
