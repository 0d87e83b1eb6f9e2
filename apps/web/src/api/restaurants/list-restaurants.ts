import type { ListResponse, Restaurant, RestaurantListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { restaurantKeys } from './keys';

export type { RestaurantListParams };

export function listRestaurants(query: RestaurantListParams, signal?: AbortSignal) {
  return api<ListResponse<Restaurant>>('/restaurants', { query: { ...query }, signal });
}

export const restaurantsQueryOptions = (query: RestaurantListParams) =>
  queryOptions({
    queryKey: restaurantKeys.list(query),
    queryFn: ({ signal }) => listRestaurants(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRestaurants(query: RestaurantListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...restaurantsQueryOptions(query), enabled: options.enabled ?? true });
}
