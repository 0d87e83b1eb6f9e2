import { useMutation } from '@tanstack/react-query';
import { downloadFile, type ExportFormat } from '../../../lib/download';
import type { OrderFilterParams } from './list-orders';

/** The filtered orders as a CSV or a spreadsheet file. */
export const exportOrders = ({
  format,
  ...filters
}: OrderFilterParams & { sort?: string; format: ExportFormat }) =>
  downloadFile(`/orders/export.${format}`, `orders-${new Date().toISOString().slice(0, 10)}.${format}`, {
    ...filters,
  });

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
