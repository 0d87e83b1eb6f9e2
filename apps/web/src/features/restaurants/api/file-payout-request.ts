import type { DataResponse, PayoutRequest, PayoutRequestBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

/** The manager asks for a new payout account; the restaurant keeps its account until approval. */
export async function filePayoutRequest(
  restaurantId: number,
  body: PayoutRequestBody,
): Promise<PayoutRequest> {
  const { data } = await api<DataResponse<PayoutRequest>>(`/restaurants/${restaurantId}/payout-requests`, {
    method: 'POST',
    body,
    toast: false,
  });
  return data;
}

export function useFilePayoutRequest(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PayoutRequestBody) => filePayoutRequest(restaurantId, body),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: restaurantKeys.payoutRequests(restaurantId) }),
        queryClient.invalidateQueries({ queryKey: restaurantKeys.detail(restaurantId) }),
      ]),
  });
}
