import type { Category, DataResponse } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { categoryKeys } from '../../../api/categories/keys';
import { api } from '../../../lib/http';

export async function getCategory(id: number, signal?: AbortSignal): Promise<Category> {
  const { data } = await api<DataResponse<Category>>(`/categories/${id}`, { signal, toast: false });
  return data;
}

export const categoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: categoryKeys.detail(id), queryFn: ({ signal }) => getCategory(id, signal) });

export function useCategory(id: number) {
  return useQuery({ ...categoryQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
