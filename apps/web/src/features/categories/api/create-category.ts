import type { Category, CategoryBody, DataResponse } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';

export async function createCategory(body: CategoryBody): Promise<Category> {
  const { data } = await api<DataResponse<Category>>('/categories', { method: 'POST', body, toast: false });
  return data;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoryKeys.lists() }),
  });
}
