import type {
  DashboardQuery,
  IncidentBody,
  IncidentListParams,
  IncidentResolveBody,
  IncidentSettingsBody,
  IncidentStatusBody,
  RefundBody,
} from '@dostava/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { $api, client, quiet, refresh, useWrite } from '../../../lib/api-client';
import { saveFile } from '../../../lib/download';
import { eventStream } from '../../../lib/event-stream';

export type { IncidentListParams };
export type IncidentFilterParams = Pick<
  IncidentListParams,
  'status' | 'type' | 'restaurant_id' | 'driver_id' | 'from' | 'to'
>;

export function useIncidents(query: IncidentListParams) {
  return useQuery(
    $api.queryOptions('get', '/api/incidents', { params: { query } }, { placeholderData: keepPreviousData }),
  );
}

/** The incidents of one order (the order page's panel): at most a page of them. */
export function useOrderIncidents(orderId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/incidents',
      { params: { query: { order_id: orderId, per_page: 100, page: 1, sort: '-created_at' } } },
      { select: (answer) => answer.data },
    ),
  );
}

/** Open and in-progress incidents (the dispatch board's counter), kept live by useIncidentEvents. */
export function useIncidentCounts(enabled = true) {
  return useQuery({ ...incidentCountsQueryOptions(), enabled });
}

export const incidentCountsQueryOptions = () =>
  $api.queryOptions('get', '/api/incidents/counts', {}, { select: (answer) => answer.data });

/**
 * Keeps the incidents on screen live: an incident reported, moved or resolved anywhere (the event
 * stream's `incident.changed`, restaurant staff hear their own restaurant's) refreshes the lists, the
 * counter and the order's refunds; a resync (missed events) does too.
 */
export function useIncidentEvents(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return eventStream.listen((message) => {
      if (message.kind === 'resync') {
        void refresh(queryClient, ['/api/incidents']);
        return;
      }
      const { event } = message;
      if (event.type !== 'incident.changed') return;
      void refresh(queryClient, ['/api/incidents']);
      void queryClient.invalidateQueries({
        queryKey: ['get', '/api/orders/{id}/refunds', { params: { path: { id: event.data.order_id } } }],
      });
    });
  }, [queryClient, enabled]);
}

/** What was paid, refunded and left on an order, line by line, with its refunds. */
export function useOrderRefunds(orderId: number, enabled = true) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/refunds',
      { params: { path: { id: orderId } } },
      { meta: quiet, enabled, select: (answer) => answer.data },
    ),
  );
}

/** The incidents whose redelivery a settlement lists (their cost charged or carried by the operation). */
export function useSettlementRedeliveries(settlementId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/incidents',
      { params: { query: { settlement_id: settlementId, per_page: 100, page: 1, sort: '-created_at' } } },
      { select: (answer) => answer.data },
    ),
  );
}

/** Cash refunds the office paid back (not the driver at the door): the cash register lists them. */
export function useOfficeCashRefunds() {
  return useQuery(
    $api.queryOptions('get', '/api/refunds', {
      params: {
        query: { cash_return: 'later', status: 'approved', per_page: 10, page: 1, sort: '-created_at' },
      },
    }),
  );
}

/** The refunds a settlement lists (deductions and those the operation took on). */
export function useSettlementRefunds(settlementId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/refunds',
      { params: { query: { settlement_id: settlementId, per_page: 100, page: 1, sort: '-created_at' } } },
      { select: (answer) => answer.data },
    ),
  );
}

export const useReportIncident = (orderId: number) =>
  useWrite(
    'post',
    '/api/orders/{id}/incidents',
    (body: IncidentBody) => ({ params: { path: { id: orderId } }, body }),
    { quiet: true },
  );

export const useMoveIncident = () =>
  useWrite(
    'post',
    '/api/incidents/{id}/status',
    ({ id, body }: { id: number; body: IncidentStatusBody }) => ({
      params: { path: { id } },
      body,
    }),
  );

export const useResolveIncident = () =>
  useWrite(
    'post',
    '/api/incidents/{id}/resolve',
    ({ id, body }: { id: number; body: IncidentResolveBody }) => ({ params: { path: { id } }, body }),
    { quiet: true },
  );

/**
 * A partial refund, with the dialog's Idempotency-Key: a double click or a retry of the same dialog
 * sends the same key, and the API answers with the first refund instead of refunding twice.
 */
export const useCreateRefund = (orderId: number) =>
  useWrite(
    'post',
    '/api/orders/{id}/refunds',
    ({ body, key }: { body: RefundBody; key: string }) => ({
      params: { path: { id: orderId } },
      body,
      headers: { 'Idempotency-Key': key },
    }),
    { quiet: true },
  );

export const useApproveRefund = () =>
  useWrite('post', '/api/refunds/{id}/approve', (id: number) => ({ params: { path: { id } } }));

export const useRejectRefund = () =>
  useWrite('post', '/api/refunds/{id}/reject', ({ id, reason }: { id: number; reason: string }) => ({
    params: { path: { id } },
    body: { reason },
  }));

/** The refund rules (Admins): the approval threshold and whether drivers may be charged. */
export function useIncidentSettings(enabled: boolean) {
  return useQuery(
    $api.queryOptions('get', '/api/incident-settings', {}, { enabled, select: (answer) => answer.data }),
  );
}

export const useUpdateIncidentSettings = () =>
  useWrite('patch', '/api/incident-settings', (body: IncidentSettingsBody) => ({ body }), { quiet: true });

/** GET /api/incidents/analytics of a dashboard period (the card's, and the dashboard route's loader's). */
export const incidentAnalyticsQueryOptions = (query: DashboardQuery) =>
  $api.queryOptions(
    'get',
    '/api/incidents/analytics',
    { params: { query } },
    { placeholderData: keepPreviousData, select: (answer) => answer.data },
  );

/** Incidents and refunds of the dashboard's period by type, restaurant, driver and payer. */
export function useIncidentAnalytics(query: DashboardQuery, enabled: boolean) {
  return useQuery({ ...incidentAnalyticsQueryOptions(query), enabled });
}

/** The same figures as a CSV file, saved under the period's dates. */
export function useExportIncidentAnalytics() {
  return useMutation({
    mutationFn: async (query: DashboardQuery) => {
      const { data } = await client.GET('/api/incidents/analytics.csv', {
        params: { query },
        parseAs: 'blob',
      });
      if (data) saveFile(data, `incidents-${new Date().toISOString().slice(0, 10)}.csv`);
    },
  });
}
