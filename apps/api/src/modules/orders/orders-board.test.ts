import {
  BOARD_LANES,
  DEFAULT_STALE_LOCATION_MINUTES,
  STATUS_TARGET_MINUTES,
  TERMINAL_STATUSES,
} from '@dostava/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, orders, products, restaurants, users } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/** The dispatch board: lanes and their counts, urgency, paging, search, driver states and the picker. */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let driverId = 0;
let menu: { id: number }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'employee', 'manager2', 'customer', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  driverId = (await db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
  menu = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
    .limit(1);
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.request({ method: 'GET', url, token: tokens[who], lang: 'en' });
const place = async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    lang: 'en',
    payload: {
      restaurant_id: own,
      items: [{ product_id: menu[0]?.id, quantity: 1 }],
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 222 333',
      lat: 43.8587,
      lng: 18.4187,
      payment: 'cash',
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data as { id: number; order_number: string };
};
/** Assigns as the dispatcher; `allow_busy` confirms a driver who already carries an order. */
const assign = (orderId: number, driverId: number, allowBusy?: boolean) =>
  t.request({
    method: 'POST',
    url: `/api/orders/${orderId}/assign`,
    token: tokens.dispatcher,
    lang: 'en',
    payload: { driver_id: driverId, ...(allowBusy ? { allow_busy: true } : {}) },
  });
const move = (id: number, status: string, who = 'admin') =>
  t.request({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    token: tokens[who],
    lang: 'en',
    payload: { status },
  });

/** The lanes' counts computed independently of the service, straight from the orders. */
async function expectedCounts(restaurantId?: number, restaurant: { id: number; name: string } | null = null) {
  const target = (status: string) => STATUS_TARGET_MINUTES[status as keyof typeof STATUS_TARGET_MINUTES] ?? 0;
  const rows = await rowsOf<{ status: string; driver_id: number | null; minutes: number; at_risk: boolean }>(
    t.database.db,
    sql`select status::text as status, driver_id, extract(epoch from (now() - status_changed_at)) / 60 as minutes,
        (risk_reason is not null and promised_at > now()) as at_risk
      from orders where status::text not in (${sql.join(
        TERMINAL_STATUSES.map((s) => sql`${s}`),
        sql`, `,
      )}) ${restaurantId ? sql`and restaurant_id = ${restaurantId}` : sql``}`,
  );
  const late = (r: (typeof rows)[number]) => Number(r.minutes) >= target(r.status);
  return {
    all: rows.length,
    new: rows.filter((r) => r.status === 'created').length,
    preparing: rows.filter((r) => r.status === 'preparing_order').length,
    ready_no_driver: rows.filter((r) => r.status === 'ready_for_pickup' && r.driver_id === null).length,
    awaiting_pickup: rows.filter((r) => r.status === 'ready_for_pickup' && r.driver_id !== null).length,
    in_delivery: rows.filter((r) => r.status === 'in_delivery').length,
    at_risk: rows.filter((r) => r.at_risk).length,
    problems: rows.filter((r) => r.status === 'no_answer' || late(r)).length,
    late: rows.filter(late).length,
    late_preparation: rows.filter((r) => ['created', 'preparing_order'].includes(r.status) && late(r)).length,
    restaurant,
  };
}
const restaurantOf = async (id: number) =>
  (
    await t.database.db
      .select({ id: restaurants.id, name: restaurants.name })
      .from(restaurants)
      .where(eq(restaurants.id, id))
  )[0] ?? null;

describe('board lanes and counts', () => {
  it('counts every lane exactly as the orders say, for the whole operation and for one restaurant', async () => {
    await place();
    const res = await get('/api/orders/lanes', 'dispatcher');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(await expectedCounts());
    expect(res.json().data.all).toBeGreaterThan(0);
    const mine = await get('/api/orders/lanes', 'manager');
    expect(mine.json().data).toEqual(await expectedCounts(own));
  });

  it("each lane's list holds exactly its count, and a lane's total matches", async () => {
    const counts = (await get('/api/orders/lanes', 'admin')).json().data;
    for (const lane of BOARD_LANES) {
      const res = await get(`/api/orders?lane=${lane}&per_page=100&sort=urgency`, 'dispatcher');
      expect(res.statusCode, lane).toBe(200);
      expect(res.json().meta.total, lane).toBe(counts[lane]);
    }
    const ready = (await get('/api/orders?lane=ready_no_driver&per_page=100', 'admin')).json().data;
    for (const o of ready) expect(o).toMatchObject({ status: 'ready_for_pickup', driver: null });
  });

  it('sorts by urgency: the most overdue next step first, and pages reach the newest order', async () => {
    const newest = await place();
    const all = (await get('/api/orders?lane=all&per_page=100&sort=urgency', 'dispatcher')).json();
    const due = (o: { status: string; status_changed_at: string }) =>
      Date.parse(o.status_changed_at) +
      (STATUS_TARGET_MINUTES[o.status as keyof typeof STATUS_TARGET_MINUTES] ?? 0) * 60_000;
    const dues = all.data.map(due);
    expect(dues).toEqual([...dues].sort((a, b) => a - b));
    // The newest order is reachable: on the last page of the urgency sort, or first by -created_at.
    const byNewest = (await get('/api/orders?lane=all&per_page=5&sort=-created_at', 'dispatcher')).json();
    expect(byNewest.data[0].id).toBe(newest.id);
    const pages = Math.ceil(all.meta.total / 10);
    const ids: number[] = [];
    for (let page = 1; page <= pages; page++) {
      const res = (
        await get(`/api/orders?lane=all&per_page=10&sort=urgency&page=${page}`, 'dispatcher')
      ).json();
      ids.push(...res.data.map((o: { id: number }) => o.id));
    }
    expect(new Set(ids).size).toBe(all.meta.total);
    expect(ids).toContain(newest.id);
  });

  it('filters by restaurant and driver, with the same filters on the counts', async () => {
    const counts = (await get(`/api/orders/lanes?restaurant_id=${own}`, 'dispatcher')).json().data;
    expect(counts).toEqual(await expectedCounts(own, await restaurantOf(own)));
    const list = (await get(`/api/orders?lane=all&restaurant_id=${own}&per_page=100`, 'dispatcher')).json();
    expect(list.meta.total).toBe(counts.all);
    for (const o of list.data) expect(o.restaurant.id).toBe(own);
    const byDriver = (await get(`/api/orders/lanes?driver_id=${driverId}`, 'dispatcher')).json().data;
    const [carried] = await rowsOf<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from orders where driver_id = ${driverId} and status not in ('delivered', 'cancelled', 'declined', 'returned')`,
    );
    expect(byDriver.all).toBe(Number(carried?.n));
  });

  it('finds an order by part of its number, and a dispatcher finds a recent delivered one too', async () => {
    const placed = await place();
    const digits = placed.order_number.slice(-4);
    const found = (await get(`/api/orders?lane=all&q=${digits}&per_page=100`, 'dispatcher')).json();
    expect(found.data.map((o: { id: number }) => o.id)).toContain(placed.id);
    for (const o of found.data) expect(o.order_number).toContain(digits);
    const counted = (await get(`/api/orders/lanes?q=${digits}`, 'dispatcher')).json().data;
    expect(counted.all).toBe(found.meta.total);

    for (const status of ['preparing_order', 'ready_for_pickup'])
      expect((await move(placed.id, status)).statusCode).toBe(200);
    await t.database.db
      .update(drivers)
      .set({ shift_state: 'available' })
      .where(eq(drivers.user_id, driverId));
    await t.request({
      method: 'POST',
      url: `/api/orders/${placed.id}/assign`,
      token: tokens.admin,
      payload: { driver_id: driverId, allow_busy: true },
    });
    for (const status of ['in_delivery', 'delivered'])
      expect((await move(placed.id, status)).statusCode).toBe(200);
    // Off the board, but a search reaches it (the customer calls about it) and its details open.
    const board = (await get('/api/orders?per_page=100', 'dispatcher')).json();
    expect(board.data.map((o: { id: number }) => o.id)).not.toContain(placed.id);
    const search = (await get(`/api/orders?q=${placed.order_number}`, 'dispatcher')).json();
    expect(search.data).toEqual([expect.objectContaining({ id: placed.id, status: 'delivered' })]);
    // An old delivered order stays out of the dispatcher's reach.
    const [old] = await rowsOf<{ order_number: string }>(
      t.database.db,
      sql`select order_number from orders where status = 'delivered' and created_at < now() - interval '5 days' limit 1`,
    );
    const oldSearch = (await get(`/api/orders?q=${old?.order_number}`, 'dispatcher')).json();
    expect(oldSearch.meta.total).toBe(0);
    const adminSearch = (await get(`/api/orders?q=${old?.order_number}`, 'admin')).json();
    expect(adminSearch.meta.total).toBe(1);
  });

  it('names the filtered restaurant to a dispatcher (who may not read restaurants), and says when there is none', async () => {
    const named = (await get(`/api/orders/lanes?restaurant_id=${own}`, 'dispatcher')).json().data;
    expect(named.restaurant).toEqual(await restaurantOf(own));
    expect(named.restaurant.name).toBeTruthy();
    expect((await get(`/api/restaurants/${own}`, 'dispatcher')).statusCode).toBe(403);
    const mine = (await get(`/api/orders/lanes?restaurant_id=${own}`, 'manager')).json().data;
    expect(mine.restaurant).toEqual(await restaurantOf(own));
    expect((await get('/api/orders/lanes', 'dispatcher')).json().data.restaurant).toBeNull();
    const unknown = await get('/api/orders/lanes?restaurant_id=999999', 'dispatcher');
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json().data).toMatchObject({ all: 0, restaurant: null });
    expect((await get('/api/orders/lanes?restaurant_id=999999', 'manager')).statusCode).toBe(403);
  });

  it('keeps restaurant staff to their own restaurant and refuses bad lanes with a translated 400', async () => {
    expect((await get(`/api/orders/lanes?restaurant_id=${other}`, 'manager')).statusCode).toBe(403);
    expect((await get(`/api/orders?lane=all&restaurant_id=${other}`, 'employee')).statusCode).toBe(403);
    const theirs = (await get('/api/orders?lane=all&per_page=100', 'manager2')).json();
    for (const o of theirs.data) expect(o.restaurant.id).toBe(other);
    const bad = await get('/api/orders?lane=everything', 'dispatcher');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.lane).toEqual(['Choose one of the offered values']);
    const bs = await t.request({
      method: 'GET',
      url: '/api/orders/lanes?driver_id=abc',
      token: tokens.dispatcher,
    });
    expect(bs.statusCode).toBe(400);
    expect((await get('/api/orders/lanes', 'driver')).statusCode).toBe(403);
    expect((await get('/api/orders/lanes', 'customer')).statusCode).toBe(403);
  });
});

describe('the map of active orders', () => {
  it('gives the drop-off points and their restaurants, scoped like the list', async () => {
    const res = await get('/api/orders/map', 'dispatcher');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.orders.length).toBe((await expectedCounts()).all);
    const restaurantIds = new Set(data.restaurants.map((r: { id: number }) => r.id));
    for (const o of data.orders) expect(restaurantIds.has(o.restaurant_id)).toBe(true);
    const mine = (await get('/api/orders/map', 'manager')).json().data;
    expect(mine.orders.length).toBe((await expectedCounts(own)).all);
    for (const o of mine.orders) expect(o.restaurant_id).toBe(own);
  });
});

describe('driver states and the picker', () => {
  it('derives busy from the orders a driver holds, the same in the drivers list, the map and the picker', async () => {
    const db = t.database.db;
    // A free driver on shift with a location, and nothing to carry.
    const [free] = await rowsOf<{ id: number }>(
      db,
      sql`select d.user_id as id from drivers d join users u on u.id = d.user_id
        where u.is_active and u.id <> ${driverId}
          and not exists (select 1 from orders o where o.driver_id = d.user_id and o.status not in ('delivered', 'cancelled', 'declined', 'returned'))
        limit 1`,
    );
    const freeId = free?.id ?? 0;
    await db
      .update(drivers)
      .set({ shift_state: 'available', lat: 43.858, lng: 18.418, last_location_at: new Date() })
      .where(eq(drivers.user_id, freeId));
    const placed = await place();
    expect((await move(placed.id, 'preparing_order', 'manager')).statusCode).toBe(200);

    const stateOf = async () => {
      const listed = (
        await get(`/api/drivers?per_page=100&q=${encodeURIComponent('')}`, 'dispatcher')
      ).json();
      const one = (await get(`/api/drivers/${freeId}`, 'dispatcher')).json().data;
      const map = (await get('/api/drivers/locations', 'dispatcher')).json().data;
      const candidates = (await get(`/api/orders/${placed.id}/driver-candidates`, 'dispatcher')).json().data;
      const fromList = listed.data.find((d: { id: number }) => d.id === freeId);
      const fromMap = map.find((d: { id: number }) => d.id === freeId);
      const fromPicker = candidates.find((d: { id: number }) => d.id === freeId);
      return { one, fromList, fromMap, fromPicker, candidates };
    };

    let seen = await stateOf();
    expect(seen.one).toMatchObject({ state: 'available', active_orders: 0 });
    expect(seen.fromMap).toMatchObject({ state: 'available', active_orders: 0 });
    expect(seen.fromPicker).toMatchObject({ state: 'available', active_orders: 0 });
    expect(seen.fromPicker.distance_km).toBeLessThan(5);

    // Assigned before pick-up: busy, carrying one, in every view; the picker puts them after free drivers.
    const assigned = await assign(placed.id, freeId);
    expect(assigned.statusCode).toBe(200);
    seen = await stateOf();
    expect(seen.one).toMatchObject({ state: 'assigned', active_orders: 1, shift_state: 'available' });
    expect(seen.fromMap).toMatchObject({ state: 'assigned', active_orders: 1 });
    expect(seen.fromPicker).toMatchObject({ state: 'assigned', active_orders: 1 });
    // Fresh locations first, then those who have not asked to end the shift, then free before busy.
    const rank = { available: 0, assigned: 1, delivering: 2 } as const;
    const stale = (c: { last_location_at: string | null }) =>
      c.last_location_at === null ||
      Date.now() - Date.parse(c.last_location_at) > DEFAULT_STALE_LOCATION_MINUTES * 60_000
        ? 10
        : 0;
    const ranks = seen.candidates.map(
      (c: { state: keyof typeof rank; last_location_at: string | null; end_shift_requested: boolean }) =>
        stale(c) + (c.end_shift_requested ? 5 : 0) + rank[c.state],
    );
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    for (const c of seen.candidates) expect(['available', 'assigned', 'delivering']).toContain(c.state);
    const filtered = (await get('/api/drivers?state=assigned&per_page=100', 'dispatcher')).json();
    expect(filtered.data.map((d: { id: number }) => d.id)).toContain(freeId);
    for (const d of filtered.data) expect(d.state).toBe('assigned');

    // A second order for a busy driver is refused unless the dispatcher confirms it.
    const second = await place();
    const refused = await assign(second.id, freeId);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ error: 'driver_busy' });
    expect(refused.json().message).toContain('1');
    const [unchanged] = await db.select().from(orders).where(eq(orders.id, second.id));
    expect(unchanged?.driver_id).toBeNull();
    const confirmed = await assign(second.id, freeId, true);
    expect(confirmed.statusCode).toBe(200);
    expect((await get(`/api/drivers/${freeId}`, 'dispatcher')).json().data.active_orders).toBe(2);

    // Holding orders, the driver cannot go on a break.
    const driverToken = await t.request({
      method: 'POST',
      url: '/api/auth/app/sign-in',
      payload: {
        email: (await db.select().from(users).where(eq(users.id, freeId)))[0]?.email,
        password: 'DemoPass!2026',
      },
    });
    const breakRes = await t.request({
      method: 'POST',
      url: '/api/driver/breaks/start',
      token: driverToken.json().data.access_token,
      lang: 'en',
    });
    expect(breakRes.statusCode).toBe(422);
  });

  it('ranks a free driver last seen an hour ago below a busy one seen a minute ago 0.1 km away', async () => {
    const db = t.database.db;
    const placed = await place();
    const [restaurant] = await db.select().from(restaurants).where(eq(restaurants.id, own));
    const pick = await rowsOf<{ id: number }>(
      db,
      sql`select d.user_id as id from drivers d join users u on u.id = d.user_id
        where u.is_active and u.role = 'driver' and u.id <> ${driverId}
          and not exists (select 1 from orders o where o.driver_id = d.user_id and o.status not in ('delivered', 'cancelled', 'declined', 'returned'))
          and not exists (select 1 from end_shift_requests r where r.driver_id = d.user_id and r.status = 'pending')
        order by d.user_id limit 2`,
    );
    const [staleId, freshId] = pick.map((r) => r.id);
    const lat = restaurant?.lat ?? 43.85;
    const lng = restaurant?.lng ?? 18.4;
    await db
      .update(drivers)
      .set({ shift_state: 'available', lat, lng, last_location_at: new Date(Date.now() - 60 * 60_000) })
      .where(eq(drivers.user_id, staleId ?? 0));
    await db
      .update(drivers)
      .set({
        shift_state: 'available',
        lat: lat + 0.0009,
        lng,
        last_location_at: new Date(Date.now() - 60_000),
      })
      .where(eq(drivers.user_id, freshId ?? 0));
    // The fresh driver carries an order (busy), the stale one nothing.
    const carried = await place();
    expect((await assign(carried.id, freshId ?? 0)).statusCode).toBe(200);
    const candidates = (await get(`/api/orders/${placed.id}/driver-candidates`, 'dispatcher')).json()
      .data as {
      id: number;
      state: string;
      distance_km: number;
    }[];
    const at = (id: number | undefined) => candidates.findIndex((c) => c.id === id);
    expect(candidates[at(freshId)]).toMatchObject({ state: 'assigned', distance_km: 0.1 });
    expect(candidates[at(staleId)]).toMatchObject({ state: 'available' });
    expect(at(freshId)).toBeGreaterThanOrEqual(0);
    expect(at(freshId)).toBeLessThan(at(staleId));
  });

  it('refuses the picker to restaurant staff and answers 404 for an unknown order', async () => {
    const [any] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(isNull(orders.driver_id))
      .limit(1);
    expect((await get(`/api/orders/${any?.id}/driver-candidates`, 'manager')).statusCode).toBe(403);
    expect((await get(`/api/orders/${any?.id}/driver-candidates`, 'employee')).statusCode).toBe(403);
    expect((await get(`/api/orders/${any?.id}/driver-candidates`, 'admin')).statusCode).toBe(200);
    expect((await get('/api/orders/99999999/driver-candidates', 'dispatcher')).statusCode).toBe(404);
  });
});

describe('contact numbers', () => {
  it("carries the customer's phone on the order and the driver's on its details", async () => {
    const placed = await place();
    const detail = (await get(`/api/orders/${placed.id}`, 'dispatcher')).json().data;
    expect(detail.customer_phone).toBe('+387 61 222 333');
    expect(detail.driver_phone).toBeNull();
    const bad = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      lang: 'en',
      payload: {
        restaurant_id: own,
        items: [{ product_id: menu[0]?.id, quantity: 1 }],
        address: 'Titova 10',
        phone: 'call me',
        lat: 43.85,
        lng: 18.41,
        payment: 'card',
      },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.phone).toEqual(['Please eneter valid format of phone number.']);
    const missing = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      lang: 'bs',
      payload: {
        restaurant_id: own,
        items: [{ product_id: menu[0]?.id, quantity: 1 }],
        address: 'Titova 10',
        lat: 43.85,
        lng: 18.41,
        payment: 'card',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.phone).toHaveLength(1);
  });

  it('shows the seeded phone of a driver and validates a phone on a user', async () => {
    const driver = (await get(`/api/drivers/${driverId}`, 'dispatcher')).json().data;
    expect(driver.phone).toMatch(/^\+387 6\d \d{3} \d{3}$/);
    const res = await t.request({
      method: 'PATCH',
      url: `/api/users/${driverId}`,
      token: tokens.admin,
      lang: 'en',
      payload: { phone: '12' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.phone).toEqual(['Please eneter valid format of phone number.']);
    const ok = await t.request({
      method: 'PATCH',
      url: `/api/users/${driverId}`,
      token: tokens.admin,
      lang: 'en',
      payload: { phone: '+387 62 555 666' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.phone).toBe('+387 62 555 666');
  });
});
