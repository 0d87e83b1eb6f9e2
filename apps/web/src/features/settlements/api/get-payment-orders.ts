import type { DataResponse, PaymentOrder } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

/** The payment orders as the API gives them to the bank's CSV: the printed sheet shows exactly that. */
export async function getPaymentOrders(id: number, signal?: AbortSignal): Promise<PaymentOrder[]> {
  const { data } = await api<DataResponse<PaymentOrder[]>>(`/settlements/${id}/payment-orders`, {
    signal,
    toast: false,
  });
  return data;
}

export const paymentOrdersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: settlementKeys.paymentOrders(id),
    queryFn: ({ signal }) => getPaymentOrders(id, signal),
  });

export function usePaymentOrders(id: number, enabled: boolean) {
  return useQuery({ ...paymentOrdersQueryOptions(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
