import {
  BOARD_COUNTERS,
  type BoardCounter,
  type BoardCounts,
  type BoardCountsQuery,
  type BoardLane,
  can,
  DISPATCH_SEARCH_DAYS,
  type DispatchProblem,
  type DriverCandidate,
  isActiveStatus,
  isRestaurantRole,
  ORDER_STATUSES,
  type Order,
  type OrderListItem,
  type OrderMap,
  type OrderMapQuery,
  type orderListQuery,
  type RiskReason,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  drivers,
  orderItems,
  orderStatusHistory,
  orders,
  restaurants,
  statsOrdersStatus,
  users,
} from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { fullName, looksLikeOrderNumber, textSearch } from '../../lib/search.js';
import { matchesUnlessNull, numberOrNull, preparedFor, readTogether } from '../../lib/sql.js';
import { orderOffersOf, pendingOffer } from '../dispatch/dispatch-queries.js';
import {
  activeOrders,
  driverState,
  endShiftRequested,
  isoOf,
  plannedEnd,
} from '../drivers/drivers-service.js';
import { kmBetween } from '../eta/eta-models.js';
import { etaHistory, toOrderEta } from '../eta/eta-predictions.js';
import { COUNTER_SQL, dispatchModeOf, dueAt, isActive, isTerminal } from './order-rules.js';

type ListQuery = z.output<typeof orderListQuery>;
/** The filters of a list, without its paging and sorting: what the board's counts, the map and the export take. */
export type OrderFilterQuery = Omit<ListQuery, 'page' | 'per_page' | 'sort' | 'suggested'>;

const buyer = alias(users, 'buyer');
const driver = alias(users, 'driver');
const quantity =
  sql<number>`(select coalesce(sum(oi.quantity), 0)::int from "order_items" oi where oi."order_id" = "orders"."id")`.mapWith(
    Number,
  );

const listColumns = {
  id: orders.id,
  order_number: orders.order_number,
  status: orders.status,
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  buyer_id: buyer.id,
  buyer_first_name: buyer.first_name,
  buyer_last_name: buyer.last_name,
  driver_id: driver.id,
  driver_first_name: driver.first_name,
  driver_last_name: driver.last_name,
  quantity,
  payment_method: orders.payment_method,
  restaurant_amount: orders.restaurant_amount,
  delivery_costs: orders.delivery_costs,
  restaurant_total_amount: orders.restaurant_total_amount,
  total: orders.total,
  address: orders.address,
  created_at: orders.created_at,
  status_changed_at: orders.status_changed_at,
  driver_request_time: orders.driver_request_time,
  delivered_at: orders.delivered_at,
  estimated_delivery_minutes: orders.estimated_delivery_minutes,
  promised_at: orders.promised_at,
  predicted_delivery_at: orders.predicted_delivery_at,
  risk_reason: orders.risk_reason,
  dispatch_mode: dispatchModeOf(),
  dispatch_locked: orders.dispatch_locked,
  dispatch_problem: orders.dispatch_problem,
  offer: pendingOffer,
  version: orders.version,
  zone_id: orders.zone_id,
};
const detailColumns = {
  ...listColumns,
  lat: orders.lat,
  lng: orders.lng,
  note: orders.note,
  commission: orders.commission,
  customer_phone: orders.customer_phone,
  driver_phone: driver.phone,
  predicted_pickup_at: orders.predicted_pickup_at,
};
export const selectOrders = (db: Db) =>
  db
    .select(listColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .innerJoin(buyer, eq(buyer.id, orders.customer_id))
    .leftJoin(driver, eq(driver.id, orders.driver_id));
export type OrderRow = Awaited<ReturnType<typeof selectOrders>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
export function toListItem(r: OrderRow): OrderListItem {
  return {
    id: r.id,
    order_number: r.order_number,
    status: r.status,
    restaurant: { id: r.restaurant_id, name: r.restaurant_name },
    buyer: { id: r.buyer_id, first_name: r.buyer_first_name, last_name: r.buyer_last_name },
    driver:
      r.driver_id !== null
        ? { id: r.driver_id, first_name: r.driver_first_name ?? '', last_name: r.driver_last_name ?? '' }
        : null,
    quantity: r.quantity,
    payment_method: r.payment_method,
    restaurant_amount: r.restaurant_amount,
    delivery_costs: r.delivery_costs,
    restaurant_total_amount: r.restaurant_total_amount,
    total: r.total,
    address: r.address,
    created_at: r.created_at.toISOString(),
    status_changed_at: r.status_changed_at.toISOString(),
    driver_request_time: iso(r.driver_request_time),
    delivered_at: iso(r.delivered_at),
    delivered_time: r.delivered_at
      ? Math.round((r.delivered_at.getTime() - r.created_at.getTime()) / 60_000)
      : null,
    estimated_delivery_minutes: r.estimated_delivery_minutes,
    promised_at: iso(r.promised_at),
    predicted_delivery_at: iso(r.predicted_delivery_at),
    risk_reason: r.risk_reason as RiskReason | null,
    dispatch_mode: r.dispatch_mode,
    dispatch_locked: r.dispatch_locked,
    dispatch_problem: r.dispatch_problem as DispatchProblem | null,
    offer: r.offer,
    version: r.version,
    zone_id: r.zone_id,
  };
}

const active = isActive();

/** Each lane of the board as a condition on active orders (the shared lane rules, order-rules.ts). */
const LANE_FILTERS: Record<BoardLane, SQL> = COUNTER_SQL;

/** Minutes to spare before the promise (negative: predicted late by that much); least first is most at risk. */
const slack = sql`(${orders.promised_at} - ${orders.predicted_delivery_at})`;

/**
 * The search text (lib/search.ts): an order number, whole or in part ('1234', 'D1012' and 'd10123' find
 * D101234), or a buyer's name in any case, with or without accents. Only
 * columns of orders here (the buyer through a semi-join), so a page is read by index alone.
 */
function searchFilter(q: string): SQL | undefined {
  const number = textSearch(q, [], [{ column: orders.order_number }]);
  if (!number || looksLikeOrderNumber(q)) return number;
  const buyer = textSearch(q, [fullName({ first_name: sql`u.first_name`, last_name: sql`u.last_name` })]);
  // `= any(array(…))`, not `in (…)`: the buyers' ids come first, so both halves read an index and
  // the planner ORs the two bitmaps (an `in` beside an OR scanned every order).
  return or(number, sql`${orders.customer_id} = any(array(select u.id from "users" u where ${buyer}))`);
}

/**
 * The one rule of what a reader without the history (the dispatcher) reaches, in a list, a search and
 * by id alike: every active order, and any order created in the last DISPATCH_SEARCH_DAYS days (a
 * customer calls about the order delivered an hour ago). Undefined when the caller has the history.
 */
export function historyScope(actor: ActorContext): SQL | undefined {
  if (can(actor, 'orders.history')) return undefined;
  return or(active, sql`${orders.created_at} >= now() - ${`${DISPATCH_SEARCH_DAYS} days`}::interval`);
}

/**
 * Refuses an order outside the caller's history scope as not found, never forbidden: the ids are
 * sequential, and a 403 would confirm that an order exists.
 */
export async function assertReachable(db: Db, actor: ActorContext, id: number) {
  const scope = historyScope(actor);
  if (!scope) return;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), scope));
  if (!row) throw new NotFound();
}

/** The filters of a list or an export, with the caller's scope applied. */
export function orderFilters(actor: ActorContext, query: OrderFilterQuery): SQL[] {
  const filters: SQL[] = [];
  if (isRestaurantRole(actor.role)) {
    if (query.restaurant_id !== undefined && query.restaurant_id !== actor.restaurant_id)
      throw new Forbidden();
    filters.push(eq(orders.restaurant_id, actor.restaurant_id ?? -1));
  }
  // Without the history (dispatchers follow the live board): active orders only, except that a search
  // reaches every order in the history scope.
  const scope = historyScope(actor);
  const searching = !!query.q?.trim() && !query.lane;
  const activeOnly = scope && !searching ? true : query.active;
  if (scope && activeOnly !== true) filters.push(scope);
  if (query.lane) filters.push(active, LANE_FILTERS[query.lane]);
  if (activeOnly === true) filters.push(active);
  if (activeOnly === false) filters.push(isTerminal());
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.restaurant_id !== undefined) filters.push(eq(orders.restaurant_id, query.restaurant_id));
  if (query.driver_id !== undefined) filters.push(eq(orders.driver_id, query.driver_id));
  if (query.zone_id !== undefined) filters.push(eq(orders.zone_id, query.zone_id));
  if (query.from) filters.push(gte(orders.created_at, new Date(query.from)));
  if (query.to) {
    // A bare date means the whole of that day.
    const to = /^\d{4}-\d{2}-\d{2}$/.test(query.to)
      ? new Date(Date.parse(query.to) + 86_400_000)
      : new Date(query.to);
    filters.push(lt(orders.created_at, to));
  }
  if (query.q) {
    const match = searchFilter(query.q);
    if (match) filters.push(match);
  }
  return filters;
}

/** Each sort's columns, ending in the id, so pages never overlap; each has an index in that order. */
const sortColumns = (suggested: SQL) => ({
  created_at: [orders.created_at, orders.id],
  total: [orders.total, orders.id],
  status: [orders.status, orders.created_at, orders.id],
  order_number: [orders.id],
  urgency: [dueAt(), orders.id],
  risk: [slack, orders.id],
  // False sorts first: the orders with a suggestion, then the rest, each by urgency.
  suggestion: [sql`(not ${suggested})`, dueAt(), orders.id],
});

/** Whether dispatch suggests a driver for the order, from the ids the planner gave (decision 0024). */
const amongSuggested = (ids: readonly number[]) => sql`(${orders.id} = any(${sql.param([...ids])}::int[]))`;

/**
 * The one restaurant a prepared statement filters by (null: every restaurant): restaurant staff's own,
 * whatever they asked (orderFilters refuses another's), or the filter asked for.
 */
const restaurantOf = (actor: ActorContext, query: { restaurant_id?: unknown }) =>
  isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : (query.restaurant_id ?? null);

/**
 * The list's total from the per-restaurant status counters when the filters are ones they keep
 * (restaurant, status, active): a sum of a few rows instead of counting a million orders. Dates,
 * drivers and search count the rows themselves.
 */
async function countFromRollup(db: Db, actor: ActorContext, query: ListQuery): Promise<number | null> {
  if (
    query.from ||
    query.to ||
    query.q ||
    query.driver_id !== undefined ||
    query.zone_id !== undefined ||
    query.lane ||
    query.suggested
  )
    return null;
  const active = can(actor, 'orders.history') ? query.active : true;
  const statuses = ORDER_STATUSES.filter(
    (s) =>
      (active === undefined || isActiveStatus(s) === active) &&
      (query.status === undefined || s === query.status),
  );
  if (statuses.length === 0) return 0;
  const [row] = await listStatements(db).total.execute({
    statuses,
    restaurant: restaurantOf(actor, query),
  });
  return Number(row?.n ?? 0);
}

/** The parts of every list page that do not depend on its filters, prepared. */
const listStatements = preparedFor((db: Db) => {
  return {
    // Arrays travel as arrays of a built-in type: PGlite cannot serialize an array of an enum.
    rows: selectOrders(db)
      .where(sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('orders_page_rows'),
    total: db
      .select({ n: sql<number>`coalesce(sum(${statsOrdersStatus.orders}), 0)::int` })
      .from(statsOrdersStatus)
      .where(
        and(
          sql`${statsOrdersStatus.status} = any(${sql.placeholder('statuses')}::text[]::order_status[])`,
          matchesUnlessNull(statsOrdersStatus.restaurant_id, 'restaurant'),
        ),
      )
      .prepare('orders_total_from_counters'),
  };
});

/** Whether a list needs to know which orders dispatch suggests a driver for (its filter or its sort). */
export const needsSuggestions = (query: ListQuery) =>
  query.suggested === true || query.sort.replace(/^-/, '') === 'suggestion';

/**
 * A page of orders. `suggested`: the ids of the orders dispatch suggests a driver for now, which the
 * `suggested` filter and the `suggestion` sort need (the caller solves the round: needsSuggestions).
 */
export async function listOrders(
  db: Db,
  actor: ActorContext,
  query: ListQuery,
  suggested: readonly number[] = [],
) {
  const among = amongSuggested(suggested);
  const where = and(...orderFilters(actor, query), query.suggested ? among : undefined);
  const direction = query.sort.startsWith('-') ? desc : asc;
  const columns = sortColumns(among);
  const order = columns[query.sort.replace(/^-/, '') as keyof typeof columns].map((c) => direction(c));
  const { limit, offset } = pageOf(query);
  // The page's ids first, from orders alone (an index walk even at a million rows), then the 20 rows
  // with their restaurant, buyer and driver, put back in the page's order.
  const [page, total] = await readTogether(db, [
    () =>
      db
        .select({ id: orders.id })
        .from(orders)
        .where(where)
        .orderBy(...order)
        .limit(limit)
        .offset(offset),
    () =>
      countFromRollup(db, actor, query).then(
        async (counted) =>
          counted ??
          Number((await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where))[0]?.n ?? 0),
      ),
  ]);
  const ids = page.map((r) => r.id);
  const position = new Map(ids.map((id, i) => [id, i]));
  const rows = ids.length ? await listStatements(db).rows.execute({ ids }) : [];
  rows.sort((a, b) => (position.get(a.id) ?? 0) - (position.get(b.id) ?? 0));
  return {
    data: rows.map(toListItem),
    meta: { page: query.page, per_page: query.per_page, total },
  };
}

/** Every board counter as a column: all active orders, and each counter's share of them. */
const counterColumns = () => {
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  return {
    all: sql<number>`count(*)::int`,
    ...(Object.fromEntries(
      BOARD_COUNTERS.filter((c) => c !== 'all').map((c) => [c, counted(COUNTER_SQL[c])]),
    ) as Record<Exclude<BoardCounter, 'all'>, SQL<number>>),
  };
};

/** The counts without a search, prepared: what orderFilters gives, with its values as parameters. */
const countStatements = preparedFor((db: Db) =>
  db
    .select(counterColumns())
    .from(orders)
    .where(
      and(
        active,
        matchesUnlessNull(orders.restaurant_id, 'restaurant'),
        matchesUnlessNull(orders.driver_id, 'driver'),
        matchesUnlessNull(orders.zone_id, 'zone'),
      ),
    )
    .prepare('board_counts'),
);

/** The counts on the board's lanes, in one pass over the active orders (the partial index). */
export async function boardCounts(
  db: Db,
  actor: ActorContext,
  query: BoardCountsQuery,
): Promise<BoardCounts> {
  // orderFilters also refuses another restaurant's filter to restaurant staff, on either path.
  const filters = orderFilters(actor, { ...query, active: true } as OrderFilterQuery);
  // The board asks for its counts on every change: without a search they are one prepared statement
  // (built once, planned once per connection), the scope and the filters its parameters.
  const [row] = query.q?.trim()
    ? await db
        .select(counterColumns())
        .from(orders)
        .where(and(...filters))
    : await countStatements(db).execute({
        restaurant: restaurantOf(actor, query),
        driver: query.driver_id ?? null,
        zone: query.zone_id ?? null,
      });
  const [restaurant] =
    query.restaurant_id === undefined
      ? []
      : await db
          .select({ id: restaurants.id, name: restaurants.name })
          .from(restaurants)
          .where(eq(restaurants.id, Number(query.restaurant_id)));
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    all: n(row?.all),
    new: n(row?.new),
    preparing: n(row?.preparing),
    ready_no_driver: n(row?.ready_no_driver),
    awaiting_pickup: n(row?.awaiting_pickup),
    in_delivery: n(row?.in_delivery),
    at_risk: n(row?.at_risk),
    problems: n(row?.problems),
    late: n(row?.late),
    late_preparation: n(row?.late_preparation),
    restaurant: restaurant ?? null,
  };
}

/** How many active orders the map draws at most (drop-off points). */
const MAP_MAX_ORDERS = 2000;

/** The active orders' drop-off points and their restaurants, for the map. */
export async function orderMap(db: Db, actor: ActorContext, query: OrderMapQuery = {}): Promise<OrderMap> {
  const filters = orderFilters(actor, { active: true, zone_id: query.zone_id } as OrderFilterQuery);
  const rows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      status: orders.status,
      restaurant_id: orders.restaurant_id,
      driver_id: orders.driver_id,
      address: orders.address,
      lat: orders.lat,
      lng: orders.lng,
      status_changed_at: orders.status_changed_at,
    })
    .from(orders)
    .where(and(...filters))
    .orderBy(asc(orders.created_at), asc(orders.id))
    .limit(MAP_MAX_ORDERS);
  const restaurantIds = [...new Set(rows.map((r) => r.restaurant_id))];
  const places = restaurantIds.length
    ? await db
        .select({ id: restaurants.id, name: restaurants.name, lat: restaurants.lat, lng: restaurants.lng })
        .from(restaurants)
        .where(inArray(restaurants.id, restaurantIds))
    : [];
  const perRestaurant = new Map<number, number>();
  for (const r of rows) perRestaurant.set(r.restaurant_id, (perRestaurant.get(r.restaurant_id) ?? 0) + 1);
  return {
    orders: rows.map((r) => ({ ...r, status_changed_at: r.status_changed_at.toISOString() })),
    restaurants: places.flatMap((p) =>
      p.lat !== null && p.lng !== null
        ? [{ id: p.id, name: p.name, lat: p.lat, lng: p.lng, active_orders: perRestaurant.get(p.id) ?? 0 }]
        : [],
    ),
  };
}

/**
 * The drivers who could take an order, fittest first: a fresh location before a stale one, then one
 * who has not asked to end the shift, then free
 * before busy, then the straight-line distance to the restaurant, then fewer orders carried.
 */
export async function driverCandidates(
  db: Db,
  actor: ActorContext,
  id: number,
  staleLocationMinutes: number,
): Promise<DriverCandidate[]> {
  await assertReachable(db, actor, id);
  const [order] = await db
    .select({ lat: restaurants.lat, lng: restaurants.lng })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(eq(orders.id, id));
  if (!order) throw new NotFound();
  const distance =
    order.lat === null || order.lng === null
      ? sql<number | null>`null::float8`
      : sql<number | null>`(case when ${drivers.lat} is null then null else ${kmBetween(
          drivers.lat,
          drivers.lng,
          order.lat,
          order.lng,
        )} end)`;
  const stale = sql`(${drivers.last_location_at} is null or ${drivers.last_location_at} < now() - ${`${staleLocationMinutes} minutes`}::interval)`;
  const rows = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      phone: users.phone,
      state: driverState,
      active_orders: activeOrders,
      vehicle_type: sql<
        DriverCandidate['vehicle_type']
      >`(select v."type" from "vehicles" v where v."driver_id" = "users"."id" limit 1)`,
      distance_km: distance.mapWith(numberOrNull),
      last_location_at: drivers.last_location_at,
      planned_end_at: plannedEnd,
      end_shift_requested: endShiftRequested,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.user_id))
    .where(
      and(
        eq(users.role, 'driver'),
        eq(users.is_active, true),
        inArray(drivers.shift_state, ['available', 'delivering']),
      ),
    )
    .orderBy(
      // Where a driver was last seen an hour ago says little about where they are: every fresh
      // location ranks above every stale one, free or not.
      sql`${stale}`,
      // A driver who asked to end the shift is not really free: dispatch gives them nothing new.
      sql`${endShiftRequested}`,
      sql`case ${driverState} when 'available' then 0 when 'assigned' then 1 else 2 end`,
      sql`${distance} nulls last`,
      activeOrders,
      asc(users.id),
    );
  return rows.map((r) => ({
    ...r,
    distance_km: r.distance_km === null ? null : Math.round(r.distance_km * 10) / 10,
    last_location_at: r.last_location_at?.toISOString() ?? null,
    planned_end_at: isoOf(r.planned_end_at),
    end_shift_requested: Boolean(r.end_shift_requested),
  }));
}

/** The detail's three statements, prepared: the detail is the most requested page. */
const detailStatements = preparedFor((db: Db) => {
  const id = sql.placeholder('id');
  return {
    row: db
      .select(detailColumns)
      .from(orders)
      .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
      .innerJoin(buyer, eq(buyer.id, orders.customer_id))
      .leftJoin(driver, eq(driver.id, orders.driver_id))
      .where(eq(orders.id, id))
      .prepare('order_detail_row'),
    items: db
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, id))
      .orderBy(asc(orderItems.id))
      .prepare('order_detail_items'),
    history: db
      .select({
        from_status: orderStatusHistory.from_status,
        to_status: orderStatusHistory.to_status,
        reason: orderStatusHistory.reason,
        actor_id: users.id,
        actor_first_name: users.first_name,
        actor_last_name: users.last_name,
        actor_role: orderStatusHistory.actor_role,
        created_at: orderStatusHistory.created_at,
      })
      .from(orderStatusHistory)
      .leftJoin(users, eq(users.id, orderStatusHistory.actor_id))
      .where(eq(orderStatusHistory.order_id, id))
      .orderBy(asc(orderStatusHistory.created_at), asc(orderStatusHistory.id))
      .prepare('order_detail_history'),
  };
});

/**
 * One order with its items and history, for whoever asks: the commands read back what they changed
 * once they have authorized the caller. The screens read through getOrder, which checks the caller.
 */
export async function readOrder(db: Db, id: number): Promise<Order> {
  const statements = detailStatements(db);
  const [[row], items, history, etaChanges, offers] = await readTogether(db, [
    () => statements.row.execute({ id }),
    () => statements.items.execute({ id }),
    () => statements.history.execute({ id }),
    () => etaHistory(db, id),
    () => orderOffersOf(db, id),
  ]);
  if (!row) throw new NotFound();
  return {
    ...toListItem(row),
    lat: row.lat,
    lng: row.lng,
    note: row.note,
    commission: row.commission,
    customer_phone: row.customer_phone,
    driver_phone: row.driver_phone,
    items: items.map((i) => ({
      product_id: i.product_id,
      name: i.name,
      unit_price: i.unit_price,
      quantity: i.quantity,
      amount: i.unit_price * i.quantity,
    })),
    history: history.map((h) => ({
      from_status: h.from_status,
      to_status: h.to_status,
      reason: h.reason,
      actor:
        h.actor_id !== null
          ? { id: h.actor_id, name: `${h.actor_first_name} ${h.actor_last_name}`, role: h.actor_role ?? '' }
          : null,
      created_at: h.created_at.toISOString(),
    })),
    eta: toOrderEta(row, etaChanges),
    dispatch: {
      mode: row.dispatch_mode,
      locked: row.dispatch_locked,
      problem: row.dispatch_problem as DispatchProblem | null,
      offers,
    },
  };
}

/** A driver acts on their own orders only, staff on the restaurants the permission covers. */
export function assertInScope(
  actor: ActorContext,
  permission: 'orders.read' | 'orders.status',
  restaurantId: number,
  driverId: number | null,
) {
  if (actor.role === 'driver' ? driverId !== actor.user_id : !can(actor, permission, restaurantId))
    throw new Forbidden();
}

export async function getOrder(db: Db, actor: ActorContext, id: number): Promise<Order> {
  await assertReachable(db, actor, id);
  const order = await readOrder(db, id);
  assertInScope(actor, 'orders.read', order.restaurant.id, order.driver?.id ?? null);
  return order;
}

/**
 * The driver app: the driver's own orders not finished yet. Orders not theirs yet are never listed
 * here: these rows carry the customer (offers and the pool show the order without them).
 */
export async function driverOrders(db: Db, actor: ActorContext) {
  const rows = await selectOrders(db)
    .where(and(isActive(), eq(orders.driver_id, actor.user_id)))
    .orderBy(asc(orders.created_at))
    .limit(100);
  return rows.map(toListItem);
}
