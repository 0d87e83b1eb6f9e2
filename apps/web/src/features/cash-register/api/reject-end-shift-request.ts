import type { DataResponse, EndShiftRequest } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/http';
import { endShiftKeys } from './keys';

/** Rejects a pending request with a reason the driver sees; the driver may send again. */
export async function rejectEndShiftRequest(id: number, reason: string): Promise<EndShiftRequest> {
  const { data } = await api<DataResponse<EndShiftRequest>>(`/end-shift-requests/${id}/reject`, {
    method: 'POST',
    body: { reason },
  });
  return data;
}

export function useRejectEndShiftRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectEndShiftRequest(id, reason),
    onSettled: (_data, error) => {
      if (!error || (isApiError(error) && error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: endShiftKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: endShiftKeys.lists() });
      }
    },
  });
}
