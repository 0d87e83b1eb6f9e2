import {
  type BoardCounts,
  countersOf,
  dueAt,
  type LaneState,
  type ListResponse,
  type OrderBefore,
  type OrderListItem,
  type OrderListParams,
} from '@dostava/shared';
import type { BoardCountsParams } from '../api/orders';

export type { OrderBefore };

/** The payload of an order event from this API: the order as a list row and what it was before. */
export interface OrderChange {
  order: OrderListItem;
  previous: OrderBefore | null;
}

/** The change an order event carries, or null when it carries none (then the screen refetches). */
export function orderChangeOf(data: {
  order?: OrderListItem;
  previous?: OrderBefore | null;
}): OrderChange | null {
  return data.order ? { order: data.order, previous: data.previous ?? null } : null;
}

type State = LaneState & { status_changed_at: string; restaurant_id: number; zone_id: number | null };

const stateOf = (order: OrderListItem): State => ({
  status: order.status,
  driver_id: order.driver?.id ?? null,
  status_changed_at: order.status_changed_at,
  restaurant_id: order.restaurant.id,
  zone_id: order.zone_id,
  dispatch_problem: order.dispatch_problem,
  risk_reason: order.risk_reason,
  promised_at: order.promised_at,
});

/**
 * The board's counters an order adds to, and its lanes, are the shared lane rules (order-rules.ts),
 * the same the API counts and filters by; an API test requires the two to agree.
 */
export { countersOf, dueAt };

const inFilters = (state: State, filters: { restaurant_id?: number; driver_id?: number; zone_id?: number }) =>
  (filters.restaurant_id === undefined || Number(filters.restaurant_id) === state.restaurant_id) &&
  (filters.driver_id === undefined || Number(filters.driver_id) === state.driver_id) &&
  (filters.zone_id === undefined || Number(filters.zone_id) === state.zone_id);

/** The two states of a change as the board sees them; `before` is null for a new order. */
function statesOf(change: OrderChange): { before: State | null; after: State } {
  const after = stateOf(change.order);
  const previous = change.previous;
  // An event of an older server says nothing of the risk it had: then it is taken as unchanged.
  const before = previous
    ? {
        ...previous,
        restaurant_id: after.restaurant_id,
        zone_id: after.zone_id,
        risk_reason: previous.risk_reason === undefined ? after.risk_reason : previous.risk_reason,
        promised_at: previous.promised_at === undefined ? after.promised_at : previous.promised_at,
      }
    : null;
  return { before, after };
}

/**
 * The lane counts after a change: one off the counters the order was in, one on those it is in now,
 * each within the counts' filters. Undefined when the counts cannot be moved from an event (a search:
 * the caller refetches those).
 */
export function applyToCounts(
  counts: BoardCounts,
  filters: BoardCountsParams,
  change: OrderChange,
  now: number,
): BoardCounts | undefined {
  if (filters.q?.trim()) return undefined;
  const { before, after } = statesOf(change);
  const next: Record<string, unknown> = { ...counts };
  const shift = (state: State | null, by: number) => {
    if (!state || !inFilters(state, filters)) return;
    for (const key of countersOf(state, now))
      if (typeof next[key] === 'number') next[key] = Math.max(0, (next[key] as number) + by);
  };
  shift(before, -1);
  shift(after, +1);
  return next as BoardCounts;
}

/** Whether a list can take an event in place: a board lane by urgency, without search or dates. */
export const isLaneList = (params: OrderListParams) =>
  params.sort === 'urgency' &&
  !!params.lane &&
  !params.q?.trim() &&
  !params.from &&
  !params.to &&
  params.status === undefined &&
  params.active === undefined;

const inLane = (state: State, params: OrderListParams, now: number) =>
  inFilters(state, params) && params.lane !== undefined && countersOf(state, now).has(params.lane);

const byUrgency = (a: OrderListItem, b: OrderListItem) => dueAt(a) - dueAt(b) || a.id - b.id;

/**
 * A board lane's page after a change: the row replaced, inserted where the urgency sort puts it (when
 * that is on this page) or taken out, and the total moved. Undefined when the list is not a lane
 * (the caller refetches it). Rows pushed off the page's end are dropped; a page that runs short is
 * filled by the next reconciliation.
 */
export function applyToList(
  list: ListResponse<OrderListItem>,
  params: OrderListParams,
  change: OrderChange,
  now: number,
): ListResponse<OrderListItem> | undefined {
  if (!isLaneList(params)) return undefined;
  const { before, after } = statesOf(change);
  const wasIn = before !== null && inLane(before, params, now);
  const isIn = inLane(after, params, now);
  const total = Math.max(0, list.meta.total + Number(isIn) - Number(wasIn));
  const rows = list.data.filter((row) => row.id !== change.order.id);
  const present = rows.length !== list.data.length;
  if (isIn) {
    const order = change.order;
    const first = rows[0];
    const last = rows.at(-1);
    const firstPage = list.meta.page <= 1;
    const full = rows.length >= list.meta.per_page;
    // On this page if it sorts within the rows shown, or at the end of a page with room.
    const fits =
      present ||
      ((firstPage || (first !== undefined && byUrgency(order, first) > 0)) &&
        (!full || (last !== undefined && byUrgency(order, last) < 0)));
    if (fits) {
      rows.push(order);
      rows.sort(byUrgency);
    }
  }
  if (!present && rows.length === list.data.length && total === list.meta.total) return list;
  return { ...list, data: rows.slice(0, list.meta.per_page), meta: { ...list.meta, total } };
}
