import type { Session } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const sessionsKey = ['account', 'sessions'] as const;

export async function listSessions(signal?: AbortSignal): Promise<Session[]> {
  const { data } = await api<{ data: Session[] }>('/auth/sessions', { signal });
  return data;
}

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: sessionsKey, queryFn: ({ signal }) => listSessions(signal) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}
