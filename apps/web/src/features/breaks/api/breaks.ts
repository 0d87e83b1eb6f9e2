import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api, type Answer } from '../../../lib/api-client';

export interface BreaksRange {
  from?: string;
  to?: string;
}

/** A driver's breaks, with the totals per day in the operation's time zone (newest first). */
export type BreaksResult = Answer<'get', '/api/drivers/{id}/breaks'>;

export function useBreaks(driverId: number, range: BreaksRange) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/drivers/{id}/breaks',
      { params: { path: { id: driverId }, query: range } },
      { placeholderData: keepPreviousData, enabled: Number.isInteger(driverId) && driverId > 0 },
    ),
  );
}
