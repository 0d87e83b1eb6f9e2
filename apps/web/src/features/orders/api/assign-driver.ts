import type { DataResponse, Order } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { driverKeys } from '../../../api/drivers/keys';
import { api } from '../../../lib/http';
import { orderKeys } from './keys';

/** `allow_busy`: the dispatcher confirmed giving one more order to a driver who already carries one. */
export async function assignDriver(input: {
  id: number;
  driver_id: number;
  allow_busy?: boolean;
}): Promise<Order> {
  const { data } = await api<DataResponse<Order>>(`/orders/${input.id}/assign`, {
    method: 'POST',
    body: { driver_id: input.driver_id, ...(input.allow_busy ? { allow_busy: true } : {}) },
  });
  return data;
}

export function useAssignDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignDriver,
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id), order);
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      return queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
    },
    onError: (_error, input) => {
      void queryClient.invalidateQueries({ queryKey: orderKeys.detail(input.id) });
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
    },
  });
}
