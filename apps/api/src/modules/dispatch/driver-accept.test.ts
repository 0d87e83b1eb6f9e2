import { DISPATCH_DEFAULTS } from '@dostava/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, drivers, orderOffers, orders, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { dispatchScene, HERE, placeDriver } from './dispatch-scene.js';

/**
 * Who may accept an order (issue 32): a driver accepts only an order assigned or offered to them;
 * with the operation's driver pool on, also a waiting order that no dispatcher locked, whose restaurant
 * is not in manual mode, offered to nobody, and not declined or let run out by them. Every refusal is
 * translated, changes nothing, and tells nothing about the customer; nor does any driver read of an
 * order that is not theirs yet.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
let restaurant = 0;
let product = 0;
/** On shift beside the restaurant, nearest first: `me` is offered first in the automatic mode. */
let me = { id: 0, token: '' };
let other = { id: 0, token: '' };
let third = { id: 0, token: '' };
/** A driver off shift. */
let resting = { id: 0, token: '' };
/** What must never reach a driver before acceptance. */
const CUSTOMER = { address: 'Skrivena 7, Sarajevo', phone: '+387 61 987 654', first_name: '', last_name: '' };

beforeAll(async () => {
  t = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
  for (const who of ['admin', 'dispatcher', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  const scene = await dispatchScene(db, 'Accept test', 3);
  restaurant = scene.restaurant;
  product = scene.product;
  const [a, b, c] = await Promise.all(
    scene.near.map(async (d) => ({ id: d.id, token: (await t.signIn(d.email)).access_token })),
  );
  if (!a || !b || !c) throw new Error('the scene has three drivers');
  [me, other, third] = [a, b, c];
  const [off] = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(drivers, eq(drivers.user_id, users.id))
    .where(and(eq(users.role, 'driver'), eq(drivers.shift_state, 'off_shift')))
    .limit(1);
  if (!off) throw new Error('no driver off shift');
  resting = { id: off.id, token: (await t.signIn(off.email)).access_token };
  // The demo data's active orders of these drivers would be theirs to read: finished, the lists start empty.
  await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(
      and(
        inArray(orders.driver_id, [me.id, other.id, third.id, resting.id]),
        sql`${orders.status} not in ('delivered', 'cancelled', 'declined', 'returned')`,
      ),
    );
  const [buyer] = await db.select().from(users).where(eq(users.email, 'customer@example.com'));
  CUSTOMER.first_name = buyer?.first_name ?? '';
  CUSTOMER.last_name = buyer?.last_name ?? '';
}, 180_000);
afterAll(() => t.close());

// Whatever a test left waiting would be offered to the next test's drivers.
afterEach(async () => {
  const db = t.database.db;
  await db
    .update(orders)
    .set({ status: 'cancelled', driver_id: null })
    .where(
      and(
        eq(orders.restaurant_id, restaurant),
        sql`${orders.status} not in ('delivered', 'cancelled', 'declined', 'returned')`,
      ),
    );
  await db.update(orderOffers).set({ status: 'withdrawn' }).where(eq(orderOffers.status, 'pending'));
  for (const [i, d] of [me, other, third].entries()) await placeDriver(db, d.id, 0.002 * (i + 1));
  await setSettings({ driver_pool: false });
  await restaurantMode(null);
});

async function setSettings(change: { driver_pool?: boolean; mode?: string }) {
  const res = await t.request({
    method: 'PUT',
    url: '/api/dispatch/settings',
    token: tokens.admin,
    payload: { ...DISPATCH_DEFAULTS, ...change },
  });
  expect(res.statusCode, res.body).toBe(200);
}
async function restaurantMode(mode: string | null) {
  const res = await t.request({
    method: 'PUT',
    url: `/api/restaurants/${restaurant}/dispatch-mode`,
    token: tokens.admin,
    payload: { mode },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** A new order of the test restaurant, its kitchen at work (`ready`: food on the pass). */
async function waitingOrder(ready = true, status: 'created' | 'preparing_order' = 'preparing_order') {
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: restaurant,
      items: [{ product_id: product, quantity: 1 }],
      address: CUSTOMER.address,
      phone: CUSTOMER.phone,
      lat: HERE.lat + 0.01,
      lng: HERE.lng + 0.01,
      payment: 'cash',
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const id = placed.json().data.id as number;
  const steps = status === 'created' ? [] : ready ? ['preparing_order', 'ready_for_pickup'] : [status];
  for (const step of steps) {
    const moved = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: step },
    });
    expect(moved.statusCode, moved.body).toBe(200);
  }
  return id;
}

const accept = (id: number, driver: { token: string }, lang = 'en') =>
  t.request({ method: 'POST', url: `/api/driver/orders/${id}/accept`, token: driver.token, lang });

const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
const offersOf = (id: number) =>
  t.database.db.select().from(orderOffers).where(eq(orderOffers.order_id, id)).orderBy(orderOffers.id);

const waitFor = <T>(read: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!value) throw new Error('not yet');
      return value;
    },
    { timeout: ms, interval: 150 },
  );
const pendingOffer = (id: number) =>
  waitFor(async () => (await offersOf(id)).find((o) => o.status === 'pending'));
const poke = () => t.app.bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: 0 } });

/** Nothing of the customer in what a driver reads before the order is theirs. */
function expectNoCustomer(body: string) {
  for (const secret of [CUSTOMER.address, CUSTOMER.phone, CUSTOMER.first_name, CUSTOMER.last_name])
    expect(body).not.toContain(secret);
}

const MESSAGES = {
  order_not_offered: 'This order is not assigned or offered to you.',
  order_taken: 'Another driver has already taken this order.',
  order_offered: 'This order is offered to another driver right now.',
  offer_expired: 'Your offer of this order has run out.',
  driver_not_on_shift: 'This driver is not on shift or is on a break.',
} as const;

/**
 * The driver is refused with this status and code, in English and translated into Bosnian; the
 * order's row and offers are as they were, and the answer says nothing about the customer.
 */
async function expectRefused(
  id: number,
  driver: { token: string },
  status: number,
  code: keyof typeof MESSAGES,
) {
  const before = { row: await orderRow(id), offers: await offersOf(id) };
  const res = await accept(id, driver);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ error: code, message: MESSAGES[code] });
  expectNoCustomer(res.body);
  const bs = await accept(id, driver, 'bs');
  expect(bs.statusCode).toBe(status);
  expect(bs.json().error).toBe(code);
  expect(bs.json().message).not.toBe(MESSAGES[code]);
  expect(bs.json().message).not.toMatch(/^errors\./);
  expect({ row: await orderRow(id), offers: await offersOf(id) }).toEqual(before);
}

/** Accepted: the order is the driver's, and the answer (only it) carries the customer. */
async function expectAccepted(id: number, driver: { id: number; token: string }) {
  const res = await accept(id, driver);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data).toMatchObject({
    id,
    driver: { id: driver.id },
    address: CUSTOMER.address,
    customer_phone: CUSTOMER.phone,
    buyer: { first_name: CUSTOMER.first_name, last_name: CUSTOMER.last_name },
  });
  expect((await orderRow(id))?.driver_id).toBe(driver.id);
}

const assign = async (id: number, driverId: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/orders/${id}/assign`,
    token: tokens.dispatcher,
    payload: { driver_id: driverId, allow_busy: true },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const lock = async (id: number) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/orders/${id}/dispatch-lock`,
    token: tokens.dispatcher,
    payload: { locked: true },
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('the driver pool setting', () => {
  it('is off by default, read with the settings, validated, audited, and changes nothing when refused', async () => {
    const read = async () =>
      (await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin })).json().data;
    expect((await read()).driver_pool).toBe(false);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/dispatch/settings',
      token: tokens.admin,
      lang: 'en',
      payload: { ...(await read()), updated_at: undefined, updated_by: undefined, driver_pool: 'yes' },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['driver_pool']);
    const missing = await t.request({
      method: 'PUT',
      url: '/api/dispatch/settings',
      token: tokens.admin,
      lang: 'en',
      payload: (({ driver_pool: _, ...rest }) => rest)(DISPATCH_DEFAULTS),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.driver_pool).toHaveLength(1);
    expect((await read()).driver_pool).toBe(false);
    const byDispatcher = await t.request({
      method: 'PUT',
      url: '/api/dispatch/settings',
      token: tokens.dispatcher,
      payload: { ...DISPATCH_DEFAULTS, driver_pool: true },
    });
    expect(byDispatcher.statusCode).toBe(403);
    expect((await read()).driver_pool).toBe(false);

    await setSettings({ driver_pool: true });
    expect((await read()).driver_pool).toBe(true);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'dispatch_settings'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.before).toMatchObject({ driver_pool: false });
    expect(entry?.after).toMatchObject({ driver_pool: true });
  });
});

describe('accepting, pool off (the default): only what is assigned or offered to the driver', () => {
  it('refuses an unassigned waiting order in manual mode, and in suggest and automatic mode', async () => {
    const id = await waitingOrder();
    await expectRefused(id, me, 403, 'order_not_offered');
    await restaurantMode('suggest');
    await expectRefused(id, me, 403, 'order_not_offered');
  });

  it('refuses an order the kitchen has not accepted yet, a locked one, and an order of another driver', async () => {
    const created = await waitingOrder(false, 'created');
    await expectRefused(created, me, 403, 'order_not_offered');
    const locked = await waitingOrder();
    await lock(locked);
    await expectRefused(locked, me, 403, 'order_not_offered');
    const theirs = await waitingOrder();
    await assign(theirs, other.id);
    await expectRefused(theirs, me, 409, 'order_taken');
  });

  it('answers the order assigned to the driver as it is: accepting twice changes nothing', async () => {
    const id = await waitingOrder();
    await assign(id, me.id);
    const before = await orderRow(id);
    await expectAccepted(id, me);
    await expectAccepted(id, me);
    expect(await orderRow(id)).toEqual(before);
  });

  it('refuses a driver off shift', async () => {
    const id = await waitingOrder();
    await expectRefused(id, resting, 422, 'driver_not_on_shift');
  });
});

describe('accepting an offer (automatic mode)', () => {
  it('the driver offered takes it; another driver is refused, the offer untouched', async () => {
    await restaurantMode('automatic');
    const id = await waitingOrder();
    const offer = await pendingOffer(id);
    expect(offer.driver_id).toBe(me.id);
    await expectRefused(id, other, 409, 'order_offered');
    await setSettings({ driver_pool: true });
    await expectRefused(id, other, 409, 'order_offered');
    await expectAccepted(id, me);
    expect((await offersOf(id)).map((o) => o.status)).toEqual(['accepted']);
  });

  it('an offer run out is refused, pending past its time or expired by a round, pool on or off', async () => {
    await restaurantMode('automatic');
    const id = await waitingOrder();
    const offer = await pendingOffer(id);
    expect(offer.driver_id).toBe(me.id);
    await t.database.db
      .update(orderOffers)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(orderOffers.id, offer.id));
    await expectRefused(id, me, 409, 'offer_expired');
    // The round expires it and offers the order to the next driver; a person takes it over (suggest).
    await poke();
    await waitFor(async () => (await offersOf(id)).find((o) => o.id === offer.id)?.status === 'expired');
    await restaurantMode('suggest');
    await waitFor(async () => (await offersOf(id)).every((o) => o.status !== 'pending'));
    await expectRefused(id, me, 409, 'offer_expired');
    await setSettings({ driver_pool: true });
    await expectRefused(id, me, 409, 'offer_expired');
    // The pool is open to a driver who never let it run out.
    await expectAccepted(id, third);
  });

  it('an order the driver declined is not theirs again, pool on or off; another driver may take it from the pool', async () => {
    await restaurantMode('automatic');
    const id = await waitingOrder();
    expect((await pendingOffer(id)).driver_id).toBe(me.id);
    const declined = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${id}/decline`,
      token: me.token,
    });
    expect(declined.statusCode).toBe(204);
    // Passed on at once: offered to another driver, whom the decliner cannot beat to it.
    await waitFor(async () => (await offersOf(id)).some((o) => o.status === 'pending'));
    await expectRefused(id, me, 409, 'order_offered');
    await restaurantMode('suggest');
    await waitFor(async () => (await offersOf(id)).every((o) => o.status !== 'pending'));
    await expectRefused(id, me, 403, 'order_not_offered');
    await setSettings({ driver_pool: true });
    await expectRefused(id, me, 403, 'order_not_offered');
    await expectAccepted(id, third);
  });
});

describe('accepting from the pool (setting on)', () => {
  it('takes a waiting order of a restaurant in suggest or automatic mode, audited', async () => {
    await setSettings({ driver_pool: true });
    await restaurantMode('suggest');
    const id = await waitingOrder(false);
    await expectAccepted(id, me);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'pool_accepted')));
    expect(entry).toMatchObject({ actor_id: me.id, after: { driver_id: me.id } });
    // Taken: the next driver is refused.
    await expectRefused(id, other, 409, 'order_taken');
  });

  it('respects the restaurant in manual mode, a lock, and the driver’s shift', async () => {
    await setSettings({ driver_pool: true });
    const manual = await waitingOrder();
    await expectRefused(manual, me, 403, 'order_not_offered');
    await setSettings({ driver_pool: true, mode: 'suggest' });
    await restaurantMode('manual');
    await expectRefused(manual, me, 403, 'order_not_offered');
    await restaurantMode(null);
    const locked = await waitingOrder();
    await lock(locked);
    await expectRefused(locked, me, 403, 'order_not_offered');
    await expectRefused(manual, resting, 422, 'driver_not_on_shift');
    await expectAccepted(manual, me);
  });

  it('two drivers racing for one order: one takes it, the other is told it was taken', async () => {
    await setSettings({ driver_pool: true });
    await restaurantMode('suggest');
    for (let round = 0; round < 5; round++) {
      const id = await waitingOrder();
      const answers = await Promise.all([accept(id, me), accept(id, other)]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const loser = answers.find((a) => a.statusCode === 409);
      expect(loser?.json()).toEqual({ error: 'order_taken', message: MESSAGES.order_taken });
      const winner = answers[0]?.statusCode === 200 ? me : other;
      expect((await orderRow(id))?.driver_id).toBe(winner.id);
      await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, id));
    }
  });

  it('turned off again, the same order is refused', async () => {
    await setSettings({ driver_pool: true });
    await restaurantMode('suggest');
    const id = await waitingOrder();
    await setSettings({ driver_pool: false });
    await expectRefused(id, me, 403, 'order_not_offered');
  });
});

describe('what a driver reads of orders not theirs', () => {
  it('my orders list only the driver’s own; offers and the pool show no customer', async () => {
    await setSettings({ driver_pool: true });
    await restaurantMode('suggest');
    const open = await waitingOrder();
    const locked = await waitingOrder();
    await lock(locked);
    const read = async (url: string, driver = me) => {
      const res = await t.request({ method: 'GET', url, token: driver.token });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };

    const mine = await read('/api/driver/orders');
    expect(mine.json().data.map((o: { id: number }) => o.id)).not.toContain(open);
    expectNoCustomer(mine.body);
    const pool = await read('/api/driver/pool');
    expect(pool.json().data.items).toEqual([
      {
        order_id: open,
        order_number: expect.any(String),
        status: 'ready_for_pickup',
        restaurant: { id: restaurant, name: 'Accept test', address: 'Ferhadija 1' },
        dropoff_km: expect.any(Number),
      },
    ]);
    expectNoCustomer(pool.body);

    await setSettings({ driver_pool: false });
    expect((await read('/api/driver/pool')).json().data.items).toEqual([]);

    // The order waiting in the pool is now offered, to the nearest driver.
    await restaurantMode('automatic');
    const offered = open;
    expect((await pendingOffer(offered)).driver_id).toBe(me.id);
    const offers = await read('/api/driver/offers');
    expect(offers.json().data.items.map((o: { order_id: number }) => o.order_id)).toContain(offered);
    expect(offers.json().data.items[0]).toMatchObject({ dropoff_km: expect.any(Number) });
    expectNoCustomer(offers.body);
    expectNoCustomer((await read('/api/driver/orders')).body);
    expectNoCustomer((await read('/api/driver/orders', other)).body);

    await expectAccepted(offered, me);
    const after = await read('/api/driver/orders');
    expect(after.json().data).toEqual([
      expect.objectContaining({ id: offered, address: CUSTOMER.address, driver: expect.anything() }),
    ]);
    // Another driver still reads nothing of it.
    expectNoCustomer((await read('/api/driver/orders', other)).body);
  });
});
