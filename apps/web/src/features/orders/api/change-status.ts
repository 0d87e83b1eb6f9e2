import type { DataResponse, Order, OrderStatus } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '../../../lib/http';
import { orderKeys } from './keys';

export interface ChangeStatusInput {
  id: number;
  status: OrderStatus;
  reason?: string;
  /** The version on screen: a stale one is refused with 409 rather than overwriting. */
  version: number;
}

export async function changeOrderStatus({ id, ...body }: ChangeStatusInput): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${id}/status`, { method: 'POST', body });
  return data;
}

/** Success and failure both refresh what is on screen (a 409 means someone else changed the order). */
export function useChangeOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeOrderStatus,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (error, input) => {
      if (isApiError(error) && error.status !== 400) {
        void queryClient.invalidateQueries({ queryKey: orderKeys.detail(input.id) });
        void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      }
    },
  });
}
