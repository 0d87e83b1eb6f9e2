import { BOARD_LANES, type BoardLane, type DispatchMode } from '@dostava/shared';
import type { ListParams } from '../../../lib/list-params';
import { oneOf, positiveId } from '../../../lib/url-filters';
import type { BoardCountsParams, OrderListParams } from '../api/orders';

/**
 * What the board asks the API, worked out from its URL: plain functions, so the board's hook only reads
 * the URL and its components only lay out the answer (as the drivers map's `selectors.ts`).
 */

export const PAGE_SIZES = [25, 50, 100];
export const BOARD_DEFAULT_SORT = 'urgency';
export const BOARD_SORTS = [BOARD_DEFAULT_SORT];

/** The board's filters in the URL, beside the list kit's page, size and search. */
export const BOARD_FILTERS = {
  lane: oneOf(BOARD_LANES),
  restaurant_id: positiveId,
  driver_id: positiveId,
  /** The delivery zone that priced the order (issue 37). */
  zone_id: positiveId,
  // Suggest mode: only the orders dispatch suggests a driver for.
  suggested: oneOf(['true']),
};
export type BoardFilter = keyof typeof BOARD_FILTERS;

export interface BoardQueryInput {
  params: ListParams;
  filters: Record<BoardFilter, string>;
  /** The operation's board (the kitchen's is 'restaurant'). */
  dispatch: boolean;
  /** The user may dispatch (`orders.dispatch`). */
  mayDispatch: boolean;
  /** The operation's dispatch mode, once known. */
  mode: DispatchMode | undefined;
}

export interface BoardQuery {
  lane: BoardLane;
  restaurantId: number | undefined;
  driverId: number | undefined;
  zoneId: number | undefined;
  perPage: number;
  /** A search looks at every lane; a dispatcher's also reaches the recent orders that are done. */
  searching: boolean;
  /** Suggest mode's switch: only the orders dispatch suggests a driver for. */
  onlySuggested: boolean;
  /** The orders with a suggestion come first. */
  suggestSort: boolean;
  /** GET /orders. */
  list: OrderListParams;
  /** GET /orders/lanes. */
  counts: BoardCountsParams;
}

export function boardQuery({ params, filters, dispatch, mayDispatch, mode }: BoardQueryInput): BoardQuery {
  const lane = BOARD_LANES.find((value) => value === filters.lane) ?? 'all';
  const restaurantId = filters.restaurant_id ? Number(filters.restaurant_id) : undefined;
  const driverId = filters.driver_id ? Number(filters.driver_id) : undefined;
  const zoneId = filters.zone_id ? Number(filters.zone_id) : undefined;
  const perPage = PAGE_SIZES.includes(params.per_page) ? params.per_page : (PAGE_SIZES[0] ?? 25);
  // Suggest mode: the orders with a suggestion come first, and may be shown alone (issue 33: at
  // saturation the few with a driver are not lost among hundreds without one).
  const onlySuggested = dispatch && mayDispatch && filters.suggested === 'true';
  const suggestSort = dispatch && mayDispatch && (mode === 'suggest' || onlySuggested);
  const searching = params.q.trim() !== '';
  const list: OrderListParams = searching
    ? {
        page: params.page,
        per_page: perPage,
        sort: '-created_at',
        q: params.q,
        restaurant_id: restaurantId,
        driver_id: driverId,
        zone_id: zoneId,
        ...(dispatch ? {} : { active: true }),
      }
    : {
        page: params.page,
        per_page: perPage,
        // The at-risk lane: the order predicted to miss its promise by the most first.
        sort: lane === 'at_risk' ? 'risk' : suggestSort ? 'suggestion' : 'urgency',
        lane,
        restaurant_id: restaurantId,
        driver_id: driverId,
        zone_id: zoneId,
        ...(onlySuggested ? { suggested: true } : {}),
      };
  return {
    lane,
    restaurantId,
    driverId,
    zoneId,
    perPage,
    searching,
    onlySuggested,
    suggestSort,
    list,
    counts: { restaurant_id: restaurantId, driver_id: driverId, zone_id: zoneId },
  };
}

/** The catalogue key of an empty board: nothing found, no suggestion, no active order, an empty lane. */
export function emptyBoardKey(query: Pick<BoardQuery, 'searching' | 'onlySuggested' | 'lane'>): string {
  if (query.searching) return 'common.not_found';
  if (query.onlySuggested) return 'orders.no_suggested';
  return query.lane === 'all' ? 'orders.no_active' : 'orders.lane_empty';
}
