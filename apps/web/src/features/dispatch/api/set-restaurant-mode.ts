import type { DataResponse, DispatchMode, Restaurant } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dispatchKeys } from '../../../api/dispatch/keys';
import { restaurantKey } from '../../../api/restaurants/restaurants';
import { api } from '../../../lib/http';

/** PUT /restaurants/:id/dispatch-mode: the restaurant's own mode, or null to follow the operation. */
export async function setRestaurantDispatchMode(id: number, mode: DispatchMode | null): Promise<Restaurant> {
  const { data } = await api<DataResponse<Restaurant>>(`/restaurants/${id}/dispatch-mode`, {
    method: 'PUT',
    body: { mode },
  });
  return data;
}

export function useSetRestaurantDispatchMode(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mode: DispatchMode | null) => setRestaurantDispatchMode(id, mode),
    onSuccess: (restaurant) => {
      queryClient.setQueryData(restaurantKey(id), { data: restaurant });
      void queryClient.invalidateQueries({ queryKey: ['get', '/api/restaurants'] });
      void queryClient.invalidateQueries({ queryKey: dispatchKeys.suggestions() });
    },
  });
}
