import type { DataResponse, EndShiftRequest } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/http';
import { endShiftKeys } from './keys';

/** "End shift": staff received the cash; the driver's shift ends. */
export async function collectEndShiftRequest(id: number): Promise<EndShiftRequest> {
  const { data } = await api<DataResponse<EndShiftRequest>>(`/end-shift-requests/${id}/collect`, {
    method: 'POST',
  });
  return data;
}

export function useCollectEndShiftRequest(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => collectEndShiftRequest(id),
    onSettled: (_data, error) => {
      // Done, or someone else handled it first (409): either way show what the server has now.
      if (!error || (isApiError(error) && error.status === 409)) {
        void queryClient.invalidateQueries({ queryKey: endShiftKeys.detail(id) });
        void queryClient.invalidateQueries({ queryKey: endShiftKeys.lists() });
      }
    },
  });
}
