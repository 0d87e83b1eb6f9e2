import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { settlementKeys } from './keys';

/** One line of the payment orders CSV. */
export interface PaymentOrder {
  reference: string;
  /** The operation's account (config); empty when none is configured. */
  payer_iban: string;
  recipient: string;
  recipient_address: string;
  /** Fixed when the settlement was approved. */
  recipient_iban: string;
  amount: string;
  currency: string;
  purpose: string;
  period_from: string;
  period_to: string;
}

/** The CSV through the http client (a plain link cannot send the Bearer token). */
export function fetchPaymentOrdersCsv(id: number, signal?: AbortSignal): Promise<Blob> {
  return api<Blob>(`/settlements/${id}/payment-orders.csv`, { responseType: 'blob', signal });
}

/** Saves the CSV as a file through an <a download>. */
export async function downloadPaymentOrders(id: number): Promise<void> {
  const blob = await fetchPaymentOrdersCsv(id);
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

/** RFC 4180 rows: quoted fields, doubled quotes, commas and line breaks inside quotes. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((value) => value !== ''));
}

/** The payment orders as the CSV states them: the printable view shows exactly what the bank gets. */
export async function getPaymentOrders(id: number, signal?: AbortSignal): Promise<PaymentOrder[]> {
  const text = (await (await fetchPaymentOrdersCsv(id, signal)).text()).replace(/^\uFEFF/, '');
  const [header = [], ...lines] = parseCsv(text);
  return lines.map(
    (line) =>
      Object.fromEntries(
        // The CSV writer guards formula-like cells with an apostrophe; the sheet shows the text itself.
        header.map((name, i) => [name, (line[i] ?? '').replace(/^'(?=[=+\-@\t\r])/, '')]),
      ) as unknown as PaymentOrder,
  );
}

export const paymentOrdersQueryOptions = (id: number) =>
  queryOptions({
    queryKey: settlementKeys.paymentOrders(id),
    queryFn: ({ signal }) => getPaymentOrders(id, signal),
  });

export function usePaymentOrders(id: number, enabled: boolean) {
  return useQuery({ ...paymentOrdersQueryOptions(id), enabled: enabled && Number.isInteger(id) && id > 0 });
}
