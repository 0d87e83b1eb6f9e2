import type { DriverCandidate } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

export function getDriverCandidates(orderId: number, signal?: AbortSignal) {
  return api<{ data: DriverCandidate[] }>(`/orders/${orderId}/driver-candidates`, { signal }).then(
    (r) => r.data,
  );
}

export const driverCandidatesQueryOptions = (orderId: number) =>
  queryOptions({
    queryKey: orderKeys.candidates(orderId),
    queryFn: ({ signal }) => getDriverCandidates(orderId, signal),
  });

/**
 * The drivers who could take the order, fittest first. Fetched when the assign dialog opens and then
 * only when the dispatcher asks (the dialog's refresh): the list holds still under the pointer while
 * events arrive; the dialog says when they did.
 */
export function useDriverCandidates(orderId: number, enabled: boolean) {
  return useQuery({
    ...driverCandidatesQueryOptions(orderId),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
