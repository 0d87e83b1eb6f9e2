import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api-client';

export function useSearch(q: string) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/search',
      { params: { query: { q } } },
      {
        enabled: q.trim().length > 0,
        staleTime: 30_000,
        placeholderData: keepPreviousData,
        select: (answer) => answer.data,
      },
    ),
  );
}
