import type { DataResponse, Restaurant, RestaurantBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

export async function createRestaurant(body: RestaurantBody): Promise<Restaurant> {
  const { data } = await api<DataResponse<Restaurant>>('/restaurants', {
    method: 'POST',
    body,
    toast: false,
  });
  return data;
}

export function useCreateRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createRestaurant,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: restaurantKeys.lists() }),
  });
}
