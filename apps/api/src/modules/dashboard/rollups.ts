import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';

/**
 * The dashboard's rollups. Each is updated inside the transaction that changes the order, so they
 * can never disagree with the orders they count; `rebuildRollups` recomputes them from scratch
 * (after a bulk import, and in the test that proves the incremental path equals the raw truth).
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
      sum(oi.quantity)::int, sum(oi.quantity * oi.unit_price)::int
    from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.id = ${orderId}
    group by 1, 2, 3, 4
    on conflict (day, restaurant_id, product_id) do update set
      quantity = stats_products_daily.quantity + excluded.quantity,
      amount = stats_products_daily.amount + excluded.amount`);
}

/** Recomputes every rollup from the orders (in one transaction). */
export async function rebuildRollups(db: Db, timeZone: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from stats_orders_daily`);
    await tx.execute(sql`delete from stats_orders_hourly`);
    await tx.execute(sql`delete from stats_products_daily`);
    await tx.execute(sql`
      insert into stats_orders_daily (day, restaurant_id, orders, delivered, earnings, revenue)
      select (created_at at time zone ${timeZone})::date, restaurant_id, count(*)::int,
        (count(*) filter (where status = 'delivered'))::int,
        coalesce(sum(commission + delivery_costs) filter (where status = 'delivered'), 0)::int,
        coalesce(sum(total) filter (where status = 'delivered'), 0)::int
      from orders group by 1, 2`);
    await tx.execute(sql`
      insert into stats_orders_hourly (day, hour, restaurant_id, orders)
      select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int, restaurant_id, count(*)::int
      from orders group by 1, 2, 3`);
    await tx.execute(sql`
      insert into stats_products_daily (day, restaurant_id, product_id, category_id, quantity, amount)
      select (o.created_at at time zone ${timeZone})::date, o.restaurant_id, oi.product_id, p.category_id,
        sum(oi.quantity)::int, sum(oi.quantity * oi.unit_price)::int
      from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
      where o.status = 'delivered'
      group by 1, 2, 3, 4`);
  });
}
