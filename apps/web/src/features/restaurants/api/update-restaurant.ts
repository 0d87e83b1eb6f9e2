import type { DataResponse, Restaurant, RestaurantBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

export async function updateRestaurant(id: number, body: Partial<RestaurantBody>): Promise<Restaurant> {
  const { data } = await api<DataResponse<Restaurant>>(`/restaurants/${id}`, {
    method: 'PATCH',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateRestaurant(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<RestaurantBody>) => updateRestaurant(id, body),
    onSuccess: (restaurant) => {
      queryClient.setQueryData(restaurantKeys.detail(id), restaurant);
      return queryClient.invalidateQueries({ queryKey: restaurantKeys.lists() });
    },
  });
}
