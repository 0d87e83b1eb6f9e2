import type { DataResponse, PayoutRequest } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api, isApiError } from '../../../lib/http';

type Decision = { action: 'approve' } | { action: 'reject'; reason: string };

/** Admin or App Manager approves (the account changes) or rejects (with a reason) a pending request. */
export async function decidePayoutRequest(
  restaurantId: number,
  requestId: number,
  decision: Decision,
): Promise<PayoutRequest> {
  const { data } = await api<DataResponse<PayoutRequest>>(
    `/restaurants/${restaurantId}/payout-requests/${requestId}/${decision.action}`,
    { method: 'POST', body: decision.action === 'reject' ? { reason: decision.reason } : {} },
  );
  return data;
}

export function useDecidePayoutRequest(restaurantId: number, requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: Decision) => decidePayoutRequest(restaurantId, requestId, decision),
    // Decided, or decided by someone else first (409): show the restaurant as it is now.
    onSettled: (_data, error) => {
      if (error && !(isApiError(error) && error.status === 409)) return;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: restaurantKeys.payoutRequests(restaurantId) }),
        queryClient.invalidateQueries({ queryKey: restaurantKeys.detail(restaurantId) }),
        queryClient.invalidateQueries({ queryKey: restaurantKeys.lists() }),
      ]);
    },
  });
}
