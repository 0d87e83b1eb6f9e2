import type { ListResponse, Product } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

export interface ProductListParams {
  page: number;
  per_page: number;
  sort: string;
  q?: string;
  category_id?: number;
  show_on_menu?: boolean;
}

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
