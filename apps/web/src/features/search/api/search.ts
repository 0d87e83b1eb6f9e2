import type { SearchHit } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export async function search(q: string, signal?: AbortSignal): Promise<SearchHit[]> {
  const { data } = await api<{ data: SearchHit[] }>('/search', { query: { q }, signal });
  return data;
}

export const searchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: ['search', q],
    queryFn: ({ signal }) => search(q, signal),
    enabled: q.trim().length > 0,
    staleTime: 30_000,
    placeholderData: keepPreviousData,
  });

export function useSearch(q: string) {
  return useQuery(searchQueryOptions(q));
}
