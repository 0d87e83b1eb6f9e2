import type { SettlementBody, SettlementListParams } from '@dostava/shared';
import type { paths } from '@dostava/shared/wire';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { $api, client, quiet, useWrite } from '../../../lib/api-client';
import { type ExportFormat, saveFile } from '../../../lib/download';

export type { SettlementListParams };
export type SettlementFilterParams = Pick<SettlementListParams, 'restaurant_id' | 'status'>;

export function useSettlements(query: SettlementListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/settlements',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export const settlementQueryOptions = (id: number) =>
  $api.queryOptions(
    'get',
    '/api/settlements/{id}',
    { params: { path: { id } } },
    { meta: quiet, select: (answer) => answer.data },
  );

export function useSettlement(id: number) {
  return useQuery({ ...settlementQueryOptions(id), enabled: Number.isInteger(id) && id > 0 });
}

/** The payment orders as the API gives them to the bank's CSV: the printed sheet shows exactly that. */
export function usePaymentOrders(id: number, enabled: boolean) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/settlements/{id}/payment-orders',
      { params: { path: { id } } },
      { meta: quiet, enabled: enabled && Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}

/** Creates a pending settlement of 7–31 days; an overlapping period is refused (409) in the dialog. */
export const useCreateSettlement = () =>
  useWrite('post', '/api/settlements', (body: SettlementBody) => ({ body }), {
    quiet: true,
    onSuccess: (answer, _body, queryClient) =>
      queryClient.setQueryData(settlementQueryOptions(answer.data.id).queryKey, answer),
  });

/**
 * Approves a pending settlement, once; a second approval is refused (409), and then what the server
 * has now is shown.
 */
export const useApproveSettlement = (id: number) =>
  useWrite('post', '/api/settlements/{id}/approve', () => ({ params: { path: { id } } }), {
    onSuccess: (answer, _none, queryClient) =>
      queryClient.setQueryData(settlementQueryOptions(id).queryKey, answer),
  });

/** Deletes a pending settlement; an approved one is refused (409). */
export const useDeleteSettlement = () =>
  useWrite('delete', '/api/settlements/{id}', (id: number) => ({ params: { path: { id } } }), {
    onSuccess: (_answer, id, queryClient) =>
      queryClient.removeQueries({ queryKey: settlementQueryOptions(id).queryKey }),
  });

/** Creates the bank payment orders of an approved settlement (422 while it is pending). */
export const useCreatePaymentOrders = (id: number) =>
  useWrite('post', '/api/settlements/{id}/payment-orders', () => ({ params: { path: { id } } }));

/** The file's path as the contract spells it: a misspelt one does not compile. */
const paymentOrdersPath = (format: ExportFormat) =>
  `/api/settlements/{id}/payment-orders.${format}` as const satisfies keyof paths;

/** Saves the settlement's payment orders as a CSV or a spreadsheet file (read as a Blob). */
export async function downloadPaymentOrders({ id, format }: { id: number; format: ExportFormat }) {
  const { data } = await client.GET(paymentOrdersPath(format), {
    params: { path: { id } },
    parseAs: 'blob',
  });
  if (data) saveFile(data, `payment-orders-${id}.${format}`);
}

export function useDownloadPaymentOrders() {
  return useMutation({ mutationFn: downloadPaymentOrders });
}
