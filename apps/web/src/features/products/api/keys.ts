import type { ProductListParams } from './list-products';

/** Query keys of the products domain; invalidating `all` refreshes every list and record. */
export const productKeys = {
  all: ['products'] as const,
  lists: () => [...productKeys.all, 'list'] as const,
  restaurantLists: (restaurantId: number) => [...productKeys.lists(), restaurantId] as const,
  list: (restaurantId: number, query: ProductListParams) =>
    [...productKeys.restaurantLists(restaurantId), query] as const,
  detail: (id: number) => [...productKeys.all, 'detail', id] as const,
};
