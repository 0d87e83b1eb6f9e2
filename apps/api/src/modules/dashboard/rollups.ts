import { type OrderStatus, STATUS_TARGET_MINUTES } from '@dostava/shared';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The dashboard's rollups. Each is updated inside the transaction that changes the order, so they
 * can never disagree with the orders they count; `rebuildRollups` recomputes them from scratch
 * (after a bulk import, and in the test that proves the incremental path equals the raw truth).
 *
 * Lock order, the same in every transaction so none can wait on another in a cycle: the status
 * counters, then the restaurant's rows (daily, then on-time monthly, hourly or products), then the
 * whole operation's rows (daily, then hourly or categories), then the zone's day.
 */
/**
 * A new order counted: its restaurant's `created` counter, then its day and hour (the restaurant's
 * rows, then the whole operation's, then its year's week-hour cell). One statement, one round trip
 * instead of five: each upsert reads the row the one before it returned, so they run, and lock, in
 * that order.
 */
export async function rollupOrderCreated(tx: Db, orderId: number, timeZone: string) {
  await tx.execute(sql`
    with o as (
      select restaurant_id, (created_at at time zone ${timeZone})::date as day,
        extract(hour from created_at at time zone ${timeZone})::int as hour, coalesce(zone_id, 0) as zone_id
      from orders where id = ${orderId}),
    s as (
      insert into stats_orders_status (restaurant_id, status, orders)
      select restaurant_id, 'created'::order_status, 1 from o
      on conflict (restaurant_id, status) do update set orders = stats_orders_status.orders + 1
      returning 1),
    d as (
      insert into stats_orders_daily (day, restaurant_id, orders)
      select o.day, o.restaurant_id, 1 from o, s
      on conflict (day, restaurant_id) do update set orders = stats_orders_daily.orders + 1
      returning 1),
    h as (
      insert into stats_orders_hourly (day, hour, restaurant_id, orders)
      select o.day, o.hour, o.restaurant_id, 1 from o, d
      on conflict (day, hour, restaurant_id) do update set orders = stats_orders_hourly.orders + 1
      returning 1),
    ad as (
      insert into stats_all_daily (day, orders)
      select o.day, 1 from o, h
      on conflict (day) do update set orders = stats_all_daily.orders + 1
      returning 1),
    ah as (
      insert into stats_all_hourly (day, hour, orders)
      select o.day, o.hour, 1 from o, ad
      on conflict (day, hour) do update set orders = stats_all_hourly.orders + 1
      returning 1),
    wh as (
      insert into stats_all_week_hours_yearly (year, weekday, hour, orders)
      select date_trunc('year', o.day)::date, extract(isodow from o.day)::int, o.hour, 1 from o, ah
      on conflict (year, weekday, hour) do update set orders = stats_all_week_hours_yearly.orders + 1
      returning 1)
    insert into stats_zones_daily (day, zone_id, orders)
    select o.day, o.zone_id, 1 from o, wh
    on conflict (day, zone_id) do update set orders = stats_zones_daily.orders + 1`);
}

/**
 * A refused quote or placement (decision 0035) on its day in the operation's time zone and the zone
 * that would have priced it (0: none). Outside any order's transaction: there is no order.
 */
export async function rollupRefusal(db: Db, zoneId: number | null, timeZone: string) {
  await db.execute(sql`
    insert into stats_zones_daily (day, zone_id, refused)
    values ((now() at time zone ${timeZone})::date, ${zoneId ?? 0}, 1)
    on conflict (day, zone_id) do update set refused = stats_zones_daily.refused + 1`);
}

/**
 * Moves one order between the per-restaurant status counters (`from` null: a new order). The two rows
 * are written by one statement in a fixed order (by status), so two opposite moves cannot deadlock.
 */
export async function rollupOrderStatus(
  tx: Db,
  restaurantId: number,
  from: OrderStatus | null,
  to: OrderStatus,
) {
  if (from === to) return;
  const moves: [OrderStatus, number][] =
    from === null
      ? [[to, 1]]
      : [
          [from, -1],
          [to, 1],
        ];
  moves.sort(([a], [b]) => a.localeCompare(b));
  await tx.execute(sql`
    insert into stats_orders_status (restaurant_id, status, orders)
    values ${sql.join(
      moves.map(([status, delta]) => sql`(${restaurantId}, ${status}::order_status, ${delta})`),
      sql`, `,
    )}
    on conflict (restaurant_id, status) do update set orders = stats_orders_status.orders + excluded.orders`);
}

/**
 * Each stage's share of a promise (decision 0023): the board's constant targets per status, kitchen
 * = created + preparing, driver = ready for pickup, road = in delivery (30 : 10 : 30 today). Migration
 * 0015 backfilled with the same shares.
 */
const target = (status: OrderStatus) => STATUS_TARGET_MINUTES[status] ?? 0;
const SHARES = (() => {
  const kitchen = target('created') + target('preparing_order');
  const driver = target('ready_for_pickup');
  const road = target('in_delivery');
  const all = kitchen + driver + road;
  return { kitchen: kitchen / all, driver: driver / all, road: road / all };
})();

/**
 * One row per delivered order matching `where` (on `o`; `history` narrows the history read the same
 * way): its day and restaurant, money, and on-time figures. A late order's minutes beyond its promise
 * are split over the stages that overran their share of the promise, in proportion to the overrun:
 * with A the actual and B the budget (promise × share) of each stage, late = Σ(A − B), and each
 * stage gets late × max(A − B, 0) / Σ max(A − B, 0), so the parts add up to the lateness. Ready is
 * the first move to ready for pickup in the history (the pickup, when an old order has none).
 */
export function deliveredFacts(timeZone: string, where: SQL, history: SQL) {
  return sql`
    select (o.created_at at time zone ${timeZone})::date as day, o.restaurant_id,
      o.commission + o.delivery_costs as earnings, o.total as revenue,
      coalesce(o.zone_id, 0) as zone_id, o.delivery_costs,
      (o.promised_at is not null)::int as promised,
      (o.promised_at is not null and o.delivered_at <= o.promised_at)::int as on_time,
      coalesce(round(s.late * v.kitchen / nullif(v.kitchen + v.driver + v.road, 0)), 0)::bigint as late_kitchen_seconds,
      coalesce(round(s.late * v.driver / nullif(v.kitchen + v.driver + v.road, 0)), 0)::bigint as late_driver_seconds,
      coalesce(round(s.late * v.road / nullif(v.kitchen + v.driver + v.road, 0)), 0)::bigint as late_road_seconds
    from orders o
    left join (select h.order_id, min(h.created_at) as at from order_status_history h
      where h.to_status = 'ready_for_pickup' and ${history} group by h.order_id) h on h.order_id = o.id
    cross join lateral (select least(greatest(coalesce(h.at, o.picked_up_at, o.delivered_at), o.created_at), o.delivered_at) as ready) r
    cross join lateral (select least(greatest(coalesce(o.picked_up_at, r.ready), r.ready), o.delivered_at) as picked) u
    cross join lateral (select
      extract(epoch from r.ready - o.created_at)::float8 as kitchen,
      extract(epoch from u.picked - r.ready)::float8 as driver,
      extract(epoch from o.delivered_at - u.picked)::float8 as road,
      greatest(extract(epoch from o.promised_at - o.created_at)::float8, 0) as promise,
      greatest(extract(epoch from o.delivered_at - o.promised_at)::float8, 0) as late) s
    cross join lateral (select
      greatest(s.kitchen - s.promise * ${SHARES.kitchen}::float8, 0) as kitchen,
      greatest(s.driver - s.promise * ${SHARES.driver}::float8, 0) as driver,
      greatest(s.road - s.promise * ${SHARES.road}::float8, 0) as road) v
    where o.status = 'delivered' and ${where}`;
}

const ON_TIME_COLUMNS = [
  'promised',
  'on_time',
  'late_kitchen_seconds',
  'late_driver_seconds',
  'late_road_seconds',
];
const ON_TIME = sql.raw(ON_TIME_COLUMNS.join(', '));
const addOnTime = (table: string) =>
  sql.raw(ON_TIME_COLUMNS.map((c) => `${c} = ${table}.${c} + excluded.${c}`).join(', '));

export async function rollupOrderDelivered(tx: Db, orderId: number, timeZone: string) {
  const facts = deliveredFacts(timeZone, sql`o.id = ${orderId}`, sql`h.order_id = ${orderId}`);
  await tx.execute(sql`
    insert into stats_orders_daily (day, restaurant_id, delivered, earnings, revenue, ${ON_TIME})
    select day, restaurant_id, 1, earnings, revenue, ${ON_TIME} from (${facts}) f
    on conflict (day, restaurant_id) do update set
      delivered = stats_orders_daily.delivered + 1,
      earnings = stats_orders_daily.earnings + excluded.earnings,
      revenue = stats_orders_daily.revenue + excluded.revenue,
      ${addOnTime('stats_orders_daily')}`);
  await tx.execute(sql`
    insert into stats_on_time_monthly (month, restaurant_id, promised, on_time)
    select date_trunc('month', day)::date, restaurant_id, promised, on_time from (${facts}) f where promised > 0
    on conflict (month, restaurant_id) do update set
      promised = stats_on_time_monthly.promised + excluded.promised,
      on_time = stats_on_time_monthly.on_time + excluded.on_time`);
  // The order's products on its day, then in its year (rows in product order: two deliveries of the
  // same products lock them in the same order).
  await tx.execute(sql`
    with items as (
      select (o.created_at at time zone ${timeZone})::date as day, o.restaurant_id, oi.product_id,
        p.category_id, sum(oi.quantity)::int as quantity, sum(oi.quantity::bigint * oi.unit_price)::bigint as amount
      from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.id = ${orderId}
      group by 1, 2, 3, 4),
    daily as (
      insert into stats_products_daily (day, restaurant_id, product_id, category_id, quantity, amount)
      select day, restaurant_id, product_id, category_id, quantity, amount from items order by product_id
      on conflict (day, restaurant_id, product_id) do update set
        quantity = stats_products_daily.quantity + excluded.quantity,
        amount = stats_products_daily.amount + excluded.amount
      returning 1)
    insert into stats_products_yearly (year, restaurant_id, product_id, category_id, quantity, amount)
    select date_trunc('year', day)::date, restaurant_id, product_id, category_id, quantity, amount
    from items where (select count(*) from daily) > 0 order by product_id
    on conflict (year, restaurant_id, product_id) do update set
      quantity = stats_products_yearly.quantity + excluded.quantity,
      amount = stats_products_yearly.amount + excluded.amount`);
  await tx.execute(sql`
    insert into stats_all_daily (day, delivered, earnings, revenue, ${ON_TIME})
    select day, 1, earnings, revenue, ${ON_TIME} from (${facts}) f
    on conflict (day) do update set
      delivered = stats_all_daily.delivered + 1,
      earnings = stats_all_daily.earnings + excluded.earnings,
      revenue = stats_all_daily.revenue + excluded.revenue,
      ${addOnTime('stats_all_daily')}`);
  await tx.execute(sql`
    insert into stats_categories_daily (day, category_id, quantity, amount)
    select (o.created_at at time zone ${timeZone})::date, p.category_id, sum(oi.quantity)::int, sum(oi.quantity::bigint * oi.unit_price)::bigint
    from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.id = ${orderId}
    group by 1, 2
    on conflict (day, category_id) do update set
      quantity = stats_categories_daily.quantity + excluded.quantity,
      amount = stats_categories_daily.amount + excluded.amount`);
  await tx.execute(sql`
    insert into stats_categories_yearly (year, category_id, quantity, amount)
    select date_trunc('year', (o.created_at at time zone ${timeZone})::date)::date, p.category_id,
      sum(oi.quantity)::int, sum(oi.quantity::bigint * oi.unit_price)::bigint
    from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.id = ${orderId}
    group by 1, 2 order by 2
    on conflict (year, category_id) do update set
      quantity = stats_categories_yearly.quantity + excluded.quantity,
      amount = stats_categories_yearly.amount + excluded.amount`);
  await tx.execute(sql`
    insert into stats_zones_daily (day, zone_id, delivered, delivery_fees, promised, on_time)
    select day, zone_id, 1, delivery_costs, promised, on_time from (${facts}) f
    on conflict (day, zone_id) do update set
      delivered = stats_zones_daily.delivered + 1,
      delivery_fees = stats_zones_daily.delivery_fees + excluded.delivery_fees,
      promised = stats_zones_daily.promised + excluded.promised,
      on_time = stats_zones_daily.on_time + excluded.on_time`);
}

/** Recomputes every rollup from the orders (in one transaction). */
export async function rebuildRollups(db: Db, timeZone: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from stats_orders_daily`);
    await tx.execute(sql`delete from stats_orders_hourly`);
    await tx.execute(sql`delete from stats_products_daily`);
    await tx.execute(sql`delete from stats_orders_status`);
    await tx.execute(sql`
      insert into stats_orders_status (restaurant_id, status, orders)
      select restaurant_id, status, count(*)::int from orders group by 1, 2`);
    await tx.execute(sql`
      insert into stats_orders_daily (day, restaurant_id, orders, delivered, earnings, revenue, ${ON_TIME})
      select a.day, a.restaurant_id, a.orders, coalesce(f.delivered, 0), coalesce(f.earnings, 0), coalesce(f.revenue, 0),
        coalesce(f.promised, 0), coalesce(f.on_time, 0), coalesce(f.late_kitchen_seconds, 0),
        coalesce(f.late_driver_seconds, 0), coalesce(f.late_road_seconds, 0)
      from (select (created_at at time zone ${timeZone})::date as day, restaurant_id, count(*)::int as orders
        from orders group by 1, 2) a
      left join (select day, restaurant_id, count(*)::int as delivered, sum(earnings)::bigint as earnings,
          sum(revenue)::bigint as revenue, sum(promised)::int as promised, sum(on_time)::int as on_time,
          sum(late_kitchen_seconds)::bigint as late_kitchen_seconds, sum(late_driver_seconds)::bigint as late_driver_seconds,
          sum(late_road_seconds)::bigint as late_road_seconds
        from (${deliveredFacts(timeZone, sql`true`, sql`true`)}) d group by 1, 2) f
        on f.day = a.day and f.restaurant_id = a.restaurant_id`);
    await tx.execute(sql`
      insert into stats_orders_hourly (day, hour, restaurant_id, orders)
      select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int, restaurant_id, count(*)::int
      from orders group by 1, 2, 3`);
    await tx.execute(sql`delete from stats_on_time_monthly`);
    await tx.execute(sql`
      insert into stats_on_time_monthly (month, restaurant_id, promised, on_time)
      select date_trunc('month', day)::date, restaurant_id, sum(promised)::int, sum(on_time)::int
      from stats_orders_daily where promised > 0 group by 1, 2`);
    await tx.execute(sql`
      insert into stats_products_daily (day, restaurant_id, product_id, category_id, quantity, amount)
      select (o.created_at at time zone ${timeZone})::date, o.restaurant_id, oi.product_id, p.category_id,
        sum(oi.quantity)::int, sum(oi.quantity::bigint * oi.unit_price)::bigint
      from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.status = 'delivered'
      group by 1, 2, 3, 4`);
    // The whole operation's rows, from the restaurants' rows just computed.
    await tx.execute(sql`delete from stats_all_daily`);
    await tx.execute(sql`delete from stats_all_hourly`);
    await tx.execute(sql`delete from stats_categories_daily`);
    await tx.execute(sql`
      insert into stats_all_daily (day, orders, delivered, earnings, revenue, ${ON_TIME})
      select day, sum(orders)::int, sum(delivered)::int, sum(earnings)::bigint, sum(revenue)::bigint,
        sum(promised)::int, sum(on_time)::int, sum(late_kitchen_seconds)::bigint,
        sum(late_driver_seconds)::bigint, sum(late_road_seconds)::bigint
      from stats_orders_daily group by day`);
    await tx.execute(sql`
      insert into stats_all_hourly (day, hour, orders)
      select day, hour, sum(orders)::int from stats_orders_hourly group by day, hour`);
    await tx.execute(sql`
      insert into stats_categories_daily (day, category_id, quantity, amount)
      select day, category_id, sum(quantity)::int, sum(amount)::bigint from stats_products_daily group by day, category_id`);
    await rebuildYearly(tx);
    // The zones' days: refusals left no order to count them again from, so they are kept.
    await tx.execute(sql`
      update stats_zones_daily set orders = 0, delivered = 0, delivery_fees = 0, promised = 0, on_time = 0`);
    await tx.execute(sql`delete from stats_zones_daily where refused = 0`);
    await tx.execute(sql`
      insert into stats_zones_daily (day, zone_id, orders, delivered, delivery_fees, promised, on_time)
      select a.day, a.zone_id, a.orders, coalesce(f.delivered, 0), coalesce(f.fees, 0), coalesce(f.promised, 0),
        coalesce(f.on_time, 0)
      from (select (created_at at time zone ${timeZone})::date as day, coalesce(zone_id, 0) as zone_id,
          count(*)::int as orders
        from orders group by 1, 2) a
      left join (select day, zone_id, count(*)::int as delivered, sum(delivery_costs)::bigint as fees,
          sum(promised)::int as promised, sum(on_time)::int as on_time
        from (${deliveredFacts(timeZone, sql`true`, sql`true`)}) d group by 1, 2) f
        on f.day = a.day and f.zone_id = a.zone_id
      on conflict (day, zone_id) do update set orders = excluded.orders, delivered = excluded.delivered,
        delivery_fees = excluded.delivery_fees, promised = excluded.promised, on_time = excluded.on_time`);
  });
}

/** The whole years' rollups from the days' (a rebuild, and migration 0019's backfill does the same). */
async function rebuildYearly(tx: Db) {
  await tx.execute(sql`delete from stats_products_yearly`);
  await tx.execute(sql`delete from stats_categories_yearly`);
  await tx.execute(sql`delete from stats_all_week_hours_yearly`);
  await tx.execute(sql`
    insert into stats_products_yearly (year, restaurant_id, product_id, category_id, quantity, amount)
    select date_trunc('year', day)::date, restaurant_id, product_id, min(category_id), sum(quantity)::int, sum(amount)::bigint
    from stats_products_daily group by 1, 2, 3`);
  await tx.execute(sql`
    insert into stats_categories_yearly (year, category_id, quantity, amount)
    select date_trunc('year', day)::date, category_id, sum(quantity)::int, sum(amount)::bigint
    from stats_categories_daily group by 1, 2`);
  await tx.execute(sql`
    insert into stats_all_week_hours_yearly (year, weekday, hour, orders)
    select date_trunc('year', day)::date, extract(isodow from day)::int, hour, sum(orders)::int
    from stats_all_hourly group by 1, 2, 3`);
}
