import type { DataResponse, Restaurant } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { restaurantKeys } from './keys';

export async function getRestaurant(id: number, signal?: AbortSignal): Promise<Restaurant> {
  const { data } = await api<DataResponse<Restaurant>>(`/restaurants/${id}`, { signal });
  return data;
}

export const restaurantQueryOptions = (id: number) =>
  queryOptions({ queryKey: restaurantKeys.detail(id), queryFn: ({ signal }) => getRestaurant(id, signal) });

export function useRestaurant(id: number) {
  return useQuery({ ...restaurantQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
