import type { DataResponse, OrderMap } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { driverLocationKeys } from './keys';

/** GET /api/orders/map: active orders' drop-off points and the restaurants they come from. */
export async function getOrderMap(signal?: AbortSignal): Promise<OrderMap> {
  const { data } = await api<DataResponse<OrderMap>>('/orders/map', { signal });
  return data;
}

export const orderMapQueryOptions = () =>
  queryOptions({
    queryKey: driverLocationKeys.orders,
    // The page refetches it when order events arrive (coalesced), not on a timer.
    queryFn: ({ signal }) => getOrderMap(signal),
  });

export function useOrderMap() {
  return useQuery(orderMapQueryOptions());
}
