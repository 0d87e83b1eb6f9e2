import type { DataResponse, Vehicle } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { vehicleKeys } from './keys';

export async function getVehicle(id: number, signal?: AbortSignal): Promise<Vehicle> {
  const { data } = await api<DataResponse<Vehicle>>(`/vehicles/${id}`, { signal, toast: false });
  return data;
}

export const vehicleQueryOptions = (id: number) =>
  queryOptions({ queryKey: vehicleKeys.detail(id), queryFn: ({ signal }) => getVehicle(id, signal) });

export function useVehicle(id: number) {
  return useQuery({ ...vehicleQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
