import type { ListResponse, PayoutRequest } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

/** The restaurant page shows the pending request and the last decision: the newest few are enough. */
const RECENT = 5;

export function listPayoutRequests(restaurantId: number, signal?: AbortSignal) {
  return api<ListResponse<PayoutRequest>>(`/restaurants/${restaurantId}/payout-requests`, {
    query: { per_page: RECENT },
    signal,
  });
}

export const payoutRequestsQueryOptions = (restaurantId: number) =>
  queryOptions({
    queryKey: restaurantKeys.payoutRequests(restaurantId),
    queryFn: ({ signal }) => listPayoutRequests(restaurantId, signal),
  });

export function usePayoutRequests(restaurantId: number) {
  return useQuery(payoutRequestsQueryOptions(restaurantId));
}
