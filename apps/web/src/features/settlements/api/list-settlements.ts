import type { ListResponse, Settlement, SettlementListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

export type { SettlementListParams };
export type SettlementFilterParams = Pick<SettlementListParams, 'restaurant_id' | 'status'>;

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
