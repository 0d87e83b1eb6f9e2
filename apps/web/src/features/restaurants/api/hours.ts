import type { DataResponse, Hours, HoursBody } from '@dostava/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { restaurantKeys } from '../../../api/restaurants/keys';
import { api } from '../../../lib/http';

export async function getRestaurantHours(id: number, signal?: AbortSignal): Promise<Hours> {
  const { data } = await api<DataResponse<Hours>>(`/restaurants/${id}/hours`, { signal, toast: false });
  return data;
}

export function useRestaurantHours(id: number) {
  return useQuery({
    queryKey: restaurantKeys.hours(id),
    queryFn: ({ signal }) => getRestaurantHours(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export async function updateRestaurantHours(id: number, body: HoursBody): Promise<Hours> {
  const { data } = await api<DataResponse<Hours>>(`/restaurants/${id}/hours`, {
    method: 'PUT',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateRestaurantHours(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: HoursBody) => updateRestaurantHours(id, body),
    onSuccess: (hours) => {
      queryClient.setQueryData(restaurantKeys.hours(id), hours);
      // Whether it is open now follows the hours: the restaurant and the lists say it.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: restaurantKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: restaurantKeys.lists() }),
      ]);
    },
  });
}
