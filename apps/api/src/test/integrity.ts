import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';

/**
 * What must hold of the data whatever happened to the process writing it: no half-written order, the
 * history agrees with each order, and every rollup and counter equals the orders it counts. Returns
 * the broken rules (empty when all hold).
 */
export async function integrityViolations(db: Db, timeZone = 'Europe/Sarajevo'): Promise<string[]> {
  const checks: [string, ReturnType<typeof sql>][] = [
    [
      'orders without items',
      sql`select count(*)::int n from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ],
    [
      'orders whose items do not add up to the restaurant amount',
      sql`select count(*)::int n from orders o
        where o.restaurant_amount <> (select sum(i.unit_price * i.quantity) from order_items i where i.order_id = o.id)`,
    ],
    [
      'orders without their creation in the history',
      sql`select count(*)::int n from orders o where not exists
        (select 1 from order_status_history h where h.order_id = o.id and h.from_status is null)`,
    ],
    [
      'orders whose status is not the last one in their history',
      sql`select count(*)::int n from orders o where o.status <> (select h.to_status from order_status_history h
        where h.order_id = o.id order by h.created_at desc, h.id desc limit 1)`,
    ],
    [
      'daily rollups that differ from the orders',
      sql`select count(*)::int n from (
        (select day, restaurant_id, orders, delivered, earnings, revenue from stats_orders_daily
          except
         select (created_at at time zone ${timeZone})::date, restaurant_id, count(*)::int,
          (count(*) filter (where status = 'delivered'))::int,
          coalesce(sum(commission + delivery_costs) filter (where status = 'delivered'), 0)::int,
          coalesce(sum(total) filter (where status = 'delivered'), 0)::int
         from orders group by 1, 2)
        union all
        (select (created_at at time zone ${timeZone})::date, restaurant_id, count(*)::int,
          (count(*) filter (where status = 'delivered'))::int,
          coalesce(sum(commission + delivery_costs) filter (where status = 'delivered'), 0)::int,
          coalesce(sum(total) filter (where status = 'delivered'), 0)::int
         from orders group by 1, 2
          except
         select day, restaurant_id, orders, delivered, earnings, revenue from stats_orders_daily)) d`,
    ],
    [
      'hourly rollups that differ from the orders',
      sql`select count(*)::int n from (
        (select day, hour::int, restaurant_id, orders from stats_orders_hourly
          except
         select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int,
          restaurant_id, count(*)::int from orders group by 1, 2, 3)
        union all
        (select (created_at at time zone ${timeZone})::date, extract(hour from created_at at time zone ${timeZone})::int,
          restaurant_id, count(*)::int from orders group by 1, 2, 3
          except
         select day, hour::int, restaurant_id, orders from stats_orders_hourly)) d`,
    ],
    [
      "the whole operation's daily rollups that differ from the restaurants' rows",
      sql`select count(*)::int n from (
        (select day, orders, delivered, earnings, revenue from stats_all_daily
          except
         select day, sum(orders)::int, sum(delivered)::int, sum(earnings)::int, sum(revenue)::int from stats_orders_daily group by day)
        union all
        (select day, sum(orders)::int, sum(delivered)::int, sum(earnings)::int, sum(revenue)::int from stats_orders_daily group by day
          except
         select day, orders, delivered, earnings, revenue from stats_all_daily)) d`,
    ],
    [
      "the whole operation's hourly rollups that differ from the restaurants' rows",
      sql`select count(*)::int n from (
        (select day, hour, orders from stats_all_hourly except
         select day, hour, sum(orders)::int from stats_orders_hourly group by day, hour)
        union all
        (select day, hour, sum(orders)::int from stats_orders_hourly group by day, hour except
         select day, hour, orders from stats_all_hourly)) d`,
    ],
    [
      'category rollups that differ from the product rollups',
      sql`select count(*)::int n from (
        (select day, category_id, quantity, amount from stats_categories_daily except
         select day, category_id, sum(quantity)::int, sum(amount)::int from stats_products_daily group by day, category_id)
        union all
        (select day, category_id, sum(quantity)::int, sum(amount)::int from stats_products_daily group by day, category_id except
         select day, category_id, quantity, amount from stats_categories_daily)) d`,
    ],
    [
      'yearly rollups that differ from the daily ones',
      sql`select count(*)::int n from (
        (select year, restaurant_id, product_id, quantity, amount::bigint from stats_products_yearly where quantity <> 0 except
         select date_trunc('year', day)::date, restaurant_id, product_id, sum(quantity)::int, sum(amount)::bigint
         from stats_products_daily group by 1, 2, 3)
        union all
        (select date_trunc('year', day)::date, restaurant_id, product_id, sum(quantity)::int, sum(amount)::bigint
         from stats_products_daily group by 1, 2, 3 except
         select year, restaurant_id, product_id, quantity, amount::bigint from stats_products_yearly)
        union all
        (select year, category_id, 0, quantity, amount::bigint from stats_categories_yearly where quantity <> 0 except
         select date_trunc('year', day)::date, category_id, 0, sum(quantity)::int, sum(amount)::bigint
         from stats_categories_daily group by 1, 2)
        union all
        (select date_trunc('year', day)::date, category_id, 0, sum(quantity)::int, sum(amount)::bigint
         from stats_categories_daily group by 1, 2 except
         select year, category_id, 0, quantity, amount::bigint from stats_categories_yearly)
        union all
        (select year, weekday::int, hour::int, orders, 0::bigint from stats_all_week_hours_yearly where orders <> 0 except
         select date_trunc('year', day)::date, extract(isodow from day)::int, hour::int, sum(orders)::int, 0::bigint
         from stats_all_hourly group by 1, 2, 3)
        union all
        (select date_trunc('year', day)::date, extract(isodow from day)::int, hour::int, sum(orders)::int, 0::bigint
         from stats_all_hourly group by 1, 2, 3 except
         select year, weekday::int, hour::int, orders, 0::bigint from stats_all_week_hours_yearly)) d`,
    ],
    [
      'on-time rollups that differ from the daily rows',
      sql`select count(*)::int n from (
        (select month, restaurant_id, promised, on_time from stats_on_time_monthly where promised <> 0 except
         select date_trunc('month', day)::date, restaurant_id, sum(promised)::int, sum(on_time)::int from stats_orders_daily
         where promised > 0 group by 1, 2)
        union all
        (select date_trunc('month', day)::date, restaurant_id, sum(promised)::int, sum(on_time)::int from stats_orders_daily
         where promised > 0 group by 1, 2 except
         select month, restaurant_id, promised, on_time from stats_on_time_monthly)
        union all
        (select day, 0, sum(promised)::int, sum(on_time)::int from stats_orders_daily group by day except
         select day, 0, promised, on_time from stats_all_daily)) d`,
    ],
    [
      'status counters that differ from the orders',
      sql`select count(*)::int n from (
        (select restaurant_id, status, orders from stats_orders_status where orders <> 0
          except
         select restaurant_id, status, count(*)::int from orders group by 1, 2)
        union all
        (select restaurant_id, status, count(*)::int from orders group by 1, 2
          except
         select restaurant_id, status, orders from stats_orders_status)) d`,
    ],
    [
      'drivers delivering without an order in delivery',
      sql`select count(*)::int n from drivers d where d.shift_state = 'delivering' and not exists
        (select 1 from orders o where o.driver_id = d.user_id and o.status in ('in_delivery', 'no_answer'))`,
    ],
  ];
  const broken: string[] = [];
  for (const [rule, query] of checks) {
    const n = Number((await rowsOf<{ n: number }>(db, query))[0]?.n ?? 0);
    if (n > 0) broken.push(`${rule}: ${n}`);
  }
  return broken;
}
