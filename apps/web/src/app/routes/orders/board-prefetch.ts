import { type CurrentUser, can } from '@dostava/shared';
import type { QueryClient } from '@tanstack/react-query';
import { zonesQueryOptions } from '../../../api/zones/zones';
import { incidentCountsQueryOptions } from '../../../features/incidents/api/incidents';
import { prefetchBoard } from '../../../features/orders/board/board-prefetch';
import { capacityListQueryOptions } from '../../../features/restaurants/api/restaurants';

/**
 * The operation board's page, asked for by its route's loader beside the page's chunk (issue 34): the
 * board's first page and lane counts, and what the page shows around them (the open incidents'
 * counter, the strip of busy or closed restaurants, the zone filter's zones). Asked only once those
 * had rendered, the board counted as shown a round later.
 */
export function prefetchBoardPage(queryClient: QueryClient, url: string, user: CurrentUser) {
  return Promise.all([
    prefetchBoard(queryClient, url, user),
    can(user, 'incidents.read') ? queryClient.prefetchQuery(incidentCountsQueryOptions()) : null,
    can(user, 'restaurants.capacity') ? queryClient.prefetchQuery(capacityListQueryOptions()) : null,
    can(user, 'zones.read') ? queryClient.prefetchQuery(zonesQueryOptions()) : null,
  ]);
}
