import {
  ASSIGNABLE_DRIVER_STATES,
  allowedTransitions,
  type BoardCounts,
  type BoardCountsQuery,
  type BoardLane,
  BUSY_DRIVER_STATES,
  can,
  DISPATCH_SEARCH_DAYS,
  type DriverCandidate,
  isActiveStatus,
  isRestaurantRole,
  MAX_ORDER_AMOUNT,
  msg,
  ORDER_STATUSES,
  type Order,
  type OrderCreateBody,
  type OrderListItem,
  type OrderMap,
  type OrderStatus,
  type OrderStatusBody,
  type orderListQuery,
  STATUS_TARGET_MINUTES,
  TERMINAL_STATUSES,
  UNASSIGN_IN_DELIVERY_ROLES,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, inArray, lt, notInArray, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  drivers,
  endShiftRequests,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  restaurants,
  statsOrdersStatus,
  users,
} from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { csvRow } from '../../lib/csv.js';
import { BadRequest, Conflict, Forbidden, NotFound, RuleBroken } from '../../lib/errors.js';
import { escapeLike, pageOf } from '../../lib/lists.js';
import { preparedFor } from '../../lib/sql.js';
import { rollupOrderCreated, rollupOrderDelivered, rollupOrderStatus } from '../dashboard/rollups.js';
import { activeOrders, driverState, terminalStatusList } from '../drivers/drivers-service.js';
import { distanceKm, orderAmounts } from './orders-amounts.js';

/** What order writes need besides the database: the bus to announce them, the zone to count them in. */
export interface OrderDeps {
  bus: EventBus;
  timeZone: string;
}

type ListQuery = z.output<typeof orderListQuery>;

const buyer = alias(users, 'buyer');
const driver = alias(users, 'driver');
const quantity = sql<number>`(select coalesce(sum(oi.quantity), 0)::int from "order_items" oi where oi."order_id" = "orders"."id")`;

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
  version: orders.version,
};
const detailColumns = {
  ...listColumns,
  lat: orders.lat,
  lng: orders.lng,
  note: orders.note,
  commission: orders.commission,
  customer_phone: orders.customer_phone,
  driver_phone: driver.phone,
};
const selectOrders = (db: Db) =>
  db
    .select(listColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .innerJoin(buyer, eq(buyer.id, orders.customer_id))
    .leftJoin(driver, eq(driver.id, orders.driver_id));
type Row = Awaited<ReturnType<typeof selectOrders>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;
function toListItem(r: Row): OrderListItem {
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
    quantity: Number(r.quantity),
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
    version: r.version,
  };
}

const isActive = sql`${orders.status} not in (${terminalStatusList})`;

/** When the order's next step is due: its status's target minutes after the status began. */
const dueAt = sql`(${orders.status_changed_at} + (case ${orders.status} ${sql.join(
  Object.entries(STATUS_TARGET_MINUTES).map(([status, minutes]) =>
    sql.raw(`when '${status}' then ${minutes}`),
  ),
  sql` `,
)} else 0 end) * interval '1 minute')`;
const isLate = sql`(${isActive} and ${dueAt} <= now())`;

/** Each lane of the board as a condition on active orders. */
const LANE_FILTERS: Record<BoardLane, SQL> = {
  all: isActive,
  new: sql`${orders.status} = 'created'`,
  preparing: sql`${orders.status} = 'preparing_order'`,
  ready_no_driver: sql`(${orders.status} = 'ready_for_pickup' and ${orders.driver_id} is null)`,
  awaiting_pickup: sql`(${orders.status} = 'ready_for_pickup' and ${orders.driver_id} is not null)`,
  in_delivery: sql`${orders.status} = 'in_delivery'`,
  problems: sql`(${orders.status} = 'no_answer' or ${isLate})`,
};

/**
 * The search text: an order number, whole or in part ('1234' finds D101234), or a buyer's name. Only
 * columns of orders here (the buyer through a semi-join), so a page is read by index alone.
 */
function searchFilter(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const digits = /^[dD]?(\d+)$/.exec(text)?.[1];
  if (digits) return sql`${orders.order_number} like ${`%${digits}%`}`;
  const pattern = `%${escapeLike(text)}%`;
  return or(
    eq(orders.order_number, text.toUpperCase()),
    sql`${orders.customer_id} in (select u.id from "users" u where u.first_name || ' ' || u.last_name ilike ${pattern})`,
  );
}

/** The filters of a list or an export, with the caller's scope applied. */
function orderFilters(actor: ActorContext, query: Omit<ListQuery, 'page' | 'per_page' | 'sort'>): SQL[] {
  const filters: SQL[] = [];
  if (isRestaurantRole(actor.role)) {
    if (query.restaurant_id !== undefined && query.restaurant_id !== actor.restaurant_id)
      throw new Forbidden();
    filters.push(eq(orders.restaurant_id, actor.restaurant_id ?? -1));
  }
  // Dispatchers follow the live board: active orders only, except that a search reaches the recent
  // orders in every status (a customer calls about the order delivered an hour ago).
  const dispatcherSearch = actor.role === 'dispatcher' && !!query.q?.trim() && !query.lane;
  const active = actor.role === 'dispatcher' && !dispatcherSearch ? true : query.active;
  if (dispatcherSearch) {
    filters.push(sql`${orders.created_at} >= now() - ${`${DISPATCH_SEARCH_DAYS} days`}::interval`);
  }
  if (query.lane) filters.push(isActive, LANE_FILTERS[query.lane]);
  if (active === true) filters.push(isActive);
  if (active === false) filters.push(inArray(orders.status, [...TERMINAL_STATUSES]));
  if (query.status) filters.push(eq(orders.status, query.status));
  if (query.restaurant_id !== undefined) filters.push(eq(orders.restaurant_id, query.restaurant_id));
  if (query.driver_id !== undefined) filters.push(eq(orders.driver_id, query.driver_id));
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
const sortColumns = {
  created_at: [orders.created_at, orders.id],
  total: [orders.total, orders.id],
  status: [orders.status, orders.created_at, orders.id],
  order_number: [orders.id],
  urgency: [dueAt, orders.id],
};

/**
 * The list's total from the per-restaurant status counters when the filters are ones they keep
 * (restaurant, status, active): a sum of a few rows instead of counting a million orders. Dates,
 * drivers and search count the rows themselves.
 */
async function countFromRollup(db: Db, actor: ActorContext, query: ListQuery): Promise<number | null> {
  if (query.from || query.to || query.q || query.driver_id !== undefined || query.lane) return null;
  const active = actor.role === 'dispatcher' ? true : query.active;
  const statuses = ORDER_STATUSES.filter(
    (s) =>
      (active === undefined || isActiveStatus(s) === active) &&
      (query.status === undefined || s === query.status),
  );
  if (statuses.length === 0) return 0;
  const restaurant = isRestaurantRole(actor.role)
    ? (actor.restaurant_id ?? -1)
    : (query.restaurant_id ?? null);
  const [row] = await listStatements(db).total.execute({ statuses, restaurant });
  return Number(row?.n ?? 0);
}

/** The parts of every list page that do not depend on its filters, prepared. */
const listStatements = preparedFor((db: Db) => {
  const restaurant = sql.placeholder('restaurant');
  return {
    // Arrays travel as arrays of a built-in type: PGlite cannot serialize an array of an enum.
    rows: selectOrders(db)
      .where(sql`${orders.id} = any(${sql.placeholder('ids')}::int[])`)
      .prepare('orders_page_rows'),
    total: db
      .select({ n: sql<number>`coalesce(sum(${statsOrdersStatus.orders}), 0)::int` })
      .from(statsOrdersStatus)
      .where(
        sql`${statsOrdersStatus.status} = any(${sql.placeholder('statuses')}::text[]::order_status[])
          and (${restaurant}::int is null or ${statsOrdersStatus.restaurant_id} = ${restaurant}::int)`,
      )
      .prepare('orders_total_from_counters'),
  };
});

export async function listOrders(db: Db, actor: ActorContext, query: ListQuery) {
  const where = and(...orderFilters(actor, query));
  const direction = query.sort.startsWith('-') ? desc : asc;
  const order = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns].map((c) =>
    direction(c),
  );
  const { limit, offset } = pageOf(query);
  // The page's ids first, from orders alone (an index walk even at a million rows), then the 20 rows
  // with their restaurant, buyer and driver, put back in the page's order.
  const [page, total] = await Promise.all([
    db
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
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

/** The CSV of the filtered orders, read in pages by keyset so millions of rows never sit in memory. */
export async function* exportOrdersCsv(
  db: Db,
  actor: ActorContext,
  query: Omit<ListQuery, 'page' | 'per_page' | 'sort'>,
) {
  const header = [
    'order_number',
    'created_at',
    'status',
    'restaurant',
    'buyer',
    'driver',
    'quantity',
    'payment_method',
    'restaurant_amount',
    'delivery_costs',
    'restaurant_total_amount',
    'total',
    'delivered_at',
  ];
  yield csvRow(header);
  const money = (minor: number) => (minor / 100).toFixed(2);
  const base = orderFilters(actor, query);
  let after: { created_at: Date; id: number } | null = null;
  for (;;) {
    const page: Row[] = await selectOrders(db)
      .where(
        and(
          ...base,
          after
            ? sql`(${orders.created_at}, ${orders.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(1000);
    if (page.length === 0) return;
    let chunk = '';
    for (const r of page) {
      const o = toListItem(r);
      chunk += csvRow([
        o.order_number,
        o.created_at,
        o.status,
        o.restaurant.name,
        `${o.buyer.first_name} ${o.buyer.last_name}`,
        o.driver ? `${o.driver.first_name} ${o.driver.last_name}` : '',
        o.quantity,
        o.payment_method,
        money(o.restaurant_amount),
        money(o.delivery_costs),
        money(o.restaurant_total_amount),
        money(o.total),
        o.delivered_at ?? '',
      ]);
    }
    yield chunk;
    const last = page.at(-1);
    if (!last || page.length < 1000) return;
    after = { created_at: last.created_at, id: last.id };
  }
}

function assertMayRead(actor: ActorContext, order: { restaurant_id: number; driver_id: number | null }) {
  if (actor.role === 'driver') {
    if (order.driver_id !== actor.user_id) throw new Forbidden();
    return;
  }
  if (!can(actor, 'orders.read', order.restaurant_id)) throw new Forbidden();
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

export async function getOrder(db: Db, actor: ActorContext, id: number): Promise<Order> {
  const statements = detailStatements(db);
  // Everything in parallel; the caller's right to see it is checked before anything is returned.
  const [[row], items, history] = await Promise.all([
    statements.row.execute({ id }),
    statements.items.execute({ id }),
    statements.history.execute({ id }),
  ]);
  if (!row) throw new NotFound();
  assertMayRead(actor, { restaurant_id: row.restaurant_id, driver_id: row.driver_id });
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
  };
}

async function announce(
  bus: EventBus,
  type: 'order.created' | 'order.updated',
  order: { id: number; restaurant_id: number },
  extra: Record<string, unknown> = {},
) {
  await bus.publish({ type, restaurant_id: order.restaurant_id, data: { order_id: order.id, ...extra } });
}

/**
 * Places a customer's order. Items must be on the restaurant's menu; every amount is computed here
 * from the products' current prices — whatever the client sent is not trusted.
 */
export async function createOrder(
  db: Db,
  { bus, timeZone }: OrderDeps,
  actor: ActorContext,
  body: OrderCreateBody,
): Promise<Order> {
  const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, body.restaurant_id));
  if (!restaurant) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
  const ids = [...new Set(body.items.map((i) => i.product_id))];
  const menu = await db
    .select({ id: products.id, name: products.name, price: products.price })
    .from(products)
    .where(
      and(
        eq(products.restaurant_id, restaurant.id),
        eq(products.show_on_menu, true),
        inArray(products.id, ids),
      ),
    );
  const byId = new Map(menu.map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  body.items.forEach((item, index) => {
    if (!byId.has(item.product_id)) errors[`items.${index}.product_id`] = ['validation.not_on_menu'];
  });
  if (Object.keys(errors).length) throw new BadRequest(errors);

  const lines = body.items.map((item) => {
    const product = byId.get(item.product_id);
    if (!product) throw new Error('unreachable: checked above');
    return { product_id: product.id, name: product.name, unit_price: product.price, quantity: item.quantity };
  });
  const itemsAmount = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  if (itemsAmount > MAX_ORDER_AMOUNT)
    throw new BadRequest({ items: [msg('validation.order_too_large', { max: MAX_ORDER_AMOUNT / 100 })] });
  const km =
    restaurant.lat !== null && restaurant.lng !== null
      ? distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, { lat: body.lat, lng: body.lng })
      : null;
  const amounts = orderAmounts(itemsAmount, restaurant.percentage, km);

  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        restaurant_id: restaurant.id,
        customer_id: actor.user_id,
        payment_method: body.payment,
        address: body.address,
        customer_phone: body.phone,
        lat: body.lat,
        lng: body.lng,
        note: body.note,
        ...amounts,
      })
      .returning({ id: orders.id });
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, order_id: order.id })));
    await tx.insert(orderStatusHistory).values({
      order_id: order.id,
      from_status: null,
      to_status: 'created',
      actor_id: actor.user_id,
      actor_role: actor.role,
    });
    await rollupOrderStatus(tx, restaurant.id, null, 'created');
    await rollupOrderCreated(tx, order.id, timeZone);
    return order.id;
  });
  await announce(bus, 'order.created', { id, restaurant_id: restaurant.id }, { status: 'created' });
  return getOrder(db, { ...actor, role: 'admin' }, id);
}

async function findForChange(db: Db, id: number) {
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  if (!order) throw new NotFound();
  return order;
}

/** Keeps a driver's shift state in step with their orders: delivering while one is in delivery. */
async function syncDriverState(tx: Db, driverId: number | null) {
  if (driverId === null) return;
  await tx.execute(sql`
    update ${drivers} set shift_state = case
        when exists (select 1 from ${orders} o where o.driver_id = ${driverId} and o.status in ('in_delivery', 'no_answer')) then 'delivering'::shift_state
        when ${drivers.shift_state} = 'delivering' then 'available'::shift_state
        else ${drivers.shift_state} end,
      updated_at = now()
    where ${drivers.user_id} = ${driverId}`);
}

/**
 * Moves an order along the status machine. The role must be allowed the move, the actor must see the
 * order, and the guarded UPDATE (`where status = from`) makes the loser of a race get 409.
 */
export async function changeStatus(
  db: Db,
  { bus, timeZone }: OrderDeps,
  actor: ActorContext,
  id: number,
  body: OrderStatusBody,
): Promise<Order> {
  const order = await findForChange(db, id);
  if (actor.role === 'driver') {
    if (order.driver_id !== actor.user_id) throw new Forbidden();
  } else if (!can(actor, 'orders.status', order.restaurant_id)) {
    throw new Forbidden();
  }
  if (body.version !== undefined && body.version !== order.version) throw new Conflict();
  const from = order.status;
  if (!allowedTransitions(actor.role, from).includes(body.status)) {
    throw new RuleBroken('transition_not_allowed', 'errors.transition_not_allowed', {
      from,
      to: body.status,
    });
  }
  if (body.status === 'in_delivery' && order.driver_id === null) {
    throw new RuleBroken('driver_required', 'errors.driver_required');
  }
  const now = new Date();
  const extra: Partial<typeof orders.$inferInsert> = {};
  if (body.status === 'preparing_order') extra.driver_request_time = now;
  if (body.status === 'in_delivery' && from === 'ready_for_pickup') extra.picked_up_at = now;
  if (body.status === 'delivered') extra.delivered_at = now;

  await db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({ status: body.status, status_changed_at: now, version: sql`${orders.version} + 1`, ...extra })
      .where(and(eq(orders.id, id), eq(orders.status, from), eq(orders.version, order.version)))
      .returning({ id: orders.id });
    if (changed.length === 0) throw new Conflict();
    await tx.insert(orderStatusHistory).values({
      order_id: id,
      from_status: from,
      to_status: body.status as OrderStatus,
      actor_id: actor.user_id,
      actor_role: actor.role,
      reason: body.reason,
    });
    await rollupOrderStatus(tx, order.restaurant_id, from, body.status);
    if (body.status === 'delivered') await rollupOrderDelivered(tx, id, timeZone);
    await syncDriverState(tx, order.driver_id);
    if (actor.role !== 'driver' && actor.role !== 'customer') {
      await audit(
        tx,
        actor,
        'status',
        'orders',
        id,
        { status: from },
        { status: body.status, reason: body.reason },
      );
    }
  });
  await announce(bus, 'order.updated', order, { status: body.status, from });
  if (order.driver_id !== null)
    await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: order.driver_id } });
  return getOrder(db, { ...actor, role: actor.role === 'driver' ? 'driver' : 'admin' }, id);
}

const ASSIGNABLE: readonly OrderStatus[] = ['created', 'preparing_order', 'ready_for_pickup'];

/**
 * The driver must be on shift; with `busy: 'refuse'` one who already carries an order is refused too
 * (a dispatcher confirms a second order explicitly).
 */
async function assertAvailableDriver(db: Db, driverId: number, busy: 'allow' | 'refuse' = 'allow') {
  const [row] = await db
    .select({ state: driverState, active: users.is_active, carrying: activeOrders })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.user_id))
    .where(and(eq(drivers.user_id, driverId), eq(users.role, 'driver')));
  if (!row?.active) throw new BadRequest({ driver_id: ['validation.driver_unknown'] });
  if (!ASSIGNABLE_DRIVER_STATES.includes(row.state)) {
    throw new RuleBroken('driver_not_on_shift', 'errors.driver_not_on_shift');
  }
  // A driver who asked to end the shift takes no new orders: cash delivered after the request
  // would otherwise belong to no shift total.
  const [ending] = await db
    .select({ id: endShiftRequests.id })
    .from(endShiftRequests)
    .where(and(eq(endShiftRequests.driver_id, driverId), eq(endShiftRequests.status, 'pending')))
    .limit(1);
  if (ending) throw new RuleBroken('driver_ending_shift', 'errors.driver_ending_shift');
  if (busy === 'refuse' && BUSY_DRIVER_STATES.includes(row.state)) {
    throw new RuleBroken('driver_busy', 'errors.driver_busy', { count: Number(row.carrying) });
  }
}

/** Dispatchers and admins assign a driver to an order that has not left the restaurant. */
export async function assignDriver(
  db: Db,
  { bus }: OrderDeps,
  actor: ActorContext,
  id: number,
  driverId: number,
  allowBusy = false,
) {
  const order = await findForChange(db, id);
  if (!ASSIGNABLE.includes(order.status))
    throw new RuleBroken('not_assignable', 'errors.order_not_assignable');
  if (order.driver_id === driverId) throw new Conflict('already_assigned', 'errors.driver_already_assigned');
  await assertAvailableDriver(db, driverId, allowBusy ? 'allow' : 'refuse');
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({ driver_id: driverId, assigned_at: new Date(), version: sql`${orders.version} + 1` })
      .where(
        and(eq(orders.id, id), eq(orders.version, order.version), inArray(orders.status, [...ASSIGNABLE])),
      )
      .returning({ id: orders.id });
    if (changed.length === 0) throw new Conflict();
    await audit(tx, actor, 'assign', 'orders', id, { driver_id: order.driver_id }, { driver_id: driverId });
  });
  await announce(bus, 'order.updated', order, { driver_id: driverId });
  await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: driverId } });
  return getOrder(db, actor, id);
}

/**
 * Takes the driver off an order. Before pick-up anyone who dispatches may; in delivery only an Admin
 * or Dispatcher, with a reason, and the order goes back to ready for pickup.
 */
export async function unassignDriver(
  db: Db,
  { bus }: OrderDeps,
  actor: ActorContext,
  id: number,
  reason: string | null,
) {
  const order = await findForChange(db, id);
  if (order.driver_id === null) throw new RuleBroken('no_driver', 'errors.order_has_no_driver');
  const inDelivery = order.status === 'in_delivery' || order.status === 'no_answer';
  if (!ASSIGNABLE.includes(order.status) && !inDelivery)
    throw new RuleBroken('not_assignable', 'errors.order_not_assignable');
  if (inDelivery) {
    if (!UNASSIGN_IN_DELIVERY_ROLES.includes(actor.role)) throw new Forbidden();
    if (!reason) throw new BadRequest({ reason: ['validation.reason_required'] });
  }
  const now = new Date();
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(orders)
      .set({
        driver_id: null,
        assigned_at: null,
        version: sql`${orders.version} + 1`,
        ...(inDelivery
          ? { status: 'ready_for_pickup' as const, status_changed_at: now, picked_up_at: null }
          : {}),
      })
      .where(and(eq(orders.id, id), eq(orders.version, order.version)))
      .returning({ id: orders.id });
    if (changed.length === 0) throw new Conflict();
    if (inDelivery) {
      await tx.insert(orderStatusHistory).values({
        order_id: id,
        from_status: order.status,
        to_status: 'ready_for_pickup',
        actor_id: actor.user_id,
        actor_role: actor.role,
        reason,
      });
      await rollupOrderStatus(tx, order.restaurant_id, order.status, 'ready_for_pickup');
    }
    await syncDriverState(tx, order.driver_id);
    await audit(
      tx,
      actor,
      'unassign',
      'orders',
      id,
      { driver_id: order.driver_id, status: order.status },
      { driver_id: null, reason },
    );
  });
  await announce(bus, 'order.updated', order, { driver_id: null });
  await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: order.driver_id } });
  return getOrder(db, actor, id);
}

/** The driver app: the driver's active orders, and orders waiting for a driver. */
export async function driverOrders(db: Db, actor: ActorContext) {
  const rows = await selectOrders(db)
    .where(
      and(
        notInArray(orders.status, [...TERMINAL_STATUSES]),
        or(
          eq(orders.driver_id, actor.user_id),
          and(
            sql`${orders.driver_id} is null`,
            inArray(orders.status, ['preparing_order', 'ready_for_pickup']),
          ),
        ),
      ),
    )
    .orderBy(asc(orders.created_at))
    .limit(100);
  return rows.map(toListItem);
}

/** A driver on shift takes an order that is waiting for a driver; a second driver racing gets 409. */
export async function acceptOrder(db: Db, { bus }: OrderDeps, actor: ActorContext, id: number) {
  const order = await findForChange(db, id);
  if (!['preparing_order', 'ready_for_pickup'].includes(order.status) || order.driver_id !== null) {
    throw new Conflict('order_taken', 'errors.order_taken');
  }
  await assertAvailableDriver(db, actor.user_id);
  const changed = await db
    .update(orders)
    .set({ driver_id: actor.user_id, assigned_at: new Date(), version: sql`${orders.version} + 1` })
    .where(and(eq(orders.id, id), sql`${orders.driver_id} is null`, eq(orders.version, order.version)))
    .returning({ id: orders.id });
  if (changed.length === 0) throw new Conflict('order_taken', 'errors.order_taken');
  await announce(bus, 'order.updated', order, { driver_id: actor.user_id });
  await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: actor.user_id } });
  return getOrder(db, actor.role === 'driver' ? { ...actor } : actor, id);
}

/** The counts on the board's lanes, in one pass over the active orders (the partial index). */
export async function boardCounts(
  db: Db,
  actor: ActorContext,
  query: BoardCountsQuery,
): Promise<BoardCounts> {
  const filters = orderFilters(actor, { ...query, active: true } as Omit<
    ListQuery,
    'page' | 'per_page' | 'sort'
  >);
  const counted = (condition: SQL) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const [row] = await db
    .select({
      all: sql<number>`count(*)::int`,
      new: counted(LANE_FILTERS.new),
      preparing: counted(LANE_FILTERS.preparing),
      ready_no_driver: counted(LANE_FILTERS.ready_no_driver),
      awaiting_pickup: counted(LANE_FILTERS.awaiting_pickup),
      in_delivery: counted(LANE_FILTERS.in_delivery),
      problems: counted(LANE_FILTERS.problems),
      late: counted(isLate),
    })
    .from(orders)
    .where(and(...filters));
  const n = (v: number | undefined) => Number(v ?? 0);
  return {
    all: n(row?.all),
    new: n(row?.new),
    preparing: n(row?.preparing),
    ready_no_driver: n(row?.ready_no_driver),
    awaiting_pickup: n(row?.awaiting_pickup),
    in_delivery: n(row?.in_delivery),
    problems: n(row?.problems),
    late: n(row?.late),
  };
}

/** How many active orders the map draws at most (drop-off points). */
const MAP_MAX_ORDERS = 2000;

/** The active orders' drop-off points and their restaurants, for the map. */
export async function orderMap(db: Db, actor: ActorContext): Promise<OrderMap> {
  const filters = orderFilters(actor, { active: true } as Omit<ListQuery, 'page' | 'per_page' | 'sort'>);
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
 * The drivers who could take an order, fittest first: free before busy, a fresh location before a
 * stale one, then the straight-line distance to the restaurant, then fewer orders carried.
 */
export async function driverCandidates(
  db: Db,
  id: number,
  staleLocationMinutes: number,
): Promise<DriverCandidate[]> {
  const [order] = await db
    .select({ lat: restaurants.lat, lng: restaurants.lng })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(eq(orders.id, id));
  if (!order) throw new NotFound();
  const distance =
    order.lat === null || order.lng === null
      ? sql<number | null>`null::float8`
      : sql<number | null>`(case when ${drivers.lat} is null then null else 2 * 6371 * asin(sqrt(
          power(sin(radians(${order.lat}::float8 - ${drivers.lat}) / 2), 2)
          + cos(radians(${drivers.lat})) * cos(radians(${order.lat}::float8))
          * power(sin(radians(${order.lng}::float8 - ${drivers.lng}) / 2), 2))) end)`;
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
      distance_km: distance,
      last_location_at: drivers.last_location_at,
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
      sql`case ${driverState} when 'available' then 0 when 'assigned' then 1 else 2 end`,
      sql`${stale}`,
      sql`${distance} nulls last`,
      activeOrders,
      asc(users.id),
    );
  return rows.map((r) => ({
    ...r,
    active_orders: Number(r.active_orders),
    distance_km: r.distance_km === null ? null : Math.round(Number(r.distance_km) * 10) / 10,
    last_location_at: r.last_location_at?.toISOString() ?? null,
  }));
}
