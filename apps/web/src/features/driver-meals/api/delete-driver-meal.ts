import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverMealKeys } from '../../../api/driver-meals/keys';
import { api } from '../../../lib/http';

/** Deletes a meal that no approved settlement covers (409 when settled). */
export function deleteDriverMeal(id: number): Promise<void> {
  return api<void>(`/driver-meals/${id}`, { method: 'DELETE' });
}

export function useDeleteDriverMeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteDriverMeal,
    onSettled: () => queryClient.invalidateQueries({ queryKey: driverMealKeys.lists() }),
  });
}
