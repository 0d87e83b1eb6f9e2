import {
  type BoardCounts,
  isActiveStatus,
  type ListResponse,
  type OrderListItem,
  type OrderListParams,
  type OrderStatus,
  STATUS_TARGET_MINUTES,
} from '@dostava/shared';
import type { BoardCountsParams } from '../api/orders';

/** What an order was before the change an event announces (null for a new order). */
export interface OrderBefore {
  status: OrderStatus;
  driver_id: number | null;
  status_changed_at: string;
  /** Why no driver fits it (the problems lane); absent from events of older servers. */
  dispatch_problem?: string | null;
}

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

type State = {
  status: OrderStatus;
  driver_id: number | null;
  status_changed_at: string;
  restaurant_id: number;
  dispatch_problem?: string | null;
};

const stateOf = (order: OrderListItem): State => ({
  status: order.status,
  driver_id: order.driver?.id ?? null,
  status_changed_at: order.status_changed_at,
  restaurant_id: order.restaurant.id,
  dispatch_problem: order.dispatch_problem,
});

/** When the order's next step is due (the board's urgency, as the API sorts it). */
export const dueAt = (state: Pick<State, 'status' | 'status_changed_at'>): number =>
  Date.parse(state.status_changed_at) + (STATUS_TARGET_MINUTES[state.status] ?? 0) * 60_000;

/**
 * The counters of the board an order adds to, as the API counts them (modules/orders LANE_FILTERS):
 * none when it is done. A counter this does not know (a lane added later) is left to reconciliation.
 */
export function countersOf(
  state: Pick<State, 'status' | 'driver_id' | 'status_changed_at' | 'dispatch_problem'>,
  now: number,
) {
  const keys = new Set<string>();
  if (!isActiveStatus(state.status)) return keys;
  const late = dueAt(state) <= now;
  keys.add('all');
  if (state.status === 'created') keys.add('new');
  if (state.status === 'preparing_order') keys.add('preparing');
  if (state.status === 'ready_for_pickup')
    keys.add(state.driver_id === null ? 'ready_no_driver' : 'awaiting_pickup');
  if (state.status === 'in_delivery') keys.add('in_delivery');
  if (state.status === 'no_answer' || late || state.dispatch_problem) keys.add('problems');
  if (late) keys.add('late');
  if (late && (state.status === 'created' || state.status === 'preparing_order'))
    keys.add('late_preparation');
  return keys;
}

const inFilters = (state: State, filters: { restaurant_id?: number; driver_id?: number }) =>
  (filters.restaurant_id === undefined || Number(filters.restaurant_id) === state.restaurant_id) &&
  (filters.driver_id === undefined || Number(filters.driver_id) === state.driver_id);

/** The two states of a change as the board sees them; `before` is null for a new order. */
function statesOf(change: OrderChange): { before: State | null; after: State } {
  const after = stateOf(change.order);
  const before = change.previous ? { ...change.previous, restaurant_id: after.restaurant_id } : null;
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
  inFilters(state, params) && countersOf(state, now).has(params.lane === 'all' ? 'all' : (params.lane ?? ''));

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
