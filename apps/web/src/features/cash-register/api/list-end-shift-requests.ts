import type { EndShiftListParams, EndShiftRequest, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { endShiftKeys } from './keys';

export type { EndShiftListParams };
export type EndShiftFilterParams = Pick<EndShiftListParams, 'status' | 'driver_id' | 'from' | 'to'>;

export function listEndShiftRequests(query: EndShiftListParams, signal?: AbortSignal) {
  return api<ListResponse<EndShiftRequest>>('/end-shift-requests', { query: { ...query }, signal });
}

export const endShiftRequestsQueryOptions = (query: EndShiftListParams) =>
  queryOptions({
    queryKey: endShiftKeys.list(query),
    queryFn: ({ signal }) => listEndShiftRequests(query, signal),
    placeholderData: keepPreviousData,
  });

export function useEndShiftRequests(query: EndShiftListParams) {
  return useQuery(endShiftRequestsQueryOptions(query));
}
