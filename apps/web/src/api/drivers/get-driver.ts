import type { DataResponse, Driver } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { driverKeys } from './keys';

export async function getDriver(id: number, signal?: AbortSignal): Promise<Driver> {
  const { data } = await api<DataResponse<Driver>>(`/drivers/${id}`, { signal });
  return data;
}

export const driverQueryOptions = (id: number) =>
  queryOptions({ queryKey: driverKeys.detail(id), queryFn: ({ signal }) => getDriver(id, signal) });

export function useDriver(id: number) {
  return useQuery({ ...driverQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
