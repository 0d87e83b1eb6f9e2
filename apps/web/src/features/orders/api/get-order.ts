import type { DataResponse, Order } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

export async function getOrder(id: number, signal?: AbortSignal, toast = true): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${id}`, { signal, toast });
  return data;
}

export const orderQueryOptions = (id: number) =>
  queryOptions({ queryKey: orderKeys.detail(id), queryFn: ({ signal }) => getOrder(id, signal, false) });

export function useOrder(id: number, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    ...orderQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: options.refetchInterval ?? false,
    retry: (count, error) => count < 2 && !('status' in error && [403, 404].includes(error.status as number)),
  });
}
