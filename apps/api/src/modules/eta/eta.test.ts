import { MAX_WAIT_CORRECTION_MINUTES, travelMinutes } from '@dostava/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  drivers,
  orderEtaHistory,
  orders,
  prepTimeModel,
  products,
  travelTimeModel,
  users,
} from '../../db/schema/index.js';
import type { BusEvent } from '../../lib/bus.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { loadTravel, loadWait, refreshModels } from './eta-models.js';
import { loadModels, predictOrders, promiseFor } from './eta-predictions.js';
import { refreshPredictions } from './eta-refresh.js';

/** Promises, predictions, the at-risk lane and an order's ETA on its details, per role. */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let menu: { id: number }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'manager2', 'customer', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
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
  return res.json().data as {
    id: number;
    created_at: string;
    promised_at: string;
    estimated_delivery_minutes: number;
    predicted_delivery_at: string | null;
  };
};
const timeZone = 'Europe/Sarajevo';

describe('learned models', () => {
  it('learns prep per restaurant and hour, and travel per vehicle type, idempotently', async () => {
    const db = t.database.db;
    await refreshModels(db, timeZone);
    const first = await db.select().from(prepTimeModel);
    await refreshModels(db, timeZone);
    const again = await db.select().from(prepTimeModel);
    expect(again.length).toBe(first.length);
    expect(first.some((r) => r.hour_of_week === -1)).toBe(true);
    for (const r of first) expect(r.minutes).toBeGreaterThan(0);
    const travel = await db.select().from(travelTimeModel);
    expect(travel.map((r) => r.vehicle_type).sort()).toEqual(['any', 'bike', 'car', 'scooter']);
    for (const r of travel) {
      expect(r.detour_factor).toBeGreaterThanOrEqual(1);
      expect(r.speed_kmh).toBeGreaterThan(0);
    }
  });
});

describe('promise and prediction', () => {
  it('promises a delivery time at placement, consistent with the estimated minutes, and predicts it', async () => {
    const o = await place();
    const minutes = (Date.parse(o.promised_at) - Date.parse(o.created_at)) / 60_000;
    expect(Math.abs(minutes - o.estimated_delivery_minutes)).toBeLessThan(1);
    expect(o.predicted_delivery_at).not.toBeNull();
    const detail = (await get(`/api/orders/${o.id}`, 'dispatcher')).json().data;
    expect(detail.eta.promised_at).toBe(o.promised_at);
    expect(detail.eta.predicted_pickup_at).not.toBeNull();
    expect(detail.eta.history).toHaveLength(1);
    expect(detail.eta.history[0].promised_at).toBe(o.promised_at);
  });

  it('writes a history row only when the prediction moves a minute or its reason changes', async () => {
    const o = await place();
    const db = t.database.db;
    const count = async () =>
      (await db.select().from(orderEtaHistory).where(eq(orderEtaHistory.order_id, o.id))).length;
    const before = await count();
    const now = new Date();
    await predictOrders(db, { timeZone, ids: [o.id], now });
    await predictOrders(db, { timeZone, ids: [o.id], now: new Date(now.getTime() + 20_000) });
    expect(await count()).toBe(before);
    // Created half an hour ago with the default prep: the kitchen moves the prediction.
    await db.update(orders).set({ created_at: sql`now() - interval '2 hours'` }).where(eq(orders.id, o.id));
    await predictOrders(db, { timeZone, ids: [o.id] });
    expect(await count()).toBe(before + 1);
  });
});

describe('the at-risk lane', () => {
  let risky = 0;
  beforeAll(async () => {
    const o = await place();
    risky = o.id;
    // Promised in 5 minutes, the kitchen needs its usual time: predicted to miss, not yet late.
    await t.database.db
      .update(orders)
      .set({ promised_at: sql`now() + interval '5 minutes'` })
      .where(eq(orders.id, risky));
    const heard: BusEvent[] = [];
    const stop = t.app.bus.subscribe((event) => heard.push(event));
    await refreshPredictions(t.database.db, t.app.bus, timeZone);
    stop();
    // The pass announces each moved order as its list row, so boards patch it in place (no refetch).
    const mine = heard.find((e) => e.type === 'order.updated' && e.data.order_id === risky);
    expect(mine?.data).toMatchObject({
      eta: true,
      order: { id: risky, risk_reason: expect.any(String) },
      previous: { status: expect.any(String) },
    });
  });

  it('shows the dispatcher and the admin the orders predicted to miss, most at risk first, with the reason', async () => {
    for (const who of ['dispatcher', 'admin']) {
      const res = await get('/api/orders?lane=at_risk&sort=risk&per_page=100', who);
      expect(res.statusCode).toBe(200);
      const rows = res.json().data as {
        id: number;
        risk_reason: string;
        promised_at: string;
        predicted_delivery_at: string;
      }[];
      const row = rows.find((r) => r.id === risky);
      expect(row?.risk_reason).toBe('kitchen_slow');
      const slack = rows.map((r) => Date.parse(r.promised_at) - Date.parse(r.predicted_delivery_at));
      expect(slack).toEqual([...slack].sort((a, b) => a - b));
      const counts = (await get('/api/orders/lanes', who)).json().data;
      expect(counts.at_risk).toBe(rows.length);
    }
  });

  it("shows restaurant staff only their own restaurant's orders at risk", async () => {
    const mine = (await get('/api/orders?lane=at_risk&sort=risk', 'manager')).json().data as { id: number }[];
    expect(mine.map((r) => r.id)).toContain(risky);
    const theirs = await get('/api/orders?lane=at_risk&sort=risk', 'manager2');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json().data.map((r: { id: number }) => r.id)).not.toContain(risky);
    expect((await get(`/api/orders/${risky}`, 'manager2')).statusCode).toBe(403);
    expect((await get(`/api/orders?lane=at_risk&restaurant_id=${own}`, 'manager2')).statusCode).toBe(403);
  });

  it('shows the details with the promise, the prediction and their history to who may read the order', async () => {
    for (const who of ['dispatcher', 'admin', 'manager']) {
      const eta = (await get(`/api/orders/${risky}`, who)).json().data.eta;
      expect(eta.risk_reason).toBe('kitchen_slow');
      expect(eta.history.at(-1).risk_reason).toBe('kitchen_slow');
      expect(eta.history.length).toBeGreaterThanOrEqual(2);
    }
    expect((await get('/api/orders?lane=at_risk', 'customer')).statusCode).toBe(403);
  });

  it('refuses an unknown lane or sort with a translated error', async () => {
    const res = await get('/api/orders?lane=at_danger', 'dispatcher');
    expect(res.statusCode).toBe(400);
  });
});

describe('learning this week', () => {
  /** Ten orders of the own restaurant, delivered `hoursAgo` after a ride of `minutes`. */
  let rides: number[] = [];
  const deliver = async (hoursAgo: number, minutes: number) => {
    await t.database.db
      .update(orders)
      .set({
        status: 'delivered',
        created_at: sql`now() - ${`${hoursAgo} hours`}::interval - interval '30 minutes'`,
        picked_up_at: sql`now() - ${`${hoursAgo} hours`}::interval - ${`${minutes} minutes`}::interval`,
        delivered_at: sql`now() - ${`${hoursAgo} hours`}::interval`,
      })
      .where(inArray(orders.id, rides));
  };
  beforeAll(async () => {
    for (let i = 0; i < 10; i++) rides.push((await place()).id);
  });
  afterAll(async () => {
    await deliver(24 * 40, 10);
    rides = [];
  });
  const rideOf = async (type: string | null = 'any') =>
    travelMinutes((await loadTravel(t.database.db))(type), 3);
  const learned = async () => {
    const [any] = await t.database.db
      .select()
      .from(travelTimeModel)
      .where(eq(travelTimeModel.vehicle_type, 'any'));
    return travelMinutes(any ?? { detour_factor: 1, speed_kmh: 1, handover_minutes: 1 }, 3);
  };

  it('corrects ride times from the rides delivered in the last hour, and no longer once they are older', async () => {
    const db = t.database.db;
    await deliver(5, 2);
    await refreshModels(db, timeZone);
    // Whatever the seeded evening's own last hour says, against the learned model.
    const before = await rideOf();
    const bikeBefore = await rideOf('bike');
    // The same rides, delivered a quarter of an hour ago, far faster than learned: every type is corrected.
    await deliver(0.25, 2);
    const corrected = await rideOf();
    expect(corrected).toBeLessThan(0.9 * before);
    expect(await rideOf('bike')).toBeLessThan(0.9 * bikeBefore);
    // Never more than twice as fast as learned, however fast the rides.
    expect(corrected).toBeGreaterThanOrEqual((await learned()) / 2 - 1e-9);
    // An hour and more later they correct nothing any more.
    await deliver(1.5, 2);
    expect(await rideOf()).toBeCloseTo(before, 6);
  });

  it('weighs this week more than the month in the learned travel', async () => {
    const db = t.database.db;
    // Fast rides three weeks ago, then the same rides today: the model learns more from today's.
    await deliver(24 * 21, 2);
    await refreshModels(db, timeZone);
    const monthAgo = await learned();
    await deliver(2, 2);
    await refreshModels(db, timeZone);
    expect(await learned()).toBeLessThan(monthAgo - 0.5);
  });
});

describe('learning the wait for a driver', () => {
  let waited: number[] = [];
  let positions: { user_id: number; last_location_at: Date | null }[] = [];
  beforeAll(async () => {
    // No driver's position is fresh: nobody counts as free, the prediction waits for one.
    positions = await t.database.db
      .select({ user_id: drivers.user_id, last_location_at: drivers.last_location_at })
      .from(drivers);
    await t.database.db.update(drivers).set({ last_location_at: sql`now() - interval '1 hour'` });
  });
  afterAll(async () => {
    for (const p of positions)
      await t.database.db
        .update(drivers)
        .set({ last_location_at: p.last_location_at })
        .where(eq(drivers.user_id, p.user_id));
    // Out of every window the later tests learn from.
    await t.database.db
      .update(orders)
      .set({
        created_at: sql`now() - interval '40 days'`,
        picked_up_at: sql`now() - interval '40 days'`,
        delivered_at: sql`now() - interval '40 days'`,
      })
      .where(inArray(orders.id, waited));
    waited = [];
  });
  const placementOf = async (id: number) => {
    const [row] = await t.database.db
      .select({
        created_at: orders.created_at,
        predicted_pickup_at: orders.predicted_pickup_at,
        placement_wait_minutes: orders.placement_wait_minutes,
      })
      .from(orders)
      .where(eq(orders.id, id));
    return row as {
      created_at: Date;
      predicted_pickup_at: Date | null;
      placement_wait_minutes: number | null;
    };
  };

  it("records the uncorrected wait of an order nobody is free for, and corrects the next ones by the last hour's", async () => {
    const db = t.database.db;
    const first = await place();
    const recorded = await placementOf(first.id);
    expect(recorded.placement_wait_minutes).toBeGreaterThan(0);
    // Later predictions keep what the placement foresaw.
    await db
      .update(orders)
      .set({ created_at: sql`now() - interval '3 minutes'` })
      .where(eq(orders.id, first.id));
    await predictOrders(db, { timeZone, ids: [first.id] });
    expect((await placementOf(first.id)).placement_wait_minutes).toBe(recorded.placement_wait_minutes);

    const baseline = await loadWait(db);
    // Ten orders picked up in the last minutes, each 25 minutes after what their placement foresaw.
    for (let i = 0; i < 10; i++) waited.push((await place()).id);
    await db
      .update(orders)
      .set({
        status: 'delivered',
        placement_wait_minutes: 10,
        created_at: sql`now() - interval '40 minutes'`,
        picked_up_at: sql`now() - interval '5 minutes'`,
        delivered_at: sql`now() - interval '1 minute'`,
      })
      .where(inArray(orders.id, waited));
    const wait = await loadWait(db);
    expect(wait).toBeGreaterThan(baseline + 15);
    expect(wait).toBeLessThanOrEqual(MAX_WAIT_CORRECTION_MINUTES);
    // The next order's pickup is that much later than its own uncorrected prediction, which it records.
    const next = await placementOf((await place()).id);
    const pickupMinutes = ((next.predicted_pickup_at?.getTime() ?? 0) - next.created_at.getTime()) / 60_000;
    expect(pickupMinutes - (next.placement_wait_minutes ?? 0)).toBeCloseTo(wait, 1);
    // The promise made now waits that much longer too (rounded to the minute).
    const models = await loadModels(db, [own]);
    expect(models.wait).toBeCloseTo(wait, 6);
    const restaurant = { id: own, busy_minutes: 0, busy_until: null };
    const promised = await promiseFor(db, restaurant, 2, timeZone, new Date(), models);
    const unwaited = await promiseFor(db, restaurant, 2, timeZone, new Date(), { ...models, wait: 0 });
    expect(
      Math.abs(promised.estimated_delivery_minutes - unwaited.estimated_delivery_minutes - wait),
    ).toBeLessThanOrEqual(1);
    // Once they are older than the hour they correct nothing.
    await db
      .update(orders)
      .set({ picked_up_at: sql`now() - interval '90 minutes'` })
      .where(inArray(orders.id, waited));
    expect(await loadWait(db)).toBeCloseTo(baseline, 6);
  });
});
