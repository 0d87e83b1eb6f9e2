/** Query keys of the categories domain; invalidating `all` refreshes every list and record. */
export const categoryKeys = {
  all: ['categories'] as const,
  lists: () => [...categoryKeys.all, 'list'] as const,
  list: (q: string) => [...categoryKeys.lists(), { q }] as const,
  detail: (id: number) => [...categoryKeys.all, 'detail', id] as const,
};
