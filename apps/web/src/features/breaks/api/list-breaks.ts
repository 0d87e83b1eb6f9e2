import type { Break } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export interface BreaksRange {
  from?: string;
  to?: string;
}

export interface BreaksResult {
  data: Break[];
  /** Per day in the operation's time zone, newest first. */
  days: { day: string; breaks: number; total_seconds: number }[];
  driver: { id: number; first_name: string; last_name: string };
}

export const breakKeys = {
  all: ['breaks'] as const,
  list: (driverId: number, range: BreaksRange) => [...breakKeys.all, driverId, range] as const,
};

/** GET /api/drivers/:id/breaks?from&to */
export function listBreaks(
  driverId: number,
  range: BreaksRange,
  signal?: AbortSignal,
): Promise<BreaksResult> {
  return api<BreaksResult>(`/drivers/${driverId}/breaks`, { signal, query: { ...range } });
}

export const breaksQueryOptions = (driverId: number, range: BreaksRange) =>
  queryOptions({
    queryKey: breakKeys.list(driverId, range),
    queryFn: ({ signal }) => listBreaks(driverId, range, signal),
    placeholderData: keepPreviousData,
  });

export function useBreaks(driverId: number, range: BreaksRange) {
  return useQuery({
    ...breaksQueryOptions(driverId, range),
    enabled: Number.isInteger(driverId) && driverId > 0,
  });
}
