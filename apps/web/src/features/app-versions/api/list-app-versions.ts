import type { AppVersion, AppVersionListParams, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { appVersionKeys } from './keys';

export type { AppVersionListParams };

export function listAppVersions(query: AppVersionListParams, signal?: AbortSignal) {
  return api<ListResponse<AppVersion>>('/app-versions', { query: { ...query }, signal });
}

export const appVersionsQueryOptions = (query: AppVersionListParams) =>
  queryOptions({
    queryKey: appVersionKeys.list(query),
    queryFn: ({ signal }) => listAppVersions(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAppVersions(query: AppVersionListParams) {
  return useQuery(appVersionsQueryOptions(query));
}
