import type { DataResponse, Product, ProductPatchBody } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

/** `toast: false` from the form, which shows the refusal itself (useApiForm); the menu switch toasts. */
export async function updateProduct(id: number, body: ProductPatchBody, toast = true): Promise<Product> {
  const { data } = await api<DataResponse<Product>>(`/products/${id}`, { method: 'PATCH', body, toast });
  return data;
}

export function useUpdateProduct(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ProductPatchBody) => updateProduct(id, body, false),
    onSuccess: (product) => {
      queryClient.setQueryData(productKeys.detail(id), product);
      void queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
      return queryClient.invalidateQueries({ queryKey: productKeys.restaurantLists(product.restaurant_id) });
    },
  });
}
