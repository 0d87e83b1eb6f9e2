import type { DataResponse, Product, ProductBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

export async function createProduct(restaurantId: number, body: ProductBody): Promise<Product> {
  const { data } = await api<DataResponse<Product>>(`/restaurants/${restaurantId}/products`, {
    method: 'POST',
    body,
    toast: false,
  });
  return data;
}

export function useCreateProduct(restaurantId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductBody) => createProduct(restaurantId, body),
    onSuccess: () => {
      // Categories count the products that use them.
      void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: productKeys.restaurantLists(restaurantId) });
    },
  });
}
