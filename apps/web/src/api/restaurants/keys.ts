import type { RestaurantListParams } from './list-restaurants';

/** Query keys of the restaurants domain; invalidating `all` refreshes every list and record. */
export const restaurantKeys = {
  all: ['restaurants'] as const,
  lists: () => [...restaurantKeys.all, 'list'] as const,
  list: (query: RestaurantListParams) => [...restaurantKeys.lists(), query] as const,
  detail: (id: number) => [...restaurantKeys.all, 'detail', id] as const,
  payoutRequests: (id: number) => [...restaurantKeys.all, 'payout-requests', id] as const,
  hours: (id: number) => [...restaurantKeys.all, 'hours', id] as const,
};
