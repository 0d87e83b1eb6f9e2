import {
  type BoardCounter,
  type DispatchMode,
  ON_THE_ROAD_STATUSES,
  STATUS_TARGET_MINUTES,
  TERMINAL_STATUSES,
  WAITING_STATUSES,
} from '@dostava/shared';
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import { orders } from '../../db/schema/index.js';

/**
 * The order rules of packages/shared/src/order-rules.ts, each once as a named SQL fragment (issue 35).
 * Each takes the orders table or an alias of it (`ordersAs('o')` in a subquery), so a raw statement
 * states a rule by name instead of spelling its statuses again. order-rules.test.ts runs every
 * fragment and its TypeScript twin over the same orders and requires them to agree.
 */

/** The columns the rules read, of the orders table or of an alias of it. */
type OrdersTable = Record<
  | 'status'
  | 'driver_id'
  | 'dispatch_locked'
  | 'restaurant_id'
  | 'status_changed_at'
  | 'dispatch_problem'
  | 'risk_reason'
  | 'promised_at',
  AnyPgColumn
>;

/** The orders table under another name, for subqueries: written `from "orders" o`, its columns render `"o"."…"`. */
export const ordersAs = (name: string) => alias(orders, name);

/** Literals, not parameters: the planner then matches the partial index of active orders. */
const list = (statuses: readonly string[]) => sql.raw(statuses.map((s) => `'${s}'`).join(', '));

/** In a status it never leaves (TERMINAL_STATUSES). */
export const isTerminal = (t: OrdersTable = orders) =>
  sql<boolean>`(${t.status} in (${list(TERMINAL_STATUSES)}))`;
/** Not finished yet (isActiveStatus). */
export const isActive = (t: OrdersTable = orders) =>
  sql<boolean>`(${t.status} not in (${list(TERMINAL_STATUSES)}))`;
/** The driver has the food (isOnTheRoad). */
export const isOnTheRoad = (t: OrdersTable = orders) =>
  sql<boolean>`(${t.status} in (${list(ON_THE_ROAD_STATUSES)}))`;
/** In a status where it may wait for a driver (WAITING_STATUSES), whoever holds it. */
export const inWaitingStatus = (t: OrdersTable = orders) =>
  sql<boolean>`(${t.status} in (${list(WAITING_STATUSES)}))`;
/** Waits for a driver: accepted by the kitchen, no driver, not locked by a dispatcher (waitsForDriver). */
export const waitsForDriver = (t: OrdersTable = orders) =>
  sql<boolean>`(${inWaitingStatus(t)} and ${t.driver_id} is null and not ${t.dispatch_locked})`;

/**
 * The order's dispatch mode (effectiveDispatchMode): its restaurant's own, else the operation's, else
 * manual. `operation` is the operation's mode when the caller already read it (a round), else it is
 * read from the settings row.
 */
export const dispatchModeOf = (t: OrdersTable = orders, operation?: DispatchMode) =>
  sql<DispatchMode>`coalesce((select r."dispatch_mode" from "restaurants" r where r."id" = ${t.restaurant_id}),
    ${operation ?? sql`(select ds."mode" from "dispatch_settings" ds where ds."id" = 1)`}, 'manual')`;

/** When the order's next step is due (dueAt). */
export const dueAt = (t: OrdersTable = orders) =>
  sql`(${t.status_changed_at} + (case ${t.status} ${sql.join(
    Object.entries(STATUS_TARGET_MINUTES).map(([status, minutes]) =>
      sql.raw(`when '${status}' then ${minutes}`),
    ),
    sql` `,
  )} else 0 end) * interval '1 minute')`;
/** Active and past its status's target time (isLate). */
export const isLate = (t: OrdersTable = orders) => sql<boolean>`(${isActive(t)} and ${dueAt(t)} <= now())`;

/** Each counter of the board as a condition on an order (COUNTER_RULES). */
export const counterRule = (t: OrdersTable = orders): Record<BoardCounter, SQL<boolean>> => ({
  all: isActive(t),
  new: sql`(${t.status} = 'created')`,
  preparing: sql`(${t.status} = 'preparing_order')`,
  ready_no_driver: sql`(${t.status} = 'ready_for_pickup' and ${t.driver_id} is null)`,
  awaiting_pickup: sql`(${t.status} = 'ready_for_pickup' and ${t.driver_id} is not null)`,
  in_delivery: sql`(${t.status} = 'in_delivery')`,
  // No answer at the door, late in its status, or no driver fits it (decision 0024).
  problems: sql`(${t.status} = 'no_answer' or ${isLate(t)} or (${isActive(t)} and ${t.dispatch_problem} is not null))`,
  // Predicted to miss the promise while there is still time to act (decision 0021).
  at_risk: sql`(${t.risk_reason} is not null and coalesce(${t.promised_at} > now(), false))`,
  late: isLate(t),
  late_preparation: sql`(${t.status} in ('created', 'preparing_order') and ${isLate(t)})`,
});
/** The counters over the orders table itself (the board's lists and counts). */
export const COUNTER_SQL = counterRule();
