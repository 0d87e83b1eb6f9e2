import type { Dashboard, DashboardQuery, DataResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';

export const dashboardKeys = {
  all: ['dashboard'] as const,
  detail: (query: DashboardQuery) => [...dashboardKeys.all, query] as const,
};

export async function getDashboard(query: DashboardQuery, signal?: AbortSignal): Promise<Dashboard> {
  const { data } = await api<DataResponse<Dashboard>>('/dashboard', { query: { ...query }, signal });
  return data;
}

export const dashboardQueryOptions = (query: DashboardQuery) =>
  queryOptions({
    queryKey: dashboardKeys.detail(query),
    queryFn: ({ signal }) => getDashboard(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** Every widget from one call; disabled while a custom range is incomplete or invalid. */
export function useDashboard(query: DashboardQuery, enabled = true) {
  return useQuery({ ...dashboardQueryOptions(query), enabled });
}
