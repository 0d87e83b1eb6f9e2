import type { AppType } from '@dostava/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { appVersionKeys } from './keys';

/** One reported version (the shared `appVersionUsageSchema`). */
export interface AppVersionUsage {
  app_type: AppType;
  version: string;
  reports: number;
  last_seen: string;
  outdated: boolean;
  force_update: boolean;
}

export async function getAppVersionUsage(signal?: AbortSignal): Promise<AppVersionUsage[]> {
  const { data } = await api<{ data: AppVersionUsage[] }>('/app-versions/usage', { signal });
  return data;
}

export const appVersionUsageQueryOptions = () =>
  queryOptions({ queryKey: appVersionKeys.usage(), queryFn: ({ signal }) => getAppVersionUsage(signal) });

export function useAppVersionUsage() {
  return useQuery(appVersionUsageQueryOptions());
}
