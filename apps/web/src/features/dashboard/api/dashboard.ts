import type { DashboardQuery } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api-client';

export const dashboardQueryOptions = (query: DashboardQuery) =>
  $api.queryOptions(
    'get',
    '/api/dashboard',
    { params: { query } },
    { placeholderData: keepPreviousData, staleTime: 30_000, select: (answer) => answer.data },
  );

/** Every widget from one call; disabled while a custom range is incomplete or invalid. */
export function useDashboard(query: DashboardQuery, enabled = true) {
  return useQuery({ ...dashboardQueryOptions(query), enabled });
}
