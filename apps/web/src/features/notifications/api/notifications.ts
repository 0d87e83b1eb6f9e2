import type { NotificationSettings } from '@dostava/shared';
import { useQuery } from '@tanstack/react-query';
import { $api, quiet, useWrite } from '../../../lib/api-client';

/** What was sent to an order's customer (GET /orders/{id}/notifications). */
export function useOrderNotifications(orderId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/notifications',
      { params: { path: { id: orderId } } },
      {
        select: (answer) => answer.data,
        // A message still owed is being sent by a job: ask again until it has an answer.
        refetchInterval: (query) =>
          query.state.data?.data.some((row) => row.state === 'pending') ? 3000 : false,
      },
    ),
  );
}

export const useNotificationSetup = () =>
  useQuery($api.queryOptions('get', '/api/notifications/settings', {}, { select: (answer) => answer.data }));

export const useNotificationTemplates = () =>
  useQuery($api.queryOptions('get', '/api/notifications/templates', {}, { select: (answer) => answer.data }));

export const useSaveNotificationSettings = () =>
  useWrite('put', '/api/notifications/settings', (body: NotificationSettings) => ({ body }), { quiet: true });

export const useSaveTemplate = () =>
  useWrite(
    'put',
    '/api/notifications/templates/{event}/{language}',
    (v: { event: string; language: string; body: string }) => ({
      params: { path: { event: v.event, language: v.language } as never },
      body: { body: v.body },
    }),
    { quiet: true },
  );

export const usePreviewTemplate = () =>
  useWrite(
    'post',
    '/api/notifications/preview',
    (body: { event: string; language: string; body: string }) => ({ body: body as never }),
    { quiet: true },
  );

export { quiet };
