import type { BoardLane, ListResponse, OrderListItem, OrderStatus } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/** The filters of GET /orders (also those of the CSV export). */
export interface OrderFilterParams {
  q?: string;
  status?: OrderStatus;
  active?: boolean;
  restaurant_id?: number;
  driver_id?: number;
  /** 'YYYY-MM-DD' (inclusive) or an ISO datetime. */
  from?: string;
  to?: string;
  /** Active orders of one lane of the board. */
  lane?: BoardLane;
}

export interface OrderListParams extends OrderFilterParams {
  page: number;
  per_page: number;
  sort: string;
}

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
