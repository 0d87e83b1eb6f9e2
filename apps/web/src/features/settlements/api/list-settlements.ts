import type { ListResponse, Settlement } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

export interface SettlementFilterParams {
  restaurant_id?: number;
  status?: Settlement['status'];
}

export interface SettlementListParams extends SettlementFilterParams {
  page: number;
  per_page: number;
  sort: string;
}

export function listSettlements(query: SettlementListParams, signal?: AbortSignal) {
  return api<ListResponse<Settlement>>('/settlements', { query: { ...query }, signal });
}

export const settlementsQueryOptions = (query: SettlementListParams) =>
  queryOptions({
    queryKey: settlementKeys.list(query),
    queryFn: ({ signal }) => listSettlements(query, signal),
    placeholderData: keepPreviousData,
  });

export function useSettlements(query: SettlementListParams) {
  return useQuery(settlementsQueryOptions(query));
}
