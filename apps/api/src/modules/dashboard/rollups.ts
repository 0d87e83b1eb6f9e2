import type { OrderStatus } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The dashboard's rollups. Each is updated inside the transaction that changes the order, so they
 * can never disagree with the orders they count; `rebuildRollups` recomputes them from scratch
 * (after a bulk import, and in the test that proves the incremental path equals the raw truth).
 *
 * Lock order, the same in every transaction so none can wait on another in a cycle: the status
 * counters, then the restaurant's rows (daily, then hourly or products), then the whole operation's
 * rows (daily, then hourly or categories).
 */
export async function rollupOrderCreated(tx: Db, orderId: number, timeZone: string) {
  await tx.execute(sql`
    insert into stats_orders_daily (day, restaurant_id, orders)
    select (created_at at time zone ${timeZone})::date, restaurant_id, 1 from orders where id = ${orderId}
    on conflict (day, restaurant_id) do update set orders = stats_orders_daily.orders + 1`);
  await tx.execute(sql`
    insert into stats_orders_hourly (day, hour, restaurant_id, orders)
    select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int, restaurant_id, 1
    from orders where id = ${orderId}
    on conflict (day, hour, restaurant_id) do update set orders = stats_orders_hourly.orders + 1`);
  await tx.execute(sql`
    insert into stats_all_daily (day, orders)
    select (created_at at time zone ${timeZone})::date, 1 from orders where id = ${orderId}
    on conflict (day) do update set orders = stats_all_daily.orders + 1`);
  await tx.execute(sql`
    insert into stats_all_hourly (day, hour, orders)
    select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int, 1
    from orders where id = ${orderId}
    on conflict (day, hour) do update set orders = stats_all_hourly.orders + 1`);
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

export async function rollupOrderDelivered(tx: Db, orderId: number, timeZone: string) {
  await tx.execute(sql`
    insert into stats_orders_daily (day, restaurant_id, delivered, earnings, revenue)
    select (created_at at time zone ${timeZone})::date, restaurant_id, 1, commission + delivery_costs, total from orders where id = ${orderId}
    on conflict (day, restaurant_id) do update set
      delivered = stats_orders_daily.delivered + 1,
      earnings = stats_orders_daily.earnings + excluded.earnings,
      revenue = stats_orders_daily.revenue + excluded.revenue`);
  await tx.execute(sql`
    insert into stats_products_daily (day, restaurant_id, product_id, category_id, quantity, amount)
    select (o.created_at at time zone ${timeZone})::date, o.restaurant_id, oi.product_id, p.category_id,
      sum(oi.quantity)::int, sum(oi.quantity::bigint * oi.unit_price)::bigint
    from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.id = ${orderId}
    group by 1, 2, 3, 4
    on conflict (day, restaurant_id, product_id) do update set
      quantity = stats_products_daily.quantity + excluded.quantity,
      amount = stats_products_daily.amount + excluded.amount`);
  await tx.execute(sql`
    insert into stats_all_daily (day, delivered, earnings, revenue)
    select (created_at at time zone ${timeZone})::date, 1, commission + delivery_costs, total from orders where id = ${orderId}
    on conflict (day) do update set
      delivered = stats_all_daily.delivered + 1,
      earnings = stats_all_daily.earnings + excluded.earnings,
      revenue = stats_all_daily.revenue + excluded.revenue`);
  await tx.execute(sql`
    insert into stats_categories_daily (day, category_id, quantity, amount)
    select (o.created_at at time zone ${timeZone})::date, p.category_id, sum(oi.quantity)::int, sum(oi.quantity::bigint * oi.unit_price)::bigint
    from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.id = ${orderId}
    group by 1, 2
    on conflict (day, category_id) do update set
      quantity = stats_categories_daily.quantity + excluded.quantity,
      amount = stats_categories_daily.amount + excluded.amount`);
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
      insert into stats_orders_daily (day, restaurant_id, orders, delivered, earnings, revenue)
      select (created_at at time zone ${timeZone})::date, restaurant_id, count(*)::int,
        (count(*) filter (where status = 'delivered'))::int,
        coalesce(sum(commission + delivery_costs) filter (where status = 'delivered'), 0)::bigint,
        coalesce(sum(total) filter (where status = 'delivered'), 0)::bigint
      from orders group by 1, 2`);
    await tx.execute(sql`
      insert into stats_orders_hourly (day, hour, restaurant_id, orders)
      select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int, restaurant_id, count(*)::int
      from orders group by 1, 2, 3`);
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
      insert into stats_all_daily (day, orders, delivered, earnings, revenue)
      select day, sum(orders)::int, sum(delivered)::int, sum(earnings)::bigint, sum(revenue)::bigint
      from stats_orders_daily group by day`);
    await tx.execute(sql`
      insert into stats_all_hourly (day, hour, orders)
      select day, hour, sum(orders)::int from stats_orders_hourly group by day, hour`);
    await tx.execute(sql`
      insert into stats_categories_daily (day, category_id, quantity, amount)
      select day, category_id, sum(quantity)::int, sum(amount)::bigint from stats_products_daily group by day, category_id`);
  });
}
