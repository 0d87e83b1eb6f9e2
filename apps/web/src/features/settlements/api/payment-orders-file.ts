import { useMutation } from '@tanstack/react-query';
import { downloadFile, type ExportFormat } from '../../../lib/download';

/** Saves the settlement's payment orders as a CSV or a spreadsheet file. */
export const downloadPaymentOrders = ({ id, format }: { id: number; format: ExportFormat }) =>
  downloadFile(`/settlements/${id}/payment-orders.${format}`, `payment-orders-${id}.${format}`);

export function useDownloadPaymentOrders() {
  return useMutation({ mutationFn: downloadPaymentOrders });
}
