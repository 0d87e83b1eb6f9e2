import { useQuery } from '@tanstack/react-query';
import { $api, useWrite } from '../../../lib/api-client';

/** An order's customer tracking link and rating (GET /orders/{id}/tracking). */
export function useTrackingLink(orderId: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/orders/{id}/tracking',
      { params: { path: { id: orderId } } },
      { select: (answer) => answer.data },
    ),
  );
}

export const useRevokeLink = () =>
  useWrite('post', '/api/orders/{id}/tracking/revoke', (id: number) => ({
    params: { path: { id } },
    body: {},
  }));

export const useReissueLink = () =>
  useWrite('post', '/api/orders/{id}/tracking/reissue', (id: number) => ({
    params: { path: { id } },
    body: {},
  }));
