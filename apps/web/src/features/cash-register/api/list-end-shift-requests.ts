import type { EndShiftRequest, EndShiftStatus, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { endShiftKeys } from './keys';

export interface EndShiftFilterParams {
  status?: EndShiftStatus;
  driver_id?: number;
  from?: string;
  to?: string;
}

export interface EndShiftListParams extends EndShiftFilterParams {
  page: number;
  per_page: number;
  sort: string;
}

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
