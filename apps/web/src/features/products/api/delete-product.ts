import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

export function deleteProduct(id: number): Promise<void> {
  return api<void>(`/products/${id}`, { method: 'DELETE' });
}

export function useDeleteProduct(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSuccess: (_result, id) => {
      queryClient.removeQueries({ queryKey: productKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: productKeys.restaurantLists(restaurantId) });
    },
  });
}
