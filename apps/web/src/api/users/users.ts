import type { UserListParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../lib/api-client';

export type { UserListParams };

export function useUsers({ is_active, ...query }: UserListParams, options: { enabled?: boolean } = {}) {
  // On the wire a flag is the text of its value.
  const active = is_active === undefined ? undefined : is_active ? 'true' : 'false';
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/users',
      { params: { query: { ...query, is_active: active } } },
      { placeholderData: keepPreviousData, enabled: options.enabled ?? true },
    ),
  );
}

export function useUser(id: number) {
  return useQuery(
    $api.queryOptions(
      'get',
      '/api/users/{id}',
      { params: { path: { id } } },
      { enabled: Number.isInteger(id) && id > 0, select: (answer) => answer.data },
    ),
  );
}
