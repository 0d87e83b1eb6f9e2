import type {
  WebhookDeliveryListParams,
  WebhookEndpointInput,
  WebhookEndpointListParams,
} from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer, useWrite } from '../../../lib/api-client';

export type WebhookEndpointRow = Answer<'get', '/api/webhook-endpoints'>['data'][number];
export type WebhookDeliveryRow = Answer<'get', '/api/webhook-endpoints/{id}/deliveries'>['data'][number];

export function useWebhookEndpoints(query: Omit<WebhookEndpointListParams, 'disabled'>) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/webhook-endpoints',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useWebhookEndpoint(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/webhook-endpoints/{id}',
      { params: { path: { id } } },
      { select: (a) => a.data },
    ),
  );
}

export function useWebhookDeliveries(id: number, query: WebhookDeliveryListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/webhook-endpoints/{id}/deliveries',
      { params: { path: { id }, query } },
      // Deliveries are sent in the background: the log looks again every few seconds while open.
      { placeholderData: keepPreviousData, refetchInterval: 5000 },
    ),
  );
}

export const useCreateWebhookEndpoint = () =>
  useWrite('post', '/api/webhook-endpoints', (body: WebhookEndpointInput) => ({ body: body as never }), {
    quiet: true,
  });

export const useUpdateWebhookEndpoint = () =>
  useWrite(
    'patch',
    '/api/webhook-endpoints/{id}',
    ({ id, body }: { id: number; body: WebhookEndpointInput }) => ({
      params: { path: { id } },
      body: body as never,
    }),
    { quiet: true },
  );

/**
 * The endpoints the workers disabled (410 Gone, or failing for days): what the Admins must be told.
 * Looked at again every minute and whenever the window gets focus.
 */
export function useDisabledWebhookEndpoints(enabled = true) {
  return useQuery({ ...disabledWebhookEndpointsQueryOptions(), enabled, refetchInterval: 60_000 });
}

export const disabledWebhookEndpointsQueryOptions = () =>
  $api.queryOptions('get', '/api/webhook-endpoints', {
    params: { query: { disabled: 'true', per_page: 20, page: 1, sort: 'url' } },
  });

export const useEnableWebhookEndpoint = () =>
  useWrite('patch', '/api/webhook-endpoints/{id}', (id: number) => ({
    params: { path: { id } },
    body: { is_active: true },
  }));

export const useSendTestEvent = () =>
  useWrite('post', '/api/webhook-endpoints/{id}/test', (id: number) => ({ params: { path: { id } } }));

export const useReplayDelivery = () =>
  useWrite('post', '/api/webhook-deliveries/{id}/replay', (id: number) => ({ params: { path: { id } } }));

export const useReplayFailed = () =>
  useWrite('post', '/api/webhook-endpoints/{id}/replay', ({ id, since }: { id: number; since: string }) => ({
    params: { path: { id } },
    body: { since },
  }));

export const useDeleteWebhookEndpoint = () =>
  useWrite('delete', '/api/webhook-endpoints/{id}', (id: number) => ({ params: { path: { id } } }));
