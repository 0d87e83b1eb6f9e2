import type { DataResponse, Product } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { productKeys } from './keys';

export async function getProduct(id: number, signal?: AbortSignal): Promise<Product> {
  const { data } = await api<DataResponse<Product>>(`/products/${id}`, { signal, toast: false });
  return data;
}

export const productQueryOptions = (id: number) =>
  queryOptions({ queryKey: productKeys.detail(id), queryFn: ({ signal }) => getProduct(id, signal) });

export function useProduct(id: number) {
  return useQuery({ ...productQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}
