import type { BoardCountsParams } from './board-counts';
import type { OrderListParams } from './list-orders';

/** Query keys of the orders domain; invalidating `all` refreshes every list and record. */
export const orderKeys = {
  all: ['orders'] as const,
  lists: () => [...orderKeys.all, 'list'] as const,
  list: (query: OrderListParams) => [...orderKeys.lists(), query] as const,
  /** The board's lane counts: invalidated with the lists. */
  lanes: (query: BoardCountsParams) => [...orderKeys.lists(), 'lanes', query] as const,
  details: () => [...orderKeys.all, 'detail'] as const,
  detail: (id: number) => [...orderKeys.details(), id] as const,
  /** Who could take an order: changes with drivers' states and with orders. */
  candidates: (id: number) => [...orderKeys.all, 'candidates', id] as const,
};
