import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryQuotes, orders, products, restaurants, zones } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, jobFinished, type TestContext } from '../../test/helpers.js';
import { nextPurgeAt } from './zones-routes.js';
import { purgeExpiredQuotes, QUOTE_PURGE_GRACE_MS } from './zones-service.js';

/**
 * Issue 37 beyond pricing: an order keeps the zone that priced it, and the board, the map, the export
 * and the dashboard are broken down by it (in SQL); expired quotes are purged by an hourly job.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let product = 0;
let city = 0;
let outskirts = 0;
const ROLES = ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'driver', 'customer'];

/** Baščaršija: the demo city's service area. */
const CENTRE = { lat: 43.8607, lng: 18.4262 };
/** Ilidža: the fee zone (priority 10) inside the city. */
const ILIDZA = { lat: 43.845, lng: 18.313 };
const FAR = { lat: 44.5, lng: 18.4 };

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ROLES) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const rows = await t.database.db.select({ id: restaurants.id }).from(restaurants).orderBy(restaurants.id);
  own = rows[0]?.id ?? 0;
  other = rows[1]?.id ?? 0;
  const [menu] = await t.database.db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
    .orderBy(products.price)
    .limit(1);
  product = menu?.id ?? 0;
  const zoneRows = await t.database.db.select({ id: zones.id, name: zones.name }).from(zones);
  city = zoneRows.find((z) => z.name === 'Sarajevo')?.id ?? 0;
  outskirts = zoneRows.find((z) => z.name === 'Ilidža i okolina')?.id ?? 0;
  // The first demo restaurant delivers inside the city only, 10 km around it: Ilidža is in reach.
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.request({ method: 'GET', url, token: tokens[who], lang: 'en' });
const place = (at: { lat: number; lng: number }, quantity = 3) =>
  t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    lang: 'en',
    payload: {
      restaurant_id: own,
      items: [{ product_id: product, quantity }],
      address: 'Ferhadija 5, Sarajevo',
      phone: '+387 61 111 222',
      ...at,
      payment: 'cash',
    },
  });

describe('an order keeps the zone that priced it', () => {
  it('placing in the city and in Ilidža stores each zone; the quote-frozen order the quote’s', async () => {
    const inCity = await place(CENTRE);
    expect(inCity.statusCode, inCity.body).toBe(201);
    const inIlidza = await place(ILIDZA, 10);
    expect(inIlidza.statusCode, inIlidza.body).toBe(201);
    const zoneOf = async (id: number) =>
      (await t.database.db.select({ z: orders.zone_id }).from(orders).where(eq(orders.id, id)))[0]?.z;
    expect(await zoneOf(inCity.json().data.id)).toBe(city);
    expect(await zoneOf(inIlidza.json().data.id)).toBe(outskirts);
    // The demo history too (seedOrderZones): most of it lies in the city.
    const [seeded] = await t.database.db.select({ n: count() }).from(orders).where(eq(orders.zone_id, city));
    expect(seeded?.n ?? 0).toBeGreaterThan(1);
  });
});

describe('the board, the map and the export filter by zone', () => {
  it('the board’s list and lanes: only the zone’s orders, for Admin and Dispatcher', async () => {
    for (const who of ['admin', 'dispatcher']) {
      const all = (await get('/api/orders?lane=all&per_page=100', who)).json();
      const res = await get(`/api/orders?lane=all&per_page=100&zone_id=${outskirts}`, who);
      expect(res.statusCode).toBe(200);
      const ids: number[] = res.json().data.map((o: { id: number }) => o.id);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids.length).toBeLessThan(all.meta.total);
      const stored = await t.database.db
        .select({ id: orders.id, zone: orders.zone_id })
        .from(orders)
        .where(sql`${orders.id} = any(${sql.param(ids)}::int[])`);
      expect(stored.every((o) => o.zone === outskirts)).toBe(true);
      expect(res.json().meta.total).toBe(ids.length);
      const lanes = (await get(`/api/orders/lanes?zone_id=${outskirts}`, who)).json().data;
      expect(lanes.all).toBe(ids.length);
    }
  });

  it('restaurant staff filter their own orders by zone; another restaurant stays 403', async () => {
    const res = await get(`/api/orders?active=true&per_page=100&zone_id=${city}`, 'manager');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.every((o: { restaurant: { id: number } }) => o.restaurant.id === own)).toBe(true);
    expect((await get(`/api/orders?zone_id=${city}&restaurant_id=${other}`, 'manager')).statusCode).toBe(403);
    expect((await get(`/api/orders?zone_id=${city}`, 'driver')).statusCode).toBe(403);
    expect((await get(`/api/orders?zone_id=${city}`, 'customer')).statusCode).toBe(403);
    expect((await get('/api/orders?zone_id=abc', 'admin')).statusCode).toBe(400);
  });

  it('the map’s orders: only the zone’s drop-offs', async () => {
    const res = await get(`/api/orders/map?zone_id=${outskirts}`, 'dispatcher');
    expect(res.statusCode).toBe(200);
    const ids: number[] = res.json().data.orders.map((o: { id: number }) => o.id);
    expect(ids.length).toBeGreaterThan(0);
    const whole = (await get('/api/orders/map', 'dispatcher')).json().data.orders.length;
    expect(ids.length).toBeLessThan(whole);
    const stored = await t.database.db
      .select({ zone: orders.zone_id })
      .from(orders)
      .where(sql`${orders.id} = any(${sql.param(ids)}::int[])`);
    expect(stored.every((o) => o.zone === outskirts)).toBe(true);
    expect((await get(`/api/orders/map?zone_id=${outskirts}`, 'driver')).statusCode).toBe(403);
    expect((await get('/api/orders/map?zone_id=-1', 'dispatcher')).statusCode).toBe(400);
  });

  it('the export: a zone column and the zone filter; only Admins export', async () => {
    const res = await get(`/api/orders/export.csv?zone_id=${outskirts}`, 'admin');
    expect(res.statusCode).toBe(200);
    const [header, ...lines] = res.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    const column = header?.split(',').indexOf('zone') ?? -1;
    expect(column).toBeGreaterThan(-1);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((line) => line.includes('Ilidža i okolina'))).toBe(true);
    expect((await get(`/api/orders/export.csv?zone_id=${outskirts}`, 'dispatcher')).statusCode).toBe(403);
  });
});

describe('the dashboard by zone', () => {
  it('orders, delivery fees, on-time and refusals per zone, read from the rollup; Admins only', async () => {
    const before = (await get('/api/dashboard?period=today', 'admin')).json().data.zones;
    const refusedBefore = before.find((z: { id: number | null }) => z.id === null)?.refused ?? 0;
    expect((await place(FAR)).statusCode).toBe(422);
    const quote = await t.request({
      method: 'POST',
      url: '/api/quotes',
      token: tokens.customer,
      payload: { restaurant_id: own, items: [{ product_id: product, quantity: 1 }], ...FAR },
    });
    expect(quote.statusCode).toBe(422);
    const data = (await get('/api/dashboard?period=today', 'appmanager')).json().data;
    const none = data.zones.find((z: { id: number | null }) => z.id === null);
    expect(none.refused).toBe(refusedBefore + 2);
    const inCity = data.zones.find((z: { id: number | null }) => z.id === city);
    expect(inCity.name).toBe('Sarajevo');
    // The rollup says what the orders say.
    const [raw] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where zone_id = ${city}
        and (created_at at time zone ${t.app.config.timeZone})::date = (now() at time zone ${t.app.config.timeZone})::date`,
    );
    expect(inCity.orders).toBe(Number(raw?.n));
    const manager = (await get('/api/dashboard?period=today', 'manager')).json().data;
    expect(manager.zones).toEqual([]);
    expect((await get('/api/dashboard?period=today', 'dispatcher')).statusCode).toBe(403);
  });
});

describe('expired quotes are purged', () => {
  const quoteRow = (expires: Date, orderId: number | null = null) => ({
    customer_id: null,
    restaurant_id: own,
    lat: CENTRE.lat,
    lng: CENTRE.lng,
    road_m: 1000,
    items_amount: 1000,
    lines: [],
    total: 300,
    order_id: orderId,
    expires_at: expires,
  });

  it('deletes the unused ones expired past the grace; keeps the fresh, the just expired and the frozen', async () => {
    const now = new Date();
    const old = new Date(now.getTime() - QUOTE_PURGE_GRACE_MS - 60_000);
    const [placed] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(sql`not exists (select 1 from delivery_quotes q where q.order_id = ${orders.id})`)
      .limit(1);
    const inserted = await t.database.db
      .insert(deliveryQuotes)
      .values([
        quoteRow(old),
        quoteRow(old),
        quoteRow(new Date(now.getTime() - 60_000)),
        quoteRow(new Date(now.getTime() + 600_000)),
        quoteRow(old, placed?.id ?? null),
      ])
      .returning({ id: deliveryQuotes.id });
    expect(await purgeExpiredQuotes(t.database.db, now)).toBe(2);
    const left = await t.database.db
      .select({ id: deliveryQuotes.id })
      .from(deliveryQuotes)
      .where(sql`${deliveryQuotes.id} = any(${sql.param(inserted.map((q) => q.id))}::uuid[])`);
    expect(left.map((q) => q.id).sort()).toEqual(
      inserted
        .slice(2)
        .map((q) => q.id)
        .sort(),
    );
    expect(await purgeExpiredQuotes(t.database.db, now)).toBe(0);
  });

  it('runs on the job queue: a run purges, then schedules the next hour’s', async () => {
    const old = new Date(Date.now() - QUOTE_PURGE_GRACE_MS - 60_000);
    await t.database.db.insert(deliveryQuotes).values(quoteRow(old));
    const expired = async () =>
      (
        await t.database.db
          .select({ n: count() })
          .from(deliveryQuotes)
          .where(
            and(
              isNull(deliveryQuotes.order_id),
              sql`${deliveryQuotes.expires_at} < ${old.toISOString()}::timestamptz + interval '1 minute'`,
            ),
          )
      )[0]?.n ?? 0;
    expect(await expired()).toBe(1);
    await t.app.jobs.schedule('quotes-purge', {}, new Date(), 'quotes-purge:test');
    await jobFinished(t.database, 'quotes-purge', 'quotes-purge:test');
    expect(await expired()).toBe(0);
    const next = nextPurgeAt(new Date()).toISOString();
    const waiting = await rowsOf<{ state: string }>(
      t.database.db,
      sql`select state from pgboss.job where name = 'quotes-purge' and singleton_key = ${`quotes-purge:${next}`}`,
    );
    expect(waiting.map((j) => j.state)).toEqual(['created']);
  });

  it('the next run is the next whole hour', () => {
    expect(nextPurgeAt(new Date('2026-11-28T05:10:00Z')).toISOString()).toBe('2026-11-28T06:00:00.000Z');
    expect(nextPurgeAt(new Date('2026-11-28T23:00:00Z')).toISOString()).toBe('2026-11-29T00:00:00.000Z');
  });
});
