import type { DataResponse, EndShiftRequest } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { endShiftKeys } from './keys';

/** One request with the delivered cash orders of its shift (`endShiftRequestDetailSchema`). */
export interface EndShiftRequestDetail extends EndShiftRequest {
  orders: { id: number; order_number: string; total: number; delivered_at: string | null }[];
}

export async function getEndShiftRequest(id: number, signal?: AbortSignal): Promise<EndShiftRequestDetail> {
  const { data } = await api<DataResponse<EndShiftRequestDetail>>(`/end-shift-requests/${id}`, {
    signal,
    toast: false,
  });
  return data;
}

export const endShiftRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: endShiftKeys.detail(id),
    queryFn: ({ signal }) => getEndShiftRequest(id, signal),
  });

export function useEndShiftRequest(id: number) {
  return useQuery({ ...endShiftRequestQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
