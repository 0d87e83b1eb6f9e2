import type { ListResponse, Vehicle, VehicleListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export type { VehicleListParams };

export function listVehicles(query: VehicleListParams, signal?: AbortSignal) {
  return api<ListResponse<Vehicle>>('/vehicles', { query: { ...query }, signal });
}

export const vehiclesQueryOptions = (query: VehicleListParams) =>
  queryOptions({
    queryKey: vehicleKeys.list(query),
    queryFn: ({ signal }) => listVehicles(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVehicles(query: VehicleListParams) {
  return useQuery(vehiclesQueryOptions(query));
}
