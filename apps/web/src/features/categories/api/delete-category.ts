import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';

/** Refused with 409 `category_in_use` (its message names how many products use it; shown as the toast). */
export function deleteCategory(id: number): Promise<void> {
  return api<void>(`/categories/${id}`, { method: 'DELETE' });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: categoryKeys.detail(id) });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
    },
  });
}
