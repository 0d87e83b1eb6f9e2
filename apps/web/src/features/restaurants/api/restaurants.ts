import type { CapacityBody, HoursBody, PayoutRequestBody, RestaurantBody } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restaurantKey } from '../../../api/restaurants/restaurants';
import {
  $api,
  client,
  quiet,
  readsChangedBy,
  refresh,
  refreshesAfterRefusal,
  useWrite,
} from '../../../lib/api-client';

// The read lives in api/restaurants (pickers and several features use it); the screens import it here.
export { useRestaurant } from '../../../api/restaurants/restaurants';

export const useCreateRestaurant = () =>
  useWrite('post', '/api/restaurants', (body: RestaurantBody) => ({ body }), { quiet: true });

export const useUpdateRestaurant = (id: number) =>
  useWrite(
    'patch',
    '/api/restaurants/{id}',
    (body: Partial<RestaurantBody>) => ({ params: { path: { id } }, body }),
    {
      quiet: true,
      onSuccess: (answer, _body, queryClient) => queryClient.setQueryData(restaurantKey(id), answer),
    },
  );

export const useDeleteRestaurant = () =>
  useWrite('delete', '/api/restaurants/{id}', (id: number) => ({ params: { path: { id } } }), {
    onSuccess: (_answer, id, queryClient) => queryClient.removeQueries({ queryKey: restaurantKey(id) }),
  });

const hoursOptions = (id: number) =>
  $api.queryOptions('get', '/api/restaurants/{id}/hours', { params: { path: { id } } }, { meta: quiet });

export function useRestaurantHours(id: number) {
  return useQuery({
    ...hoursOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    select: (answer) => answer.data,
  });
}

// Whether it is open now follows the hours: the restaurant and the lists are read again (its resource).
export const useUpdateRestaurantHours = (id: number) =>
  useWrite('put', '/api/restaurants/{id}/hours', (body: HoursBody) => ({ params: { path: { id } }, body }), {
    quiet: true,
    onSuccess: (answer, _body, queryClient) => queryClient.setQueryData(hoursOptions(id).queryKey, answer),
  });

/** The restaurant page shows the pending request and the last decision: the newest few are enough. */
const RECENT = 5;

export function usePayoutRequests(restaurantId: number) {
  return useQuery(
    $api.queryOptions('get', '/api/restaurants/{id}/payout-requests', {
      params: { path: { id: restaurantId }, query: { per_page: RECENT } },
    }),
  );
}

/** The manager asks for a new payout account; the restaurant keeps its account until approval. */
export const useFilePayoutRequest = (restaurantId: number) =>
  useWrite(
    'post',
    '/api/restaurants/{id}/payout-requests',
    (body: PayoutRequestBody) => ({ params: { path: { id: restaurantId } }, body }),
    { quiet: true },
  );

type Decision = { action: 'approve' } | { action: 'reject'; reason: string };
const APPROVE = '/api/restaurants/{id}/payout-requests/{request_id}/approve';
const REJECT = '/api/restaurants/{id}/payout-requests/{request_id}/reject';

/** Admin or App Manager approves (the account changes) or rejects (with a reason) a pending request. */
export function useDecidePayoutRequest(restaurantId: number, requestId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (decision: Decision) => {
      const path = { id: restaurantId, request_id: requestId };
      // The transport throws a refusal (ApiError): what comes back is the answer.
      const { data } =
        decision.action === 'approve'
          ? await client.POST(APPROVE, { params: { path } })
          : await client.POST(REJECT, { params: { path }, body: { reason: decision.reason } });
      return data;
    },
    // Decided, or refused because it changed (decided by someone else first): show it as it is now.
    onSettled: (_answer, error, decision) => {
      if (error && !refreshesAfterRefusal(error)) return;
      return refresh(queryClient, readsChangedBy('post', decision.action === 'approve' ? APPROVE : REJECT));
    },
  });
}

/** Busy and pause (issue 24): the cache key of a restaurant's capacity. */
export const capacityKey = (restaurantId: number) =>
  $api.queryOptions('get', '/api/restaurants/{id}/capacity', { params: { path: { id: restaurantId } } })
    .queryKey;

export function useCapacity(restaurantId: number | null) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants/{id}/capacity',
      { params: { path: { id: restaurantId ?? 0 } } },
      { enabled: restaurantId !== null && restaurantId > 0, select: (answer) => answer.data },
    ),
  );
}

/** The cache key of the restaurants busy, paused or closed now. */
export const capacityListKey = () => capacityListQueryOptions().queryKey;

/** The restaurants busy, paused or closed now, and when the list next changes by their hours. */
export const capacityListQueryOptions = () => $api.queryOptions('get', '/api/restaurants/capacity');

export function useCapacityList() {
  return useQuery(capacityListQueryOptions());
}

export const useSetCapacity = (restaurantId: number) =>
  useWrite(
    'put',
    '/api/restaurants/{id}/capacity',
    (body: CapacityBody) => ({ params: { path: { id: restaurantId } }, body }),
    {
      onSuccess: (answer, _body, queryClient) => queryClient.setQueryData(capacityKey(restaurantId), answer),
    },
  );
