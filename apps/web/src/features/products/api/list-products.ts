import type { ListResponse, Product, ProductListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

export type { ProductListParams };

export function listProducts(restaurantId: number, query: ProductListParams, signal?: AbortSignal) {
  return api<ListResponse<Product>>(`/restaurants/${restaurantId}/products`, { query: { ...query }, signal });
}

export const productsQueryOptions = (restaurantId: number, query: ProductListParams) =>
  queryOptions({
    queryKey: productKeys.list(restaurantId, query),
    queryFn: ({ signal }) => listProducts(restaurantId, query, signal),
    placeholderData: keepPreviousData,
  });

export function useProducts(restaurantId: number, query: ProductListParams) {
  return useQuery(productsQueryOptions(restaurantId, query));
}
