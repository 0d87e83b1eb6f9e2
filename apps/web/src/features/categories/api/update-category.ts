import type { Category, CategoryBody, DataResponse } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';

export async function updateCategory(id: number, body: Partial<CategoryBody>): Promise<Category> {
  const { data } = await api<DataResponse<Category>>(`/categories/${id}`, {
    method: 'PATCH',
    body,
    toast: false,
  });
  return data;
}

export function useUpdateCategory(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<CategoryBody>) => updateCategory(id, body),
    onSuccess: (category) => {
      queryClient.setQueryData(categoryKeys.detail(id), category);
      // Products show their category's name.
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      return queryClient.invalidateQueries({ queryKey: categoryKeys.lists() });
    },
  });
}
