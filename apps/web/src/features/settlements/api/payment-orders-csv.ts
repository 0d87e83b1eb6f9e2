import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';

/** Saves the CSV as a file through an <a download>; fetched by the http client, as a plain link sends no token. */
export async function downloadPaymentOrders(id: number): Promise<void> {
  const blob = await api<Blob>(`/settlements/${id}/payment-orders.csv`, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `payment-orders-${id}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useDownloadPaymentOrders() {
  return useMutation({ mutationFn: downloadPaymentOrders });
}
