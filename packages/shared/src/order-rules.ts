import type { DispatchMode } from './dispatch.js';

/**
 * The order rules every side states the same way (issue 35). Each rule here is a pure function over
 * an order's columns; the API states each once more as a named SQL fragment
 * (apps/api/src/modules/orders/order-rules.ts), and one API test runs both over the same orders and
 * requires them to agree. Nothing here imports another order module: orders, eta, dispatch and the
 * web's live cache all import these, never the other way round.
 */

export const ORDER_STATUSES = [
  'created',
  'preparing_order',
  'ready_for_pickup',
  'in_delivery',
  'delivered',
  'cancelled',
  'returned',
  'declined',
  'no_answer',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Statuses an order never leaves. */
export const TERMINAL_STATUSES = [
  'delivered',
  'cancelled',
  'declined',
  'returned',
] as const satisfies readonly OrderStatus[];
export const ACTIVE_STATUSES = ORDER_STATUSES.filter(
  (s) => !(TERMINAL_STATUSES as readonly string[]).includes(s),
) as OrderStatus[];
export const isActiveStatus = (status: OrderStatus) =>
  !(TERMINAL_STATUSES as readonly string[]).includes(status);

/** Statuses in which the driver has the food (picked up, at the door): the driver is delivering. */
export const ON_THE_ROAD_STATUSES = ['in_delivery', 'no_answer'] as const satisfies readonly OrderStatus[];
export const isOnTheRoad = (status: OrderStatus) =>
  (ON_THE_ROAD_STATUSES as readonly string[]).includes(status);

/** Statuses in which an order may wait for a driver: the kitchen accepted it, nobody picked it up. */
export const WAITING_STATUSES = [
  'preparing_order',
  'ready_for_pickup',
] as const satisfies readonly OrderStatus[];

/**
 * An order waits for a driver: the kitchen accepted it, it has no driver and no dispatcher locked it
 * (a locked order waits for a person, not for dispatch). Dispatch offers, suggests and pools only these.
 */
export const waitsForDriver = (order: {
  status: OrderStatus;
  driver_id: number | null;
  dispatch_locked: boolean;
}) =>
  (WAITING_STATUSES as readonly string[]).includes(order.status) &&
  order.driver_id === null &&
  !order.dispatch_locked;

/** An order's dispatch mode: its restaurant's own, else the operation's, else manual. */
export const effectiveDispatchMode = (
  restaurantMode: DispatchMode | null,
  operationMode: DispatchMode | null,
): DispatchMode => restaurantMode ?? operationMode ?? 'manual';

/** Target minutes per active status before an order counts as late (amber at the target, red at 1.5×). */
export const STATUS_TARGET_MINUTES: Partial<Record<OrderStatus, number>> = {
  created: 5,
  preparing_order: 25,
  ready_for_pickup: 10,
  in_delivery: 30,
  no_answer: 10,
};

/** When the order's next step is due: its status's target minutes after the status began (ms). */
export const dueAt = (order: { status: OrderStatus; status_changed_at: Date | string }): number =>
  new Date(order.status_changed_at).getTime() + (STATUS_TARGET_MINUTES[order.status] ?? 0) * 60_000;

/**
 * The dispatch board's lanes: `ready_no_driver` is ready for pickup with nobody to pick it up,
 * `awaiting_pickup` ready with a driver on the way, `problems` no answer at the door, late in its
 * status (see STATUS_TARGET_MINUTES) or no driver fits it (decision 0024), `at_risk` predicted to miss
 * its promise while there is still time to act (decision 0021; its `risk_reason` says why). `all` is
 * every active order.
 */
export const BOARD_LANES = [
  'all',
  'new',
  'preparing',
  'ready_no_driver',
  'awaiting_pickup',
  'in_delivery',
  'at_risk',
  'problems',
] as const;
export type BoardLane = (typeof BOARD_LANES)[number];
/** The board's counters: one per lane, and the late ones (`late` ⊂ problems, `late_preparation` ⊂ late). */
export const BOARD_COUNTERS = [...BOARD_LANES, 'late', 'late_preparation'] as const;
export type BoardCounter = (typeof BOARD_COUNTERS)[number];

/** What the lane rules read of an order; the fields absent from an older event count as unknown. */
export interface LaneState {
  status: OrderStatus;
  driver_id: number | null;
  status_changed_at: Date | string;
  dispatch_problem?: string | null;
  risk_reason?: string | null;
  promised_at?: Date | string | null;
}

/** Late: active and past its status's target time. */
export const isLate = (order: LaneState, now: number) => isActiveStatus(order.status) && dueAt(order) <= now;

/** Each counter as a condition on an order at `now` (ms). */
export const COUNTER_RULES: Record<BoardCounter, (order: LaneState, now: number) => boolean> = {
  all: (o) => isActiveStatus(o.status),
  new: (o) => o.status === 'created',
  preparing: (o) => o.status === 'preparing_order',
  ready_no_driver: (o) => o.status === 'ready_for_pickup' && o.driver_id === null,
  awaiting_pickup: (o) => o.status === 'ready_for_pickup' && o.driver_id !== null,
  in_delivery: (o) => o.status === 'in_delivery',
  problems: (o, now) =>
    o.status === 'no_answer' || isLate(o, now) || (isActiveStatus(o.status) && !!o.dispatch_problem),
  at_risk: (o, now) =>
    !!o.risk_reason &&
    o.promised_at !== null &&
    o.promised_at !== undefined &&
    new Date(o.promised_at).getTime() > now,
  late: (o, now) => isLate(o, now),
  late_preparation: (o, now) => (o.status === 'created' || o.status === 'preparing_order') && isLate(o, now),
};

/** The counters of the board an active order adds to at `now`; none when it is done. */
export function countersOf(order: LaneState, now: number): Set<BoardCounter> {
  const keys = new Set<BoardCounter>();
  if (!isActiveStatus(order.status)) return keys;
  for (const key of BOARD_COUNTERS) if (COUNTER_RULES[key](order, now)) keys.add(key);
  return keys;
}
