import type { DataResponse, Driver } from '@dostava/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { driverLocationKeys } from './keys';

/**
 * GET /api/drivers/:id for the driver focused on the map: their phone, and everything about a driver
 * who is not on shift. A failure is shown in place ('Driver not found'), so it raises no toast.
 */
export async function getMapDriver(id: number, signal?: AbortSignal): Promise<Driver> {
  const { data } = await api<DataResponse<Driver>>(`/drivers/${id}`, { signal, toast: false });
  return data;
}

export function useMapDriver(id: number | null) {
  return useQuery({
    queryKey: driverLocationKeys.driver(id ?? 0),
    queryFn: ({ signal }) => getMapDriver(id ?? 0, signal),
    enabled: id !== null && id > 0,
  });
}
