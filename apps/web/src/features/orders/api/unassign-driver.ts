import type { DataResponse, Order } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

export async function unassignDriver(input: { id: number; reason?: string }): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${input.id}/unassign`, {
    method: 'POST',
    body: input.reason ? { reason: input.reason } : {},
  });
  return data;
}

export function useUnassignDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unassignDriver,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(input.id) });
    },
  });
}
