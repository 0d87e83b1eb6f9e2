import type { EndShiftListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer, quiet, useWrite } from '../../../lib/api-client';

export type { EndShiftListParams };
export type EndShiftFilterParams = Pick<EndShiftListParams, 'status' | 'driver_id' | 'from' | 'to'>;

/** One request with the delivered cash orders of its shift (`endShiftRequestDetailSchema`). */
export type EndShiftRequestDetail = Answer<'get', '/api/end-shift-requests/{id}'>['data'];

export function useEndShiftRequests(query: EndShiftListParams) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/end-shift-requests',
      { params: { query } },
      { placeholderData: keepPreviousData },
    ),
  );
}

export function useEndShiftRequest(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/end-shift-requests/{id}',
      { params: { path: { id } } },
      { meta: quiet, enabled: Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}

/** "End shift": staff received the cash; the driver's shift ends. */
export const useCollectEndShiftRequest = (id: number) =>
  useWrite('post', '/api/end-shift-requests/{id}/collect', () => ({ params: { path: { id } } }));

/** Rejects a pending request with a reason the driver sees; the driver may send again. */
export const useRejectEndShiftRequest = (id: number) =>
  useWrite('post', '/api/end-shift-requests/{id}/reject', (reason: string) => ({
    params: { path: { id } },
    body: { reason },
  }));
