import type { UserListParams } from './list-users';

/** Query keys of the users domain; invalidating `all` refreshes every list and record. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (query: UserListParams) => [...userKeys.lists(), query] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
};
