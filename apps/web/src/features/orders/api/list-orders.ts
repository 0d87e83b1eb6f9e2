import type { ListResponse, OrderListItem, OrderListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/** The filters of GET /orders (also those of the CSV export). */
export type OrderFilterParams = Omit<OrderListParams, 'page' | 'per_page' | 'sort'>;
export type { OrderListParams };

export function listOrders(query: OrderListParams, signal?: AbortSignal) {
  return api<ListResponse<OrderListItem>>('/orders', { query: { ...query }, signal });
}

export const ordersQueryOptions = (query: OrderListParams) =>
  queryOptions({
    queryKey: orderKeys.list(query),
    queryFn: ({ signal }) => listOrders(query, signal),
    placeholderData: keepPreviousData,
  });

/** `refetchInterval`: a fallback poll while the live stream is down. */
export function useOrders(query: OrderListParams, options: { refetchInterval?: number | false } = {}) {
  return useQuery({ ...ordersQueryOptions(query), refetchInterval: options.refetchInterval ?? false });
}
