import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import type { OrderFilterParams } from './list-orders';

/** The filtered orders as CSV: fetched with the Bearer token (a plain link cannot send it), then saved. */
export async function exportOrdersCsv(filters: OrderFilterParams & { sort?: string }): Promise<void> {
  const blob = await api<Blob>('/orders/export.csv', { query: { ...filters }, responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `orders-${new Date().toISOString().slice(0, 10)}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrdersCsv });
}
