import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { rebuildRollups } from '../modules/dashboard/rollups.js';

export interface LargeSeed {
  orders: number;
  /** Active orders on the board (created … no answer), among the orders: a busy evening's board. */
  active: number;
  restaurants: number;
  drivers: number;
  customers: number;
}

const count = async (db: Db, query: string) =>
  Number((await rowsOf<{ n: number }>(db, sql.raw(query)))[0]?.n ?? 0);

/**
 * Grows the demo database to benchmark size with set-based SQL (generate_series), in batches so
 * neither PostgreSQL nor PGlite holds a million rows in one statement: restaurants with menus,
 * drivers with profiles, customers, and orders over two years with their items; then the rollups.
 */
export async function seedLarge(db: Db, target: LargeSeed, timeZone: string, log: (line: string) => void) {
  const hash = (
    await rowsOf<{ h: string }>(db, sql`select password_hash h from users where email = 'admin@example.com'`)
  )[0]?.h;
  if (!hash) throw new Error('run the demo seed first');

  await db.execute(sql`
    insert into restaurants (name, address, phone, percentage, lat, lng)
    select 'Restoran ' || g, 'Ulica ' || g || ', Sarajevo', '+387 33 ' || lpad(g::text, 6, '0'), 10 + (g % 10),
      43.84 + (g % 50) * 0.0006, 18.35 + (g % 70) * 0.001
    from generate_series((select count(*) from restaurants)::int + 1, ${target.restaurants}) g`);
  await db.execute(sql`
    insert into products (restaurant_id, category_id, name, price, show_on_menu)
    select r.id, c.id, 'Jelo ' || r.id || '-' || g, 300 + (g * 37 + r.id) % 2500, true
    from restaurants r
    cross join generate_series(1, 20) g
    join lateral (select id from categories order by position offset (g % 12) limit 1) c on true
    where not exists (select 1 from products p where p.restaurant_id = r.id)`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, role)
    select 'Kupac', 'Broj ' || g, 'kupac.' || g || '@bench.example.ba', ${hash}, 'customer'
    from generate_series((select count(*) from users where role = 'customer')::int + 1, ${target.customers}) g`);
  await db.execute(sql`
    insert into users (first_name, last_name, email, password_hash, role)
    select 'Vozač', 'Broj ' || g, 'vozac.' || g || '@bench.example.ba', ${hash}, 'driver'
    from generate_series((select count(*) from users where role = 'driver')::int + 1, ${target.drivers}) g`);
  await db.execute(sql`
    insert into drivers (user_id) select id from users u where role = 'driver'
    and not exists (select 1 from drivers d where d.user_id = u.id)`);
  log(
    `restaurants ${await count(db, 'select count(*) n from restaurants')}, drivers ${await count(db, "select count(*) n from users where role = 'driver'")}, customers ${await count(db, "select count(*) n from users where role = 'customer'")}`,
  );

  const have = await count(db, 'select count(*) n from orders');
  const batch = 100_000;
  for (let from = have + 1; from <= target.orders; from += batch) {
    const to = Math.min(target.orders, from + batch - 1);
    const started = Date.now();
    await db.transaction(async (tx) => {
      const last = Number(
        (await rowsOf<{ n: number }>(tx, sql`select coalesce(max(id), 0) n from orders`))[0]?.n ?? 0,
      );
      await tx.execute(sql`
        with rs as (select array_agg(id order by id) a from restaurants),
             cs as (select array_agg(id order by id) a from users where role = 'customer'),
             ds as (select array_agg(id order by id) a from users where role = 'driver')
        insert into orders (restaurant_id, customer_id, driver_id, status, payment_method, address, lat, lng,
          restaurant_amount, commission, delivery_costs, restaurant_total_amount, total, estimated_delivery_minutes,
          created_at, status_changed_at, delivered_at, driver_request_time, promised_at, picked_up_at)
        select rs.a[1 + (g * 7) % cardinality(rs.a)], cs.a[1 + (g * 13) % cardinality(cs.a)],
          case when g % 20 = 0 or g % 33 = 0 then null else ds.a[1 + (g * 17) % cardinality(ds.a)] end,
          (case when g % 20 = 0 then 'cancelled' when g % 33 = 0 then 'declined' else 'delivered' end)::order_status,
          (case when g % 5 < 3 then 'cash' else 'card' end)::payment_method,
          'Titova ' || (g % 120) || ', Sarajevo', 43.85 + (g % 100) * 0.0002, 18.40 + (g % 100) * 0.0003,
          1000 + ((g::bigint * 7919) % 4000)::int, (1000 + ((g::bigint * 7919) % 4000)::int) * 15 / 100, 300 + (g % 5) * 50,
          (1000 + ((g::bigint * 7919) % 4000)::int) - (1000 + ((g::bigint * 7919) % 4000)::int) * 15 / 100,
          1000 + ((g::bigint * 7919) % 4000)::int + 300 + (g % 5) * 50, 30,
          t.created, t.created + interval '40 minutes',
          case when g % 20 = 0 or g % 33 = 0 then null else t.created + (30 + g % 20) * interval '1 minute' end,
          t.created + interval '3 minutes',
          -- Promised 45 minutes out; delivered in 30 to 49 (about four in five on time), picked up at 12 to 26.
          t.created + interval '45 minutes',
          case when g % 20 = 0 or g % 33 = 0 then null else t.created + (12 + g % 15) * interval '1 minute' end
        from generate_series(${from}::int, ${to}::int) g, rs, cs, ds,
          lateral (select now() - interval '730 days' + (g::float8 / ${target.orders}) * interval '729 days'
            + ((g * 7) % 720) * interval '1 minute' as created) t`);
      await tx.execute(sql`
        insert into order_items (order_id, product_id, name, unit_price, quantity)
        select o.id, p.id, p.name, o.restaurant_amount, 1
        from orders o
        join lateral (select id, name from products where restaurant_id = o.restaurant_id order by id limit 1) p on true
        where o.id > ${last}`);
    });
    log(
      `orders ${to.toLocaleString('en')} / ${target.orders.toLocaleString('en')} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
  }
  // The evening's board: active orders in every lane, placed over the last 90 minutes, some with
  // drivers, spread over the restaurants.
  const active = await count(
    db,
    "select count(*)::int n from orders where status not in ('delivered', 'cancelled', 'declined', 'returned')",
  );
  const missing = Math.max(0, target.active - active);
  if (missing > 0) {
    await db.execute(sql`
      with rs as (select array_agg(id order by id) a from restaurants),
           cs as (select array_agg(id order by id) a from users where role = 'customer'),
           ds as (select array_agg(id order by id) a from users where role = 'driver')
      insert into orders (restaurant_id, customer_id, driver_id, status, payment_method, address, customer_phone,
        lat, lng, restaurant_amount, commission, delivery_costs, restaurant_total_amount, total,
        estimated_delivery_minutes, created_at, status_changed_at, driver_request_time, promised_at)
      select rs.a[1 + (g * 7) % cardinality(rs.a)], cs.a[1 + (g * 13) % cardinality(cs.a)],
        case when g % 6 >= 3 then ds.a[1 + (g * 17) % cardinality(ds.a)] end,
        (array['created', 'preparing_order', 'ready_for_pickup', 'ready_for_pickup', 'in_delivery', 'no_answer'])[1 + g % 6]::order_status,
        (case when g % 5 < 3 then 'cash' else 'card' end)::payment_method,
        'Titova ' || (g % 120) || ', Sarajevo', '+387 61 000 ' || lpad((g % 1000)::text, 3, '0'),
        43.85 + (g % 100) * 0.0002, 18.40 + (g % 100) * 0.0003, 1500, 225, 350, 1275, 1850, 30,
        now() - (g % 90) * interval '1 minute', now() - (g % 40) * interval '1 minute',
        case when g % 6 > 0 then now() - (g % 40) * interval '1 minute' end,
        now() - (g % 90) * interval '1 minute' + interval '45 minutes'
      from generate_series(1, ${missing}::int) g, rs, cs, ds`);
    await db.execute(sql`
      insert into order_items (order_id, product_id, name, unit_price, quantity)
      select o.id, p.id, p.name, o.restaurant_amount, 1
      from orders o
      join lateral (select id, name from products where restaurant_id = o.restaurant_id order by id limit 1) p on true
      where not exists (select 1 from order_items i where i.order_id = o.id)`);
    log(`active orders on the board: ${target.active.toLocaleString('en')}`);
  }
  if (have >= target.orders && missing === 0) return;
  // The rollups from the orders, then fresh statistics and visibility maps for every table (the
  // planner must know the rollups' new size; index-only scans need the visibility map).
  log('rollups…');
  await rebuildRollups(db, timeZone);
  log('vacuum analyze…');
  await db.execute(sql`vacuum analyze`);
}
