import { DISPATCH_DEFAULTS } from '@dostava/shared';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { auditLog, drivers, orderOffers, orders, shifts, users } from '../../db/schema/index.js';
import { createTestContext, readyOrder, type TestContext } from '../../test/helpers.js';
import { dispatchScene, placeDriver as placeDriverAt } from './dispatch-scene.js';
import { runRound } from './dispatch-service.js';

/**
 * Dispatch that runs itself (issue 25): who sets the modes, suggestions and their acceptance, offers in
 * the automatic mode (accepted, declined, expired, never twice to one driver), locks and manual
 * assignments that the rounds leave alone, and the problems lane. One restaurant of its own, next to
 * three drivers on shift; every other driver is off shift and the operation stays manual.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
let restaurant = 0;
let own = 0;
let other = 0;
let product = 0;
/** Drivers on shift, nearest to the restaurant first. */
const near: { id: number; token: string }[] = [];

beforeAll(async () => {
  t = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  const scene = await dispatchScene(db, 'Dispatch test', 3);
  restaurant = scene.restaurant;
  product = scene.product;
  for (const d of scene.near) near.push({ id: d.id, token: (await t.signIn(d.email)).access_token });
});
afterAll(() => t.close());

const placeDriver = (id: number, offset: number) => placeDriverAt(t.database.db, id, offset);

const settings = (token: string | undefined, payload: unknown, lang = 'en') =>
  t.request({
    method: 'PUT',
    url: '/api/dispatch/settings',
    payload: payload as Record<string, unknown>,
    lang,
    ...(token ? { token } : {}),
  });
const valid = { ...DISPATCH_DEFAULTS };
const restaurantMode = (mode: string | null, token = tokens.admin, id = restaurant) =>
  t.request({ method: 'PUT', url: `/api/restaurants/${id}/dispatch-mode`, token, payload: { mode } });

/**
 * A new order of the test restaurant, ready at its kitchen: it waits for a driver. (An order whose food
 * is further off than a driver would wait is not dispatched yet: see MAX_DRIVER_WAIT_MINUTES.)
 */
const preparingOrder = () => readyOrder(t, tokens, restaurant, product);

/** The value `read` finds, once it finds one: with room for a loaded machine. */
const waitFor = <T>(read: () => Promise<T | undefined | null | false>): Promise<T> =>
  vi.waitFor(
    async () => {
      const value = await read();
      if (!value) throw new Error('timed out waiting');
      return value as T;
    },
    { timeout: 60_000, interval: 150 },
  );
/**
 * One whole round, started after everything before it: what it leaves alone, the rounds leave alone
 * (no pause after a poke that a loaded machine may outlast). Again while the loop's own round holds
 * the lock.
 */
const round = () =>
  vi.waitFor(
    async () =>
      expect(
        await runRound({ db: t.app.db, bus: t.app.bus, jobs: t.app.jobs, timeZone: t.app.config.timeZone }),
      ).not.toBeNull(),
    { timeout: 60_000, interval: 100 },
  );
const offersOf = (id: number) =>
  t.database.db.select().from(orderOffers).where(eq(orderOffers.order_id, id)).orderBy(orderOffers.id);
const pendingOffer = (id: number) =>
  waitFor(async () => (await offersOf(id)).find((o) => o.status === 'pending'));
const poke = () => t.app.bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: 0 } });
const orderRow = async (id: number) =>
  (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];

beforeEach(async () => {
  for (const [i, d] of near.entries()) await placeDriver(d.id, 0.002 * (i + 1));
});
// Whatever a test left waiting would take the next test's drivers.
afterEach(async () => {
  await t.database.db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(orders.restaurant_id, restaurant),
        sql`${orders.status} not in ('delivered', 'cancelled', 'declined', 'returned')`,
      ),
    );
  await t.database.db
    .update(orderOffers)
    .set({ status: 'withdrawn' })
    .where(eq(orderOffers.status, 'pending'));
});

describe('settings: who reads and changes them', () => {
  it.each(['admin', 'appmanager', 'dispatcher'])('%s reads them', async (who) => {
    const res = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens[who] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ mode: 'manual', offer_seconds: 45, batching: true });
  });

  it.each(['manager', 'employee', 'customer', 'driver'])('a %s cannot read them', async (who) => {
    expect(
      (await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens[who] })).statusCode,
    ).toBe(403);
  });

  it.each(['admin', 'appmanager'])('%s changes them, audited and announced', async (who) => {
    const res = await settings(tokens[who], { ...valid, offer_seconds: 60 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ offer_seconds: 60, updated_by: expect.any(String) });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'dispatch_settings'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.after).toMatchObject({ offer_seconds: 60 });
    expect((await settings(tokens[who], valid)).statusCode).toBe(200);
  });

  it.each(['dispatcher', 'manager', 'employee'])('a %s cannot change them', async (who) => {
    expect((await settings(tokens[who], { ...valid, mode: 'automatic' })).statusCode).toBe(403);
    const now = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin });
    expect(now.json().data.mode).toBe('manual');
  });

  it('refuses bad settings with translated messages, changing nothing', async () => {
    const bad = await settings(tokens.admin, {
      ...valid,
      mode: 'robot',
      offer_seconds: 5,
      batch_dropoff_km: 'far',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      mode: ['Choose one of the offered values'],
      offer_seconds: ['Must be at least 15'],
      batch_dropoff_km: ['Must be a number'],
    });
    const bs = await settings(tokens.admin, { ...valid, offer_seconds: 301 }, 'bs');
    expect(bs.statusCode).toBe(400);
    expect(bs.json().errors.offer_seconds[0]).not.toBe('Must be at most 300');
    expect((await settings(tokens.admin, { ...valid, extra: 1 })).statusCode).toBe(400);
    const now = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin });
    expect(now.json().data).toMatchObject({ offer_seconds: 45, mode: 'manual' });
  });

  it.each([
    ['fallback_minutes', 0, 'Must be at least 1', 'Mora biti najmanje 1'],
    ['fallback_minutes', 61, 'Must be at most 60', 'Mora biti najviše 60'],
    ['fallback_minutes', 2.5, 'Must be a whole number', 'Mora biti cijeli broj'],
    ['pay_aware', 'yes', 'Invalid value', 'Neispravna vrijednost'],
    ['pay_per_delivery', -1, 'Must be at least 0', 'Mora biti najmanje 0'],
    ['pay_per_delivery', 'three', 'Must be a number', 'Mora biti broj'],
    ['pay_hourly_minimum', 100_001, 'Must be at most 100000', 'Mora biti najviše 100000'],
    ['pay_hourly_minimum', 8.5, 'Must be a whole number', 'Mora biti cijeli broj'],
  ])('refuses %s = %j with a translated message, changing nothing', async (field, value, en, bs) => {
    for (const [lang, text] of [
      ['en', en],
      ['bs', bs],
    ] as const) {
      const bad = await settings(tokens.admin, { ...valid, [field]: value }, lang);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual({ [field]: [text] });
    }
    // A body without the field is refused too.
    const { [field as keyof typeof valid]: _, ...without } = valid;
    expect((await settings(tokens.admin, without)).statusCode).toBe(400);
    const now = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin });
    expect(now.json().data).toMatchObject(valid);
  });

  it.each(['admin', 'appmanager'])('%s sets the fallback and the pay model', async (who) => {
    const changed = { fallback_minutes: 8, pay_aware: true, pay_per_delivery: 250, pay_hourly_minimum: 900 };
    const res = await settings(tokens[who], { ...valid, ...changed });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(changed);
    const read = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.dispatcher });
    expect(read.json().data).toMatchObject(changed);
    expect((await settings(tokens[who], valid)).statusCode).toBe(200);
  });

  it.each(['dispatcher', 'manager', 'driver'])(
    'a %s cannot set the fallback or the pay model',
    async (who) => {
      const res = await settings(tokens[who], { ...valid, fallback_minutes: 9, pay_aware: true });
      expect(res.statusCode).toBe(403);
      const now = await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin });
      expect(now.json().data).toMatchObject({ fallback_minutes: 5, pay_aware: false });
    },
  );

  it("sets a restaurant's own mode (Admins only), and back to the operation's", async () => {
    const res = await restaurantMode('suggest');
    expect(res.statusCode).toBe(200);
    expect(res.json().data.dispatch_mode).toBe('suggest');
    expect((await restaurantMode('automatic', tokens.dispatcher)).statusCode).toBe(403);
    expect((await restaurantMode('automatic', tokens.manager, own)).statusCode).toBe(403);
    expect((await restaurantMode('sometimes')).statusCode).toBe(400);
    expect((await restaurantMode(null, tokens.admin, 999_999)).statusCode).toBe(404);
    expect((await restaurantMode(null)).json().data.dispatch_mode).toBeNull();
  });
});

describe('suggest mode', () => {
  beforeAll(async () => {
    await restaurantMode('suggest');
  });
  afterAll(async () => {
    await restaurantMode(null);
  });

  it('suggests the nearest free driver with reasons; one click assigns it, the reasons audited', async () => {
    const id = await preparingOrder();
    const res = await t.request({
      method: 'GET',
      url: '/api/dispatch/suggestions',
      token: tokens.dispatcher,
    });
    expect(res.statusCode).toBe(200);
    const mine = res.json().data.items.find((s: { order_id: number }) => s.order_id === id);
    expect(mine).toMatchObject({
      driver: { id: near[0]?.id },
      reasons: { state: 'free', load: 0, late_minutes: 0, batched_with: null },
    });
    expect(mine.reasons.distance_km).toBeCloseTo(0.2, 1);
    // A suggestion is not an offer: nothing is offered in suggest mode.
    expect(await offersOf(id)).toEqual([]);

    // The driver named must still fit: one off shift is refused, and nothing changes.
    await t.database.db
      .update(drivers)
      .set({ shift_state: 'off_shift' })
      .where(eq(drivers.user_id, near[2]?.id ?? 0));
    const stale = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/accept-suggestion`,
      token: tokens.dispatcher,
      lang: 'en',
      payload: { driver_id: near[2]?.id },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ error: 'suggestion_changed' });
    expect((await orderRow(id))?.driver_id).toBeNull();

    const ok = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/accept-suggestion`,
      token: tokens.dispatcher,
      payload: { driver_id: near[0]?.id },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.driver.id).toBe(near[0]?.id);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'assign')),
      );
    expect(entry?.after).toMatchObject({ driver_id: near[0]?.id, suggested: { state: 'free' } });
    // Cleaned up for the next tests: the order is cancelled.
    await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'test' },
    });
  });

  it('restaurant staff and drivers get no suggestions; a bad driver id is refused', async () => {
    for (const who of ['manager', 'employee'])
      expect(
        (await t.request({ method: 'GET', url: '/api/dispatch/suggestions', token: tokens[who] })).statusCode,
      ).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: '/api/orders/1/accept-suggestion',
      token: tokens.dispatcher,
      lang: 'en',
      payload: { driver_id: 'x' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('automatic mode', () => {
  beforeAll(async () => {
    await restaurantMode('automatic');
  });
  afterAll(async () => {
    await restaurantMode(null);
  });

  it('offers the order to the nearest free driver with reasons, shown on the board and to the driver', async () => {
    const id = await preparingOrder();
    const offer = await pendingOffer(id);
    expect(offer.driver_id).toBe(near[0]?.id);
    expect(offer.reasons).toMatchObject({ state: 'free', load: 0 });
    const row = (
      await t.request({
        method: 'GET',
        url: `/api/orders?active=true&restaurant_id=${restaurant}`,
        token: tokens.dispatcher,
      })
    )
      .json()
      .data.find((o: { id: number }) => o.id === id);
    expect(row).toMatchObject({ dispatch_mode: 'automatic', offer: { driver: { id: near[0]?.id } } });
    const mine = await t.request({ method: 'GET', url: '/api/driver/offers', token: near[0]?.token });
    expect(mine.json().data.items.map((o: { order_id: number }) => o.order_id)).toContain(id);
    const theirs = await t.request({ method: 'GET', url: '/api/driver/offers', token: near[1]?.token });
    expect(theirs.json().data.items.map((o: { order_id: number }) => o.order_id)).not.toContain(id);
    const detail = await t.request({ method: 'GET', url: `/api/orders/${id}`, token: tokens.admin });
    expect(detail.json().data.dispatch).toMatchObject({
      mode: 'automatic',
      locked: false,
      offers: [{ status: 'pending', driver: { id: near[0]?.id }, reasons: { state: 'free' } }],
    });
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'offer')));
    expect(audited).toMatchObject({ actor_id: null, after: { driver_id: near[0]?.id } });

    // Another driver cannot take an order offered to someone else; the offered one can.
    const race = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${id}/accept`,
      token: near[1]?.token,
      lang: 'en',
    });
    expect(race.statusCode).toBe(409);
    expect(race.json()).toMatchObject({ error: 'order_offered' });
    const accepted = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${id}/accept`,
      token: near[0]?.token,
    });
    expect(accepted.statusCode).toBe(200);
    expect((await offersOf(id)).map((o) => o.status)).toEqual(['accepted']);
    expect((await orderRow(id))?.driver_id).toBe(near[0]?.id);
    await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'test' },
    });
  });

  it('a declined or expired offer passes to the next driver, never back to the same one', async () => {
    const id = await preparingOrder();
    const first = await pendingOffer(id);
    expect(first.driver_id).toBe(near[0]?.id);
    const declined = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${id}/decline`,
      token: near[0]?.token,
    });
    expect(declined.statusCode).toBe(204);
    const again = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${id}/decline`,
      token: near[0]?.token,
      lang: 'en',
    });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ error: 'no_offer' });

    const second = await waitFor(async () => (await offersOf(id)).find((o) => o.status === 'pending'));
    expect(second.driver_id).toBe(near[1]?.id);
    // Its time runs out: it expires once, and the third driver gets it.
    await t.database.db
      .update(orderOffers)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(orderOffers.id, second.id));
    await poke();
    const third = await waitFor(async () =>
      (await offersOf(id)).find((o) => o.status === 'pending' && o.driver_id === near[2]?.id),
    );
    expect(third).toBeTruthy();
    const all = await offersOf(id);
    expect(all.map((o) => [o.driver_id, o.status])).toEqual([
      [near[0]?.id, 'declined'],
      [near[1]?.id, 'expired'],
      [near[2]?.id, 'pending'],
    ]);
    const expired = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'offer_expired')));
    expect(expired).toHaveLength(1);

    // The third lets it expire too: nobody is left who has not refused it — a problem, with why.
    await t.database.db
      .update(orderOffers)
      .set({ expires_at: sql`now() - interval '1 second'` })
      .where(eq(orderOffers.id, third.id));
    await poke();
    const problem = await waitFor(async () => (await orderRow(id))?.dispatch_problem);
    expect(problem).toBe('all_declined');
    const lane = await t.request({
      method: 'GET',
      url: `/api/orders?lane=problems&restaurant_id=${restaurant}`,
      token: tokens.dispatcher,
    });
    expect(lane.json().data.map((o: { id: number }) => o.id)).toContain(id);
    await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'test' },
    });
  });

  it('a manual assignment withdraws the offer and stays; a lock keeps the order out of the rounds', async () => {
    const id = await preparingOrder();
    const offer = await pendingOffer(id);
    const assigned = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/assign`,
      token: tokens.dispatcher,
      payload: { driver_id: near[2]?.id },
    });
    expect(assigned.statusCode).toBe(200);
    expect((await offersOf(id)).find((o) => o.id === offer.id)?.status).toBe('withdrawn');
    await round();
    expect((await orderRow(id))?.driver_id).toBe(near[2]?.id);
    expect((await offersOf(id)).filter((o) => o.status === 'pending')).toEqual([]);

    // Taken off by hand: locked, so the rounds leave it to the dispatcher.
    const off = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/unassign`,
      token: tokens.dispatcher,
      payload: { reason: null },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().data.dispatch_locked).toBe(true);
    await round();
    expect((await offersOf(id)).filter((o) => o.status === 'pending')).toEqual([]);

    // Restaurant staff cannot unlock; the dispatcher can, and the next round offers it again.
    const staff = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/dispatch-lock`,
      token: tokens.manager,
      payload: { locked: false },
    });
    expect(staff.statusCode).toBe(403);
    const bad = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/dispatch-lock`,
      token: tokens.dispatcher,
      lang: 'en',
      payload: { locked: 'no' },
    });
    expect(bad.statusCode).toBe(400);
    const unlock = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/dispatch-lock`,
      token: tokens.dispatcher,
      payload: { locked: false },
    });
    expect(unlock.statusCode).toBe(200);
    const next = await pendingOffer(id);
    // A withdrawn offer is no refusal: the nearest driver may be offered it again.
    expect(next.driver_id).toBe(near[0]?.id);
    // Locking again withdraws the open offer at once.
    const lock = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/dispatch-lock`,
      token: tokens.dispatcher,
      payload: { locked: true },
    });
    expect(lock.json().data).toMatchObject({ dispatch_locked: true, offer: null });
    expect((await offersOf(id)).filter((o) => o.status === 'pending')).toEqual([]);
    await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'test' },
    });
  });

  it('batches a second order of the same restaurant to a driver carrying one, drop-offs near', async () => {
    // Only one driver on shift: the second order can only be batched.
    for (const d of near.slice(1))
      await t.database.db.update(drivers).set({ shift_state: 'off_shift' }).where(eq(drivers.user_id, d.id));
    const a = await preparingOrder();
    const offer = await pendingOffer(a);
    expect(offer.driver_id).toBe(near[0]?.id);
    await t.request({ method: 'POST', url: `/api/driver/orders/${a}/accept`, token: near[0]?.token });
    const b = await preparingOrder();
    const batched = await pendingOffer(b);
    expect(batched.driver_id).toBe(near[0]?.id);
    expect(batched.reasons).toMatchObject({ state: 'carrying', load: 1 });
    expect((batched.reasons as { batched_with: string }).batched_with).toMatch(/^D\d+$/);
    await t.request({ method: 'POST', url: `/api/driver/orders/${b}/decline`, token: near[0]?.token });
    for (const id of [a, b])
      await t.request({
        method: 'POST',
        url: `/api/orders/${id}/status`,
        token: tokens.admin,
        payload: { status: 'cancelled', reason: 'test' },
      });
  });

  it("offers no pickup to a driver whose shift's planned end comes first; the next driver gets it", async () => {
    const first = near[0]?.id ?? 0;
    const db = t.database.db;
    const open = and(eq(shifts.driver_id, first), sql`${shifts.ended_at} is null`);
    const [had] = await db.select().from(shifts).where(open);
    if (had)
      await db
        .update(shifts)
        .set({ planned_end_at: new Date(Date.now() - 60_000) })
        .where(open);
    else await db.insert(shifts).values({ driver_id: first, planned_end_at: new Date(Date.now() - 60_000) });
    try {
      const id = await preparingOrder();
      const offer = await pendingOffer(id);
      expect(offer.driver_id).toBe(near[1]?.id);
    } finally {
      if (had) await db.update(shifts).set({ planned_end_at: had.planned_end_at }).where(open);
      else await db.delete(shifts).where(open);
    }
  });

  it('with nobody on shift the order is a problem: no driver on shift', async () => {
    await t.database.db
      .update(drivers)
      .set({ shift_state: 'off_shift' })
      .where(
        inArray(
          drivers.user_id,
          near.map((d) => d.id),
        ),
      );
    const id = await preparingOrder();
    expect(await waitFor(async () => (await orderRow(id))?.dispatch_problem)).toBe('no_driver_on_shift');
    // Restaurant staff see their own orders' dispatch state, never other restaurants' orders.
    const theirs = await t.request({
      method: 'GET',
      url: `/api/orders/${id}`,
      token: tokens.manager,
    });
    expect(theirs.statusCode).toBe(403);
    await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'test' },
    });
    // Cancelled: no longer a problem.
    await poke();
    expect(await waitFor(async () => (await orderRow(id))?.dispatch_problem === null)).toBe(true);
    void other;
  });
});
