import { DEFAULT_PER_PAGE, type OrderListParams, type OrderStatus } from '@dostava/shared';
import type { paths } from '@dostava/shared/wire';
import { keepPreviousData, type QueryClient, useMutation, useQuery } from '@tanstack/react-query';
import { $api, type Answer, client, quiet, useWrite } from '../../../lib/api-client';
import { type ExportFormat, saveFile } from '../../../lib/download';
import { isApiError } from '../../../lib/http';

/** The filters of GET /orders (also those of the CSV export). */
export type OrderFilterParams = Omit<OrderListParams, 'page' | 'per_page' | 'sort'>;
export type { OrderListParams };

/** The filters of GET /orders/lanes (the same as the board's list). */
export interface BoardCountsParams {
  restaurant_id?: number;
  driver_id?: number;
  zone_id?: number;
  q?: string;
}

/** A poll while the live stream is down. */
interface Polling {
  refetchInterval?: number | false;
}

/** The list's query as the wire spells it: a query string has no booleans (`active=true`). */
function wireQuery({
  active,
  suggested,
  ...query
}: OrderListParams): paths['/api/orders']['get']['parameters']['query'] {
  return {
    ...query,
    ...(active === undefined ? {} : { active: active ? 'true' : 'false' }),
    ...(suggested ? { suggested: 'true' } : {}),
  };
}

export const ordersQueryOptions = (query: OrderListParams) =>
  $api.queryOptions(
    'get',
    '/api/orders',
    { params: { query: wireQuery(query) } },
    { placeholderData: keepPreviousData },
  );

/** The sort /orders opens with (its page's default). */
export const ORDERS_DEFAULT_SORT = '-created_at';

/**
 * The list /orders shows with nothing in its URL (no filter, page, sort or search): what its route's
 * loader asks for beside the page's chunk, found in flight by the page's own query (the same key).
 */
export const plainOrdersQueryOptions = () =>
  ordersQueryOptions({ page: 1, per_page: DEFAULT_PER_PAGE, sort: ORDERS_DEFAULT_SORT });

export function useOrders(query: OrderListParams, options: Polling = {}) {
  return useQuery({ ...ordersQueryOptions(query), refetchInterval: options.refetchInterval ?? false });
}

export const boardCountsQueryOptions = (query: BoardCountsParams) =>
  $api.queryOptions(
    'get',
    '/api/orders/lanes',
    { params: { query } },
    { placeholderData: keepPreviousData, select: (answer) => answer.data },
  );

/** The board's lane counts; `refetchInterval` only while the live stream is down. */
export function useBoardCounts(query: BoardCountsParams, options: Polling = {}) {
  return useQuery({ ...boardCountsQueryOptions(query), refetchInterval: options.refetchInterval ?? false });
}

export const orderQueryOptions = (id: number) =>
  $api.queryOptions(
    'get',
    '/api/orders/{id}',
    { params: { path: { id } } },
    { meta: quiet, select: (answer) => answer.data },
  );

export function useOrder(id: number, options: Polling = {}) {
  return useQuery({
    ...orderQueryOptions(id),
    enabled: Number.isInteger(id) && id > 0,
    refetchInterval: options.refetchInterval ?? false,
    retry: (count, error) => count < 2 && !(isApiError(error) && [403, 404].includes(error.status)),
  });
}

/**
 * The drivers who could take the order, fittest first. Fetched when the assign dialog opens and then
 * only when the dispatcher asks (the dialog's refresh): the list holds still under the pointer while
 * events arrive; the dialog says when they did.
 */
export function useDriverCandidates(orderId: number, enabled: boolean) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/driver-candidates',
      { params: { path: { id: orderId } } },
      {
        enabled,
        select: (answer) => answer.data,
        staleTime: Number.POSITIVE_INFINITY,
        refetchOnMount: 'always',
        refetchOnWindowFocus: false,
        refetchOnReconnect: false,
      },
    ),
  );
}

/** While open, the suggestions are asked for again this often (besides the live refresh). */
export const SUGGESTIONS_RECONCILE_MS = 30_000;

/**
 * The best driver for each active order in suggest mode, by order id. Only asked for while the board
 * shows such an order; refreshed by the live events (see `useSuggestionRefresh`) and every 30 s.
 */
export function useDispatchSuggestions(enabled: boolean) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/dispatch/suggestions',
      {},
      {
        meta: quiet,
        enabled,
        refetchInterval: enabled ? SUGGESTIONS_RECONCILE_MS : false,
        select: (answer) => new Map(answer.data.items.map((item) => [item.order_id, item])),
      },
    ),
  );
}

/** The order a write answered with, in the cache of its details at once (the refresh follows). */
function keep(
  answer: Answer<'post', '/api/orders/{id}/status'>,
  _variables: unknown,
  queryClient: QueryClient,
) {
  queryClient.setQueryData(orderQueryOptions(answer.data.id).queryKey, answer);
}

/** Success and failure both refresh what is on screen (a 409 means someone else changed the order). */
export const useChangeOrderStatus = () =>
  useWrite(
    'post',
    '/api/orders/{id}/status',
    ({ id, reason, ...body }: { id: number; status: OrderStatus; reason?: string; version: number }) => ({
      params: { path: { id } },
      body: { ...body, reason: reason ?? null },
    }),
    { onSuccess: keep },
  );

/** `allow_busy`: the dispatcher confirmed giving one more order to a driver who already carries one. */
export const useAssignDriver = () =>
  useWrite(
    'post',
    '/api/orders/{id}/assign',
    ({ id, driver_id, allow_busy }: { id: number; driver_id: number; allow_busy?: boolean }) => ({
      params: { path: { id } },
      body: { driver_id, ...(allow_busy ? { allow_busy: true } : {}) },
    }),
    { onSuccess: keep },
  );

export const useUnassignDriver = () =>
  useWrite(
    'post',
    '/api/orders/{id}/unassign',
    ({ id, reason }: { id: number; reason?: string }) => ({
      params: { path: { id } },
      body: { reason: reason || null },
    }),
    { onSuccess: keep },
  );

/** Locks an order out of automatic dispatch (a dispatcher assigns it), or returns it. */
export const useDispatchLock = () =>
  useWrite(
    'post',
    '/api/orders/{id}/dispatch-lock',
    ({ id, locked }: { id: number; locked: boolean }) => ({ params: { path: { id } }, body: { locked } }),
    { onSuccess: keep },
  );

/**
 * Accepts the suggestion shown: it names its driver, so a suggestion that moved meanwhile is refused
 * (409 suggestion_changed, its translated message toasted by the client) rather than swapped. Success
 * or refusal, the board asks again for what it shows: the rows, the drivers, the suggestions.
 */
export const useAcceptSuggestion = () =>
  useWrite(
    'post',
    '/api/orders/{id}/accept-suggestion',
    ({ id, driver_id }: { id: number; driver_id: number }) => ({
      params: { path: { id } },
      body: { driver_id },
    }),
    { onSuccess: keep },
  );

/** The export's path as the contract spells it: a misspelt one does not compile. */
const exportPath = (format: ExportFormat) => `/api/orders/export.${format}` as const satisfies keyof paths;

/**
 * The filtered orders as a CSV or a spreadsheet file, read as a Blob by the typed client. The list's
 * sort is not the export's (it has none): the file keeps the API's own order, as it always did.
 */
export async function exportOrders({
  format,
  sort: _sort,
  ...filters
}: OrderFilterParams & { sort?: string; format: ExportFormat }) {
  const { active, suggested: _suggested, ...query } = filters;
  const { data } = await client.GET(exportPath(format), {
    params: { query: { ...query, ...(active === undefined ? {} : { active: active ? 'true' : 'false' }) } },
    parseAs: 'blob',
  });
  if (data) saveFile(data, `orders-${new Date().toISOString().slice(0, 10)}.${format}`);
}

export function useExportOrders() {
  return useMutation({ mutationFn: exportOrders });
}
