import type { ListResponse, Vehicle, VehicleType } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export interface VehicleListParams {
  page: number;
  per_page: number;
  sort: string;
  q?: string;
  type?: VehicleType;
}

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
