import type { DataResponse, Settlement } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

export async function getSettlement(id: number, signal?: AbortSignal): Promise<Settlement> {
  const { data } = await api<DataResponse<Settlement>>(`/settlements/${id}`, { signal, toast: false });
  return data;
}

export const settlementQueryOptions = (id: number) =>
  queryOptions({ queryKey: settlementKeys.detail(id), queryFn: ({ signal }) => getSettlement(id, signal) });

export function useSettlement(id: number) {
  return useQuery({ ...settlementQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
