import type { AppVersionListParams } from './list-app-versions';

/** Query keys of the app versions domain; invalidating `all` refreshes the list and the usage. */
export const appVersionKeys = {
  all: ['app-versions'] as const,
  lists: () => [...appVersionKeys.all, 'list'] as const,
  list: (query: AppVersionListParams) => [...appVersionKeys.lists(), query] as const,
  usage: () => [...appVersionKeys.all, 'usage'] as const,
};
