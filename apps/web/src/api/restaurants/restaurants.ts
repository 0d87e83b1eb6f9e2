import type { RestaurantListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../lib/api-client';

export type { RestaurantListParams };

export function useRestaurants(query: RestaurantListParams, options: { enabled?: boolean } = {}) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants',
      { params: { query } },
      { placeholderData: keepPreviousData, enabled: options.enabled ?? true },
    ),
  );
}

/** The cache key of one restaurant (its wire answer, `{ data }`). */
export const restaurantKey = (id: number) =>
  $api.queryOptions('get', '/api/restaurants/{id}', { params: { path: { id } } }).queryKey;

export function useRestaurant(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/restaurants/{id}',
      { params: { path: { id } } },
      { enabled: Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}
