import { type CurrentUser, can, type DashboardQuery } from '@dostava/shared';
import type { QueryClient } from '@tanstack/react-query';
import { incidentAnalyticsQueryOptions } from '../../../features/incidents/api/incidents';
import { ratingsQueryOptions } from '../../../features/tracking/api/ratings';

/** The dashboard's cards under its figures, asked for by its route's loader (issue 34). */
export function prefetchDashboardCards(queryClient: QueryClient, user: CurrentUser, query: DashboardQuery) {
  return Promise.all([
    queryClient.prefetchQuery(ratingsQueryOptions()),
    can(user, 'incidents.read') ? queryClient.prefetchQuery(incidentAnalyticsQueryOptions(query)) : null,
  ]);
}
