import type { DataResponse, Order } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/** Locks an order out of automatic dispatch (a dispatcher assigns it), or returns it. */
export async function setDispatchLock(input: { id: number; locked: boolean }): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${input.id}/dispatch-lock`, {
    method: 'POST',
    body: { locked: input.locked },
  });
  return data;
}

export function useDispatchLock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDispatchLock,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(input.id) });
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
  });
}
