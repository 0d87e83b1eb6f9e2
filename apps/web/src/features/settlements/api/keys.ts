import type { SettlementListParams } from './list-settlements';

/** Query keys of the settlements domain; invalidating `all` refreshes every list and settlement. */
export const settlementKeys = {
  all: ['settlements'] as const,
  lists: () => [...settlementKeys.all, 'list'] as const,
  list: (query: SettlementListParams) => [...settlementKeys.lists(), query] as const,
  detail: (id: number) => [...settlementKeys.all, 'detail', id] as const,
  paymentOrders: (id: number) => [...settlementKeys.all, 'payment-orders', id] as const,
};
