import { useMutation, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

export function deleteRestaurant(id: number): Promise<void> {
  return api<void>(`/restaurants/${id}`, { method: 'DELETE' });
}

export function useDeleteRestaurant() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRestaurant,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: restaurantKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: restaurantKeys.lists() });
    },
  });
}
