import type { CurrentUser, DataResponse } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../../lib/http';
import { setUser } from '../../../lib/session';

export const meKey = ['auth', 'me'] as const;

export async function fetchMe(signal?: AbortSignal): Promise<CurrentUser> {
  const { data } = await api<DataResponse<CurrentUser>>('/auth/me', { signal, toast: false });
  return data;
}

export const meQueryOptions = () =>
  queryOptions({ queryKey: meKey, queryFn: ({ signal }) => fetchMe(signal) });

/** Revalidates the stored user (on mount, focus and reconnect) and keeps `adminuser` current. */
export function useMe(enabled: boolean) {
  const query = useQuery({ ...meQueryOptions(), enabled });
  useEffect(() => {
    if (query.data) setUser(query.data);
  }, [query.data]);
  return query;
}
