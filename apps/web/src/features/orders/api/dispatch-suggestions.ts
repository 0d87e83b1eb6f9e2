import type { DataResponse, DispatchSuggestion, DispatchSuggestions } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { dispatchKeys } from '../../../api/dispatch/keys';
import { api } from '../../../lib/http';

/** While open, the suggestions are asked for again this often (besides the live refresh). */
export const SUGGESTIONS_RECONCILE_MS = 30_000;

export async function getDispatchSuggestions(signal?: AbortSignal): Promise<DispatchSuggestion[]> {
  const { data } = await api<DataResponse<DispatchSuggestions>>('/dispatch/suggestions', {
    signal,
    toast: false,
  });
  return data.items;
}

export const dispatchSuggestionsQueryOptions = () =>
  queryOptions({
    queryKey: dispatchKeys.suggestions(),
    queryFn: ({ signal }) => getDispatchSuggestions(signal),
  });

/**
 * The best driver for each active order in suggest mode, by order id. Only asked for while the board
 * shows such an order; refreshed by the live events (see `useSuggestionRefresh`) and every 30 s.
 */
export function useDispatchSuggestions(enabled: boolean) {
  return useQuery({
    ...dispatchSuggestionsQueryOptions(),
    enabled,
    refetchInterval: enabled ? SUGGESTIONS_RECONCILE_MS : false,
    select: (items) => new Map(items.map((item) => [item.order_id, item])),
  });
}
