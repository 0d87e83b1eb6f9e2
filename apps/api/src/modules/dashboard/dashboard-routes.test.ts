import { readFileSync } from 'node:fs';
import { periodRange } from '@dostava/shared';
import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products, users } from '../../db/schema/index.js';
import { isPlannedEachCall } from '../../db/statements.js';
import { addDays, localToday } from '../../lib/dates.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { dashboard, wholeMonths, wholeYears } from './dashboard-service.js';
import { deliveredFacts, rebuildRollups } from './rollups.js';

const TZ = 'Europe/Sarajevo';
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'customer', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  own =
    (await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]
      ?.restaurant_id ?? 0;
});
afterAll(() => t.close());

/** The same figures straight from the orders, as a reviewer would write them. */
async function raw(from: string, to: string, restaurantId?: number) {
  const scope = restaurantId ? sql`and o.restaurant_id = ${restaurantId}` : sql``;
  const [totals] = await rowsOf<{ orders: number; delivered: number; earnings: number; revenue: number }>(
    t.database.db,
    sql`select count(*)::int orders, (count(*) filter (where status = 'delivered'))::int delivered,
      coalesce(sum(commission + delivery_costs) filter (where status = 'delivered'), 0)::int earnings,
      coalesce(sum(total) filter (where status = 'delivered'), 0)::int revenue
    from orders o where (o.created_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${scope}`,
  );
  const top = await rowsOf<{ id: number; quantity: number }>(
    t.database.db,
    sql`select p.id, sum(oi.quantity)::int quantity from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.status = 'delivered' and (o.created_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${scope}
    group by p.id order by quantity desc, p.id limit 5`,
  );
  const categories = await rowsOf<{ id: number; quantity: number }>(
    t.database.db,
    sql`select p.category_id id, sum(oi.quantity)::int quantity from orders o join order_items oi on oi.order_id = o.id join products p on p.id = oi.product_id
    where o.status = 'delivered' and (o.created_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${scope}
    group by p.category_id order by quantity desc, p.category_id limit 5`,
  );
  const heat = await rowsOf<{ weekday: number; hour: number; orders: number }>(
    t.database.db,
    sql`select extract(isodow from o.created_at at time zone ${TZ})::int as weekday, extract(hour from o.created_at at time zone ${TZ})::int as hour, count(*)::int as orders
    from orders o where (o.created_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${scope} group by 1, 2`,
  );
  return { totals, top, categories, heat };
}

/** On-time figures straight from the delivered orders. */
async function rawOnTime(from: string, to: string, restaurantId?: number) {
  const scope = restaurantId ? sql`and o.restaurant_id = ${restaurantId}` : sql``;
  const rows = await rowsOf<{
    restaurant_id: number;
    promised: number;
    on_time: number;
    late_seconds: number;
  }>(
    t.database.db,
    sql`select o.restaurant_id, (count(*) filter (where o.promised_at is not null))::int promised,
      (count(*) filter (where o.delivered_at <= o.promised_at))::int on_time,
      coalesce(sum(extract(epoch from o.delivered_at - o.promised_at)) filter (where o.delivered_at > o.promised_at), 0)::float8 late_seconds
    from orders o where o.status = 'delivered' and (o.created_at at time zone ${TZ})::date between ${from}::date and ${to}::date ${scope}
    group by o.restaurant_id`,
  );
  const promised = rows.reduce((n, r) => n + Number(r.promised), 0);
  const onTime = rows.reduce((n, r) => n + Number(r.on_time), 0);
  const lateSeconds = rows.reduce((n, r) => n + Number(r.late_seconds), 0);
  const restaurants = rows
    .filter((r) => Number(r.promised) > 0)
    .map((r) => ({
      id: r.restaurant_id,
      promised: Number(r.promised),
      rate: Number(r.on_time) / Number(r.promised),
    }))
    .sort((a, b) => b.rate - a.rate || b.promised - a.promised || a.id - b.id);
  return {
    on_time: {
      promised,
      on_time: onTime,
      late: promised - onTime,
      rate: promised ? onTime / promised : null,
    },
    averageLate: promised - onTime > 0 ? lateSeconds / 60 / (promised - onTime) : 0,
    restaurants,
  };
}

const get = (query: string, who = 'admin') =>
  t.request({ method: 'GET', url: `/api/dashboard?${query}`, token: tokens[who] });

describe('periods', () => {
  it('finds the whole months inside a range', () => {
    expect(wholeMonths('2026-10-15', '2026-12-31')).toEqual({
      first: '2026-11-01',
      last: '2026-12-01',
      end: '2026-12-31',
    });
    expect(wholeMonths('2026-01-01', '2026-12-31')).toEqual({
      first: '2026-01-01',
      last: '2026-12-01',
      end: '2026-12-31',
    });
    // None: the first comes after the last.
    const week = wholeMonths('2026-11-16', '2026-11-22');
    expect(week.first > week.end).toBe(true);
    const across = wholeMonths('2026-11-25', '2026-12-03');
    expect(across.first > across.end).toBe(true);
  });

  it('finds the whole years inside a range', () => {
    expect(wholeYears('2026-01-01', '2026-12-31')).toEqual({
      first: '2026-01-01',
      last: '2026-01-01',
      end: '2026-12-31',
      count: 1,
    });
    expect(wholeYears('2025-12-31', '2026-12-31').count).toBe(1);
    const none = wholeYears('2025-03-15', '2026-03-14');
    expect(none.count).toBe(0);
    expect(none.first > none.end).toBe(true);
  });

  it('computes calendar periods in the operation time zone, weeks from Monday', () => {
    // 2026-11-22 is a Sunday.
    expect(periodRange('this_week', '2026-11-22')).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    expect(periodRange('last_week', '2026-11-16')).toEqual({ from: '2026-11-09', to: '2026-11-15' });
    expect(periodRange('last_month', '2026-01-10')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(periodRange('this_month', '2028-02-03')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodRange('yesterday', '2026-03-01')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    // 23:30 UTC on 31 December is already New Year in Sarajevo.
    expect(localToday(TZ, new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(localToday(TZ, new Date('2026-07-31T21:59:00Z'))).toBe('2026-07-31');
  });
});

describe('GET /api/dashboard', () => {
  it('equals the raw computation over the orders for every period choice', async () => {
    for (const period of [
      'today',
      'yesterday',
      'this_week',
      'last_week',
      'this_month',
      'last_month',
      'this_year',
    ]) {
      const res = await get(`period=${period}`);
      expect(res.statusCode, period).toBe(200);
      const d = res.json().data;
      const expected = await raw(d.period.from, d.period.to);
      expect(d.totals, period).toEqual(expected.totals);
      expect(
        d.top_products.map((p: { id: number; quantity: number }) => [p.id, p.quantity]),
        period,
      ).toEqual(expected.top.map((p) => [p.id, p.quantity]));
      expect(
        d.top_categories.map((c: { id: number; quantity: number }) => [c.id, c.quantity]),
        period,
      ).toEqual(expected.categories.map((c) => [c.id, c.quantity]));
      const heat = Object.fromEntries(expected.heat.map((h) => [`${h.weekday}-${h.hour}`, h.orders]));
      expect(
        Object.fromEntries(
          d.heatmap.map((h: { weekday: number; hour: number; orders: number }) => [
            `${h.weekday}-${h.hour}`,
            h.orders,
          ]),
        ),
      ).toEqual(heat);
      expect(
        d.series.reduce((s: number, b: { orders: number }) => s + b.orders, 0),
        period,
      ).toBe(expected.totals?.orders);
    }
  });

  it('measures on-time delivery and lateness by stage as the raw orders do, for every period', async () => {
    let seen = 0;
    const today = localToday(TZ);
    // A custom range across month ends: whole months from the monthly rows, the rest from the days.
    const custom = `custom&from=${addDays(today, -45)}&to=${addDays(today, -2)}`;
    for (const period of [
      'today',
      'this_week',
      'last_week',
      'this_month',
      'last_month',
      'this_year',
      custom,
    ]) {
      const d = (await get(`period=${period}`)).json().data;
      const expected = await rawOnTime(d.period.from, d.period.to);
      expect(d.on_time, period).toEqual(expected.on_time);
      seen += d.on_time.promised;
      expect(d.lateness.late_orders).toBe(expected.on_time.late);
      // Minutes per late order, to a tenth; the stages add up to the whole.
      expect(Math.abs(d.lateness.average_minutes - expected.averageLate), period).toBeLessThanOrEqual(0.06);
      const stages = d.lateness.stages as { stage: string; average_minutes: number }[];
      expect(stages.map((s) => s.stage)).toEqual(['kitchen', 'driver', 'road']);
      for (const s of stages) expect(s.average_minutes).toBeGreaterThanOrEqual(0);
      expect(
        Math.abs(stages.reduce((n, s) => n + s.average_minutes, 0) - d.lateness.average_minutes),
      ).toBeLessThanOrEqual(0.16);
      const { best, worst, restaurants } = d.on_time_restaurants;
      expect(restaurants).toBe(expected.restaurants.length);
      expect(best.map((r: { id: number }) => r.id)).toEqual(
        expected.restaurants.slice(0, 5).map((r) => r.id),
      );
      expect(worst.map((r: { id: number }) => r.id)).toEqual(
        expected.restaurants
          .slice(5)
          .reverse()
          .slice(0, 5)
          .map((r) => r.id),
      );
    }
    // The demo seed promises every order: the figures are not all zero.
    expect(seen).toBeGreaterThan(0);
  });

  it('shows restaurant staff the on-time figures of their own restaurant only', async () => {
    const d = (await get('period=this_year', 'manager')).json().data;
    const expected = await rawOnTime(d.period.from, d.period.to, own);
    expect(d.on_time).toEqual(expected.on_time);
    expect(d.on_time.promised).toBeGreaterThan(0);
    expect(d.on_time_restaurants.restaurants).toBe(1);
    expect(d.on_time_restaurants.best.map((r: { id: number }) => r.id)).toEqual([own]);
    expect(d.on_time_restaurants.worst).toEqual([]);
    const all = (await get('period=this_year')).json().data;
    expect(all.on_time_restaurants.restaurants).toBeGreaterThan(1);
    expect(all.on_time.promised).toBeGreaterThan(d.on_time.promised);
    expect((await get('period=this_year', 'dispatcher')).statusCode).toBe(403);
    expect((await get('period=this_year', 'driver')).statusCode).toBe(403);
  });

  it('reads whole years from the yearly rollups and the days around them from the daily ones, as the raw orders', async () => {
    // Orders in two years: some moved back a year (their rollups rebuilt), so a range holds a whole
    // year and days on either side of it.
    const db = t.database.db;
    const today = localToday(TZ);
    const year = Number(today.slice(0, 4));
    await db.execute(sql`update orders set created_at = created_at - interval '1 year' where id % 3 = 0`);
    await rebuildRollups(db, TZ);
    const ranges = [
      ['this_year', undefined, undefined],
      ['custom', `${year - 1}-01-01`, `${year - 1}-12-31`],
      // A whole year and the day before it (366 days, the longest range).
      ['custom', `${year - 2}-12-31`, `${year - 1}-12-31`],
      ['custom', `${year - 1}-03-15`, `${year}-03-14`],
    ] as const;
    for (const [period, from, to] of ranges) {
      for (const who of ['admin', 'manager']) {
        const query = from ? `period=${period}&from=${from}&to=${to}` : `period=${period}`;
        const res = await get(query, who);
        const label = `${query} as ${who}`;
        expect(res.statusCode, label).toBe(200);
        const d = res.json().data;
        const expected = await raw(d.period.from, d.period.to, who === 'manager' ? own : undefined);
        expect(d.totals, label).toEqual(expected.totals);
        expect(expected.top.length, label).toBeGreaterThan(0);
        expect(
          d.top_products.map((p: { id: number; quantity: number }) => [p.id, p.quantity]),
          label,
        ).toEqual(expected.top.map((p) => [p.id, p.quantity]));
        expect(
          d.top_categories.map((c: { id: number; quantity: number }) => [c.id, c.quantity]),
          label,
        ).toEqual(expected.categories.map((c) => [c.id, c.quantity]));
        expect(
          Object.fromEntries(
            d.heatmap.map((h: { weekday: number; hour: number; orders: number }) => [
              `${h.weekday}-${h.hour}`,
              h.orders,
            ]),
          ),
          label,
        ).toEqual(Object.fromEntries(expected.heat.map((h) => [`${h.weekday}-${h.hour}`, h.orders])));
      }
    }
    await db.execute(sql`update orders set created_at = created_at + interval '1 year' where id % 3 = 0`);
    await rebuildRollups(db, TZ);
  });

  it('has the server plan each read of a period with its own dates, never one plan made for any period', async () => {
    // A generic plan, made once for any range, read the year's restaurant punctuality in 14 ms where
    // the plan for the year's dates takes 1.5 ms (decision 0031).
    const dialect = new PgDialect();
    const texts: string[] = [];
    const execute = vi.spyOn(t.database.db, 'execute');
    try {
      for (const period of ['today', 'this_month', 'this_year'] as const) {
        execute.mockClear();
        await dashboard(t.database.db, { role: 'admin', restaurant_id: null }, { period }, TZ);
        texts.push(
          ...execute.mock.calls.map(([query]) =>
            typeof query === 'string' ? query : dialect.sqlToQuery(query.getSQL()).sql,
          ),
        );
      }
    } finally {
      execute.mockRestore();
    }
    const periodReads = texts.filter((text) => /\.(day|year) (between|=|>=)/.test(text));
    expect(periodReads.length).toBeGreaterThanOrEqual(3 * 7);
    expect(periodReads.filter((text) => !isPlannedEachCall(text))).toEqual([]);
  });

  it('answers a custom range across a week boundary, with one bucket per day', async () => {
    const today = localToday(TZ);
    const [from, to] = [addDays(today, -10), addDays(today, -3)];
    const d = (await get(`period=custom&from=${from}&to=${to}`)).json().data;
    expect(d.period).toMatchObject({ from, to, granularity: 'day' });
    expect(d.series.map((b: { bucket: string }) => b.bucket)).toEqual(
      Array.from({ length: 8 }, (_, i) => addDays(from, i)),
    );
    expect(d.totals).toEqual((await raw(from, to)).totals);
    expect(d.counters.orders_today).toBe((await raw(today, today)).totals?.orders);
  });

  it('scopes restaurant staff to their own restaurant; dispatchers and app users have no dashboard', async () => {
    const d = (await get('period=this_year', 'manager')).json().data;
    const expected = await raw(d.period.from, d.period.to, own);
    expect(d.totals).toEqual(expected.totals);
    expect(d.totals.orders).toBeLessThan((await get('period=this_year')).json().data.totals.orders);
    expect((await get('period=today', 'dispatcher')).statusCode).toBe(403);
    expect((await get('period=today', 'customer')).statusCode).toBe(403);
    expect((await get('period=custom&from=2026-01-01')).statusCode).toBe(400);
    expect((await get('period=someday')).statusCode).toBe(400);
  });

  it('keeps the rollups equal to the raw computation as orders are placed and delivered', async () => {
    const [menuItem] = await t.database.db
      .select()
      .from(products)
      .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
      .limit(1);
    const [driver] = await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com'));
    for (let i = 0; i < 3; i++) {
      const o = (
        await t.request({
          method: 'POST',
          url: '/api/orders',
          token: tokens.customer,
          payload: {
            restaurant_id: own,
            items: [{ product_id: menuItem?.id, quantity: 2 }],
            address: 'Titova 1',
            phone: '+387 61 111 222',
            lat: 43.86,
            lng: 18.42,
            payment: 'cash',
          },
        })
      ).json().data;
      // One promise kept (an hour ahead), one missed (due at placement).
      await t.database.db.execute(
        sql`update orders set promised_at = created_at + ${i === 0 ? '1 hour' : '0 seconds'}::interval where id = ${o.id}`,
      );
      const step = async (url: string, token: string | undefined, payload: object) => {
        const res = await t.request({ method: 'POST', url: `/api/${url}`, token, payload });
        expect(res.statusCode, `${url} ${JSON.stringify(payload)}: ${res.body}`).toBe(200);
      };
      if (i === 2) {
        await step(`orders/${o.id}/status`, tokens.admin, { status: 'cancelled', reason: 'Kupac odustao' });
        continue;
      }
      for (const status of ['preparing_order', 'ready_for_pickup'])
        await step(`orders/${o.id}/status`, tokens.admin, { status });
      await step(`orders/${o.id}/assign`, tokens.admin, { driver_id: driver?.id });
      await step(`driver/orders/${o.id}/status`, tokens.driver, { status: 'in_delivery' });
      if (i === 1) {
        // Taken off the driver in delivery: back to ready for pickup, then out again.
        await step(`orders/${o.id}/unassign`, tokens.admin, { reason: 'Vozač se pokvario' });
        await step(`orders/${o.id}/assign`, tokens.admin, { driver_id: driver?.id });
        await step(`driver/orders/${o.id}/status`, tokens.driver, { status: 'in_delivery' });
      }
      await step(`driver/orders/${o.id}/status`, tokens.driver, { status: 'delivered' });
    }
    const snapshot = async () => ({
      daily: await rowsOf(t.database.db, sql`select * from stats_orders_daily order by day, restaurant_id`),
      hourly: await rowsOf(
        t.database.db,
        sql`select * from stats_orders_hourly order by day, hour, restaurant_id`,
      ),
      products: await rowsOf(
        t.database.db,
        sql`select * from stats_products_daily order by day, restaurant_id, product_id`,
      ),
      statuses: await rowsOf(
        t.database.db,
        sql`select * from stats_orders_status where orders <> 0 order by restaurant_id, status`,
      ),
      all: await rowsOf(t.database.db, sql`select * from stats_all_daily order by day`),
      onTimeMonthly: await rowsOf(
        t.database.db,
        sql`select * from stats_on_time_monthly order by month, restaurant_id`,
      ),
      allHourly: await rowsOf(t.database.db, sql`select * from stats_all_hourly order by day, hour`),
      categories: await rowsOf(
        t.database.db,
        sql`select * from stats_categories_daily order by day, category_id`,
      ),
      productsYearly: await rowsOf(
        t.database.db,
        sql`select * from stats_products_yearly order by year, restaurant_id, product_id`,
      ),
      categoriesYearly: await rowsOf(
        t.database.db,
        sql`select * from stats_categories_yearly order by year, category_id`,
      ),
      weekHoursYearly: await rowsOf(
        t.database.db,
        sql`select * from stats_all_week_hours_yearly order by year, weekday, hour`,
      ),
      zones: await rowsOf(t.database.db, sql`select * from stats_zones_daily order by day, zone_id`),
    });
    const incremental = await snapshot();
    await rebuildRollups(t.database.db, TZ);
    const rebuilt = await snapshot();
    expect(incremental.daily).toEqual(rebuilt.daily);
    expect(incremental.hourly).toEqual(rebuilt.hourly);
    expect(incremental.products).toEqual(rebuilt.products);
    expect(incremental.statuses).toEqual(rebuilt.statuses);
    expect(incremental.all).toEqual(rebuilt.all);
    expect(incremental.onTimeMonthly).toEqual(rebuilt.onTimeMonthly);
    expect(incremental.allHourly).toEqual(rebuilt.allHourly);
    expect(incremental.categories).toEqual(rebuilt.categories);
    expect(incremental.productsYearly).toEqual(rebuilt.productsYearly);
    expect(incremental.categoriesYearly).toEqual(rebuilt.categoriesYearly);
    expect(incremental.weekHoursYearly).toEqual(rebuilt.weekHoursYearly);
    expect(incremental.zones).toEqual(rebuilt.zones);
    expect(incremental.zones.length).toBeGreaterThan(0);
    const today = (await get('period=today')).json().data;
    expect(today.totals).toEqual((await raw(today.period.from, today.period.to)).totals);
    expect(today.on_time).toEqual((await rawOnTime(today.period.from, today.period.to)).on_time);
    expect(today.on_time.promised).toBeGreaterThanOrEqual(2);
    expect(today.on_time.late).toBeGreaterThanOrEqual(1);
  });

  it('backfills in migration 0015 what the rebuild computes', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      daily: await rowsOf(db, sql`select * from stats_orders_daily order by day, restaurant_id`),
      all: await rowsOf(db, sql`select * from stats_all_daily order by day`),
      monthly: await rowsOf(db, sql`select * from stats_on_time_monthly order by month, restaurant_id`),
    });
    await rebuildRollups(db, TZ);
    const rebuilt = await snapshot();
    expect(rebuilt.monthly.length).toBeGreaterThan(0);
    // As before the migration: no on-time figures anywhere.
    const zero = sql.raw(
      'promised = 0, on_time = 0, late_kitchen_seconds = 0, late_driver_seconds = 0, late_road_seconds = 0',
    );
    await db.execute(sql`update stats_orders_daily set ${zero}`);
    await db.execute(sql`update stats_all_daily set ${zero}`);
    await db.execute(sql`delete from stats_on_time_monthly`);
    const migration = readFileSync(new URL('../../db/migrations/0015_on_time.sql', import.meta.url), 'utf8');
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => /^(UPDATE|INSERT)/.test(statement));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(rebuilt);
  });

  it('backfills in migration 0019 the yearly rollups the rebuild computes', async () => {
    const db = t.database.db;
    const snapshot = async () => ({
      products: await rowsOf(
        db,
        sql`select * from stats_products_yearly order by year, restaurant_id, product_id`,
      ),
      categories: await rowsOf(db, sql`select * from stats_categories_yearly order by year, category_id`),
      weekHours: await rowsOf(
        db,
        sql`select * from stats_all_week_hours_yearly order by year, weekday, hour`,
      ),
    });
    await rebuildRollups(db, TZ);
    const rebuilt = await snapshot();
    expect(rebuilt.products.length).toBeGreaterThan(0);
    expect(rebuilt.weekHours.length).toBeGreaterThan(0);
    await db.execute(sql`delete from stats_products_yearly`);
    await db.execute(sql`delete from stats_categories_yearly`);
    await db.execute(sql`delete from stats_all_week_hours_yearly`);
    const migration = readFileSync(
      new URL('../../db/migrations/0019_dashboard_yearly.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration
      .split('--> statement-breakpoint')
      .map((statement) => statement.replace(/^--.*$/gm, '').trim())
      .filter((statement) => /^INSERT/.test(statement));
    expect(backfill).toHaveLength(3);
    for (const statement of backfill) await db.execute(sql.raw(statement));
    expect(await snapshot()).toEqual(rebuilt);
  });

  it("splits a late order's minutes over the stages that overran their share of the promise", async () => {
    const db = t.database.db;
    const [order] = await rowsOf<{ id: number }>(
      db,
      sql`select o.id from orders o where o.status = 'delivered'
        and (select count(*) from order_status_history h where h.order_id = o.id and h.to_status = 'ready_for_pickup') = 1
        order by o.id limit 1`,
    );
    const id = order?.id ?? 0;
    // Promised in 60 minutes (kitchen 30/70 of it, driver 10/70, road 30/70); ready at 50, picked up at
    // 60, delivered at 80: kitchen 24.3 min over its share, driver 1.4, road none; 20 minutes late.
    await db.execute(sql`update orders set promised_at = created_at + interval '60 minutes',
      picked_up_at = created_at + interval '60 minutes', delivered_at = created_at + interval '80 minutes' where id = ${id}`);
    await db.execute(sql`update order_status_history h set created_at = o.created_at + interval '50 minutes'
      from orders o where o.id = h.order_id and h.order_id = ${id} and h.to_status = 'ready_for_pickup'`);
    const [facts] = await rowsOf<Record<string, number>>(
      db,
      deliveredFacts(TZ, sql`o.id = ${id}`, sql`h.order_id = ${id}`),
    );
    expect(facts).toMatchObject({ promised: 1, on_time: 0 });
    const kitchen = Number(facts?.late_kitchen_seconds);
    const driver = Number(facts?.late_driver_seconds);
    expect(kitchen).toBe(Math.round((1200 * (50 - 60 * (3 / 7))) / (50 - 60 * (3 / 7) + (10 - 60 / 7))));
    expect(driver).toBe(Math.round((1200 * (10 - 60 / 7)) / (50 - 60 * (3 / 7) + (10 - 60 / 7))));
    expect(Number(facts?.late_road_seconds)).toBe(0);
    expect(kitchen + driver).toBe(1200);
    // On time: nothing late, whatever the stages took.
    await db.execute(sql`update orders set promised_at = delivered_at where id = ${id}`);
    const [kept] = await rowsOf<Record<string, number>>(
      db,
      deliveredFacts(TZ, sql`o.id = ${id}`, sql`h.order_id = ${id}`),
    );
    expect(kept).toMatchObject({ promised: 1, on_time: 1 });
    expect(
      Number(kept?.late_kitchen_seconds) +
        Number(kept?.late_driver_seconds) +
        Number(kept?.late_road_seconds),
    ).toBe(0);
  });
});
