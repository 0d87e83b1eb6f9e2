import type { DataResponse, Settlement } from '@dostava/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

/** Creates the bank payment orders of an approved settlement (422 while it is pending). */
export async function createPaymentOrders(id: number): Promise<Settlement | undefined> {
  const answer = await api<DataResponse<Settlement> | undefined>(`/settlements/${id}/payment-orders`, {
    method: 'POST',
  });
  return answer?.data;
}

export function useCreatePaymentOrders(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createPaymentOrders(id),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: settlementKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: settlementKeys.paymentOrders(id) });
      return queryClient.invalidateQueries({ queryKey: settlementKeys.lists() });
    },
  });
}
