import type { OrderEvent } from '@dostava/shared';
import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, drivers, orders, products, trackingLinks, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { HERE } from '../dispatch/dispatch-scene.js';
import { announceOrders } from '../orders/orders-announce.js';

/** The customer's tracking link (issue 39): its scope, the driver's leg, expiry, staff side, limits. */
let t: TestContext;
const tokens: Record<string, string> = {};
let restaurantId = 0;
let productId = 0;
let driverIds: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  restaurantId =
    (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  productId =
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.restaurant_id, restaurantId), eq(products.show_on_menu, true)))
        .limit(1)
    )[0]?.id ?? 0;
  driverIds = (
    await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, 'driver'), eq(users.is_active, true), ne(users.email, 'driver@example.com')))
      .limit(2)
  ).map((r) => r.id);
  for (const id of driverIds)
    await db
      .update(drivers)
      .set({ shift_state: 'available', lat: HERE.lat, lng: HERE.lng, last_location_at: new Date() })
      .where(eq(drivers.user_id, id));
});
afterAll(() => t.close());

async function place(): Promise<{ id: number; token: string; number: string }> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: restaurantId,
      items: [{ product_id: productId, quantity: 1 }],
      address: 'Titova 10, stan 4, Sarajevo',
      phone: '+387 61 111 222',
      lat: HERE.lat + 0.01,
      lng: HERE.lng + 0.01,
      payment: 'cash',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const data = placed.json().data;
  return { id: data.id, token: data.tracking_token, number: data.order_number };
}

const move = async (id: number, status: string, reason?: string) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    token: tokens.admin,
    payload: { status, ...(reason ? { reason } : {}) },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const assign = async (id: number, driverId: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/orders/${id}/assign`,
    token: tokens.dispatcher,
    payload: { driver_id: driverId, allow_busy: true },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const view = (token: string, lang = 'en') =>
  t.request({ method: 'GET', url: `/api/tracking/${token}`, lang });

describe('a tracking link per order', () => {
  it('is born with the order, unguessable, and returned to the customer app', async () => {
    const { id, token } = await place();
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [row] = await t.database.db.select().from(trackingLinks).where(eq(trackingLinks.order_id, id));
    expect(row?.token).toBe(token);
  });

  it('reads its own order only, and never the phone, the address beyond the street or the customer', async () => {
    const a = await place();
    const b = await place();
    const ra = await view(a.token);
    const rb = await view(b.token);
    expect(ra.statusCode).toBe(200);
    expect(ra.json().data.order_number).toBe(a.number);
    expect(rb.json().data.order_number).toBe(b.number);
    expect(ra.json().data.street).toBe('Titova');
    const body = ra.body;
    for (const secret of ['+387', 'Titova 10', 'stan 4', 'Petrović', 'Maja', 'customer', '"lat"', '"id"'])
      expect(body).not.toContain(secret);
    expect(ra.json().data.timeline.map((s: { status: string }) => s.status)).toEqual(['created']);
  });

  it('answers an unknown, malformed or revoked token with the same friendly 404', async () => {
    const { id, token } = await place();
    const unknown = await view('A'.repeat(32));
    const malformed = await view('nope');
    expect(unknown.statusCode).toBe(404);
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json()).toEqual(unknown.json());
    const revoked = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/tracking/revoke`,
      token: tokens.manager,
      payload: {},
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json().data.token).toBeNull();
    expect((await view(token)).json()).toEqual(unknown.json());
    const again = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/tracking/revoke`,
      token: tokens.manager,
      lang: 'en',
      payload: {},
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This order has no live tracking link');
    const reissued = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/tracking/reissue`,
      token: tokens.dispatcher,
      payload: {},
    });
    expect(reissued.statusCode).toBe(200);
    const fresh = reissued.json().data.token as string;
    expect(fresh).not.toBe(token);
    expect((await view(fresh)).statusCode).toBe(200);
    expect((await view(token)).statusCode).toBe(404);
    // Audited, without the token itself.
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'order'), eq(auditLog.entity_id, String(id))));
    expect(entries.map((e) => e.action)).toEqual(
      expect.arrayContaining(['tracking_revoke', 'tracking_reissue']),
    );
    expect(JSON.stringify(entries)).not.toContain(fresh);
  });

  it('shows the driver’s position only on their leg to this customer: none before pickup, none while another stop comes first', async () => {
    const [driver] = driverIds;
    if (!driver) throw new Error('no driver');
    const first = await place();
    const second = await place();
    for (const o of [first, second]) {
      await move(o.id, 'preparing_order');
      await move(o.id, 'ready_for_pickup');
      await assign(o.id, driver);
    }
    // Assigned, not picked up: the driver heads to the restaurant, not to the customer.
    const before = (await view(first.token)).json().data;
    expect(before.driver.first_name).toBeTruthy();
    expect(before.driver.position).toBeNull();
    for (const o of [first, second]) await move(o.id, 'in_delivery');
    // The batch's drop-offs in the order the prediction plans: first, then second.
    const now = Date.now();
    await t.database.db
      .update(orders)
      .set({ predicted_delivery_at: new Date(now + 10 * 60_000) })
      .where(eq(orders.id, first.id));
    await t.database.db
      .update(orders)
      .set({ predicted_delivery_at: new Date(now + 25 * 60_000) })
      .where(eq(orders.id, second.id));
    t.app.tracking.clear();
    const a = (await view(first.token)).json().data;
    const b = (await view(second.token)).json().data;
    expect(a.driver.stops_before).toBe(0);
    expect(a.driver.position).toMatchObject({ lat: HERE.lat, lng: HERE.lng });
    expect(b.driver.stops_before).toBe(1);
    expect(b.driver.position).toBeNull();
    // The ETA pass moves the second before the first: announced as a new prediction alone, the
    // batch is read again and the first page loses the position at once.
    await t.database.db
      .update(orders)
      .set({ predicted_delivery_at: new Date(now + 5 * 60_000) })
      .where(eq(orders.id, second.id));
    await announceOrders(t.database.db, t.app.bus, [
      { id: second.id, previous: { unmoved: {} }, note: { eta: true } },
    ]);
    const reordered = (await view(first.token)).json().data;
    expect(reordered.driver.stops_before).toBe(1);
    expect(reordered.driver.position).toBeNull();
    expect((await view(second.token)).json().data.driver.stops_before).toBe(0);
    await t.database.db
      .update(orders)
      .set({ predicted_delivery_at: new Date(now + 25 * 60_000) })
      .where(eq(orders.id, second.id));
    await announceOrders(t.database.db, t.app.bus, [
      { id: second.id, previous: { unmoved: {} }, note: { eta: true } },
    ]);
    expect((await view(first.token)).json().data.driver.stops_before).toBe(0);
    // The first is delivered: the driver now heads to the second (its snapshot follows the event).
    await move(first.id, 'delivered');
    const after = (await view(second.token)).json().data;
    expect(after.driver.stops_before).toBe(0);
    expect(after.driver.position).not.toBeNull();
    // Delivered: nothing of the driver, the arrival time, the rating open.
    const done = (await view(first.token)).json().data;
    expect(done.driver).toBeNull();
    expect(done.delivered_at).not.toBeNull();
    expect(done.predicted_delivery_at).toBeNull();
    expect(done.can_rate).toBe(true);
    expect(done.expires_at).not.toBeNull();
    expect(done.timeline.map((s: { status: string }) => s.status)).toEqual([
      'created',
      'preparing_order',
      'ready_for_pickup',
      'in_delivery',
      'delivered',
    ]);
  });

  it('takes one rating after delivery, which staff see on the order', async () => {
    const o = await place();
    const early = await t.request({
      method: 'POST',
      url: `/api/tracking/${o.token}/rating`,
      lang: 'en',
      payload: { rating: 5 },
    });
    expect(early.statusCode).toBe(422);
    await move(o.id, 'preparing_order');
    await move(o.id, 'ready_for_pickup');
    await assign(o.id, driverIds[1] ?? 0);
    await move(o.id, 'in_delivery');
    await move(o.id, 'delivered');
    const bad = await t.request({
      method: 'POST',
      url: `/api/tracking/${o.token}/rating`,
      lang: 'en',
      payload: { rating: 9 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.rating).toEqual(['Choose from 1 to 5 stars']);
    const ok = await t.request({
      method: 'POST',
      url: `/api/tracking/${o.token}/rating`,
      payload: { rating: 4, comment: 'Toplo i brzo' },
    });
    expect(ok.statusCode, ok.body).toBe(204);
    const twice = await t.request({
      method: 'POST',
      url: `/api/tracking/${o.token}/rating`,
      payload: { rating: 1 },
    });
    expect(twice.statusCode).toBe(422);
    expect((await view(o.token)).json().data).toMatchObject({
      can_rate: false,
      rating: { rating: 4, comment: 'Toplo i brzo' },
    });
    const staff = await t.request({
      method: 'GET',
      url: `/api/orders/${o.id}/tracking`,
      token: tokens.employee,
    });
    expect(staff.json().data.rating).toMatchObject({ rating: 4, comment: 'Toplo i brzo' });
    // No provider configured here: every message is recorded as not sent, and the settings say why.
    await vi.waitFor(
      async () => {
        const log = await t.request({
          method: 'GET',
          url: `/api/orders/${o.id}/notifications`,
          token: tokens.admin,
        });
        const rows = log.json().data as { event: string; state: string; skip_reason: string }[];
        expect(rows.map((r) => [r.event, r.state, r.skip_reason])).toEqual([
          ['accepted', 'skipped', 'not_configured'],
          ['picked_up', 'skipped', 'not_configured'],
          ['delivered', 'skipped', 'not_configured'],
        ]);
      },
      { timeout: 30_000, interval: 200 },
    );
    const setup = await t.request({ method: 'GET', url: '/api/notifications/settings', token: tokens.admin });
    expect(setup.json().data.channels).toEqual({ push: false, sms: false });
  });

  it('stops working the set time after delivery or cancellation', async () => {
    const o = await place();
    await move(o.id, 'cancelled', 'Kupac odustao');
    expect((await view(o.token)).statusCode).toBe(200);
    const saved = await t.request({
      method: 'PUT',
      url: '/api/notifications/settings',
      token: tokens.admin,
      payload: {
        quiet_start: null,
        quiet_end: null,
        late_minutes: 10,
        per_order_cap: 5,
        arriving_meters: 150,
        link_hours: 2,
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.database.db
      .update(orders)
      .set({ status_changed_at: sql`now() - interval '2 hours 1 minute'` })
      .where(eq(orders.id, o.id));
    t.app.tracking.clear();
    expect((await view(o.token)).statusCode).toBe(404);
    const rate = await t.request({
      method: 'POST',
      url: `/api/tracking/${o.token}/rating`,
      payload: { rating: 3 },
    });
    expect(rate.statusCode).toBe(404);
  });
});

describe('the staff side of the link', () => {
  it('each role: who reads the order sees its link; others are refused', async () => {
    const o = await place();
    for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee']) {
      const res = await t.request({ method: 'GET', url: `/api/orders/${o.id}/tracking`, token: tokens[who] });
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.path).toBe(`/t/${o.token}`);
    }
    for (const who of ['driver', 'customer']) {
      const res = await t.request({ method: 'GET', url: `/api/orders/${o.id}/tracking`, token: tokens[who] });
      expect(res.statusCode, who).toBe(403);
      const revoke = await t.request({
        method: 'POST',
        url: `/api/orders/${o.id}/tracking/revoke`,
        token: tokens[who],
        payload: {},
      });
      expect(revoke.statusCode, who).toBe(403);
    }
    expect((await view(o.token)).statusCode).toBe(200);
  });

  it("another restaurant's order is refused to restaurant staff, and changes nothing", async () => {
    const [other] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(ne(orders.restaurant_id, restaurantId))
      .limit(1);
    if (!other) throw new Error('no order of another restaurant');
    const linksOf = () =>
      t.database.db.select().from(trackingLinks).where(eq(trackingLinks.order_id, other.id));
    const before = await linksOf();
    for (const who of ['manager', 'employee']) {
      expect(
        (await t.request({ method: 'GET', url: `/api/orders/${other.id}/tracking`, token: tokens[who] }))
          .statusCode,
      ).toBe(403);
      const reissue = await t.request({
        method: 'POST',
        url: `/api/orders/${other.id}/tracking/reissue`,
        token: tokens[who],
        payload: {},
      });
      expect(reissue.statusCode).toBe(403);
    }
    expect(await linksOf()).toEqual(before);
  });

  it('a bad id is a translated 400, an unknown one 404', async () => {
    const bad = await t.request({
      method: 'GET',
      url: '/api/orders/abc/tracking',
      token: tokens.admin,
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    expect(
      (await t.request({ method: 'GET', url: '/api/orders/99999999/tracking', token: tokens.admin }))
        .statusCode,
    ).toBe(404);
  });
});

describe("the customers' ratings on the dashboard", () => {
  it('per restaurant and driver for the operation, own restaurant only for its staff; a bad period is a 400', async () => {
    // The rating test above rated an order of the manager's restaurant 4, driven by the second driver.
    const admin = await t.request({ method: 'GET', url: '/api/ratings', token: tokens.admin });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().data.restaurants).toEqual([
      expect.objectContaining({ id: restaurantId, count: 1, average: 4 }),
    ]);
    expect(admin.json().data.drivers).toEqual([
      expect.objectContaining({ id: driverIds[1], count: 1, average: 4 }),
    ]);
    const manager = await t.request({
      method: 'GET',
      url: '/api/ratings?days=7',
      token: tokens.manager,
    });
    expect(manager.json().data).toMatchObject({ days: 7, drivers: [] });
    expect(manager.json().data.restaurants.map((r: { id: number }) => r.id)).toEqual([restaurantId]);
    const [other] = await t.database.db
      .select()
      .from(users)
      .where(and(eq(users.role, 'restaurant_manager'), ne(users.restaurant_id, restaurantId)))
      .limit(1);
    if (other) {
      const otherToken = (await t.signIn(other.email)).access_token;
      const theirs = await t.request({ method: 'GET', url: '/api/ratings', token: otherToken });
      expect(theirs.json().data.restaurants).toEqual([]);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/ratings', token: tokens.dispatcher })).statusCode,
    ).toBe(403);
    const bad = await t.request({
      method: 'GET',
      url: '/api/ratings?days=0',
      token: tokens.admin,
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.days).toBeDefined();
  });
});

describe('cheap for the server', () => {
  it('a thousand polls of one page read the database once', async () => {
    const o = await place();
    expect((await view(o.token)).statusCode).toBe(200);
    const loads = t.app.tracking.loads;
    const answers = await Promise.all(
      Array.from({ length: 1000 }, () => t.app.tracking.view(o.token, '10.0.0.1')),
    );
    expect(answers.every((a) => a?.order_number === o.number)).toBe(true);
    expect(t.app.tracking.loads).toBe(loads);
    await move(o.id, 'preparing_order');
    const moved = (await view(o.token)).json().data;
    expect(moved.status).toBe('preparing_order');
    expect(t.app.tracking.loads).toBe(loads + 1);
  });
});

describe('cheap for the server: changes', () => {
  it('a new prediction alone reaches the page without a read', async () => {
    const o = await place();
    let last: OrderEvent | undefined;
    const off = t.app.bus.subscribe((e) => {
      if (e.type === 'order.updated' && e.data.order_id === o.id) last = e.data;
    });
    await move(o.id, 'preparing_order');
    await vi.waitFor(() => expect(last).toBeDefined());
    off();
    if (!last) throw new Error('no event');
    expect((await view(o.token)).json().data.status).toBe('preparing_order');
    const loads = t.app.tracking.loads;
    const predicted = new Date(Date.now() + 47 * 60_000).toISOString();
    // What the periodic ETA pass announces: the order's row with its new prediction, nothing else moved.
    const { status: _status, from: _from, ...rest } = last;
    await t.app.bus.publish({
      type: 'order.updated',
      restaurant_id: restaurantId,
      data: { ...rest, eta: true, order: { ...last.order, predicted_delivery_at: predicted } },
    });
    expect((await view(o.token)).json().data.predicted_delivery_at).toBe(predicted);
    expect(t.app.tracking.loads).toBe(loads);
  });

  it('revoking on one instance reaches the other at once (the control notice), not after the token’s time', async () => {
    const o = await place();
    expect((await view(o.token)).statusCode).toBe(200);
    const tokenLoads = t.app.tracking.tokenLoads;
    for (let i = 0; i < 50; i++) expect((await view(o.token)).statusCode).toBe(200);
    expect(t.app.tracking.tokenLoads).toBe(tokenLoads);
    // Another instance's revocation: its notice, as Redis brings it.
    await t.database.db
      .update(trackingLinks)
      .set({ revoked_at: new Date() })
      .where(eq(trackingLinks.order_id, o.id));
    await t.app.bus.publishControl({ type: 'tracking.changed', order_id: o.id });
    expect((await view(o.token)).statusCode).toBe(404);
  });
});

describe('rate limits', () => {
  let limited: TestContext;
  beforeAll(async () => {
    limited = await createTestContext({ TRACKING_MAX_PER_TOKEN: '5', TRACKING_MAX_PER_IP: '8' });
  });
  afterAll(() => limited.close());

  it('limits polls per token and per client', async () => {
    const token = 'B'.repeat(32);
    const get = (tk: string, ip: string) =>
      limited.app.inject({ method: 'GET', url: `/api/tracking/${tk}`, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await get(token, `10.1.0.${i}`)).statusCode).toBe(404);
    // The sixth poll of the token, from yet another client.
    expect((await get(token, '10.1.0.99')).statusCode).toBe(429);
    // One client trying many tokens.
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await get(`C${i}`.padEnd(32, 'x'), '10.2.0.1')).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 404)).toBe(true);
    expect(codes[8]).toBe(429);
  });
});
