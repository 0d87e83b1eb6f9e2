import type { ListResponse, User, UserListParams } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../lib/http';
import { userKeys } from './keys';

export type { UserListParams };

export function listUsers(query: UserListParams, signal?: AbortSignal) {
  return api<ListResponse<User>>('/users', { query: { ...query }, signal });
}

export const usersQueryOptions = (query: UserListParams) =>
  queryOptions({
    queryKey: userKeys.list(query),
    queryFn: ({ signal }) => listUsers(query, signal),
    placeholderData: keepPreviousData,
  });

export function useUsers(query: UserListParams, options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(query), enabled: options.enabled ?? true });
}
