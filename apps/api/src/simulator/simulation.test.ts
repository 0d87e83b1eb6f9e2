import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, orderOffers, orders, restaurants, shifts } from '../db/schema/index.js';
import { dispatchScene, HERE } from '../modules/dispatch/dispatch-scene.js';
import { createTestContext, type TestContext } from '../test/helpers.js';
import { parseOptions } from './schedule.js';
import { Simulation } from './simulation.js';

describe('simulator against a running API', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(() => ctx?.close());

  it('places orders, moves drivers and stops cleanly', async () => {
    const token = (await ctx.signIn('admin@example.com')).access_token;
    const count = async () =>
      (await ctx.request({ method: 'GET', url: '/api/orders?per_page=1', token })).json().meta
        .total as number;
    const before = await count();
    const lines: string[] = [];
    const simulation = new Simulation(
      parseOptions(
        ['--url', url, '--drivers', '3', '--rate', '120', '--pace', '0.02', '--interval', '0.3'],
        {},
      ),
      (line) => lines.push(line),
    );
    await simulation.start();
    // Until a customer ordered and a kitchen accepted (a busy machine takes longer than a quiet one).
    // and the dispatcher gave one to a driver (the operation is in manual mode: drivers take only what
    // is assigned or offered to them).
    await waitFor(
      async () =>
        lines.some((l) => / ordered D/.test(l)) &&
        lines.some((l) => /accepted, preparing/.test(l)) &&
        lines.some((l) => /the dispatcher assigned D/.test(l)),
      50_000,
    );
    await simulation.stop();

    expect(await count()).toBeGreaterThan(before);
    expect(lines.some((l) => / ordered D/.test(l))).toBe(true);
    expect(lines.some((l) => /accepted, preparing/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/stopped: \d+ orders placed/);
    // The played drivers are on the map with fresh locations, none left on a break.
    const map = (await ctx.request({ method: 'GET', url: '/api/drivers/locations', token })).json().data as {
      shift_state: string;
      last_location_at: string | null;
    }[];
    const fresh = map.filter(
      (d) => d.last_location_at && Date.now() - Date.parse(d.last_location_at) < 15_000,
    );
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((l) => /error|failed/i.test(l))).toEqual([]);
  }, 90_000);
});

describe('simulated drivers answer offers while they carry', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  }, 120_000);
  afterAll(() => ctx?.close());

  it('answers an offer made to a driver who holds an order, before it expires, and picks it up', async () => {
    const db = ctx.database.db;
    const admin = (await ctx.signIn('admin@example.com')).access_token;
    const customer = (await ctx.signIn('customer@example.com')).access_token;
    const as = (token: string, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
      ctx.request({ method, url: path, token, ...(payload ? { payload } : {}) });
    // Nothing else waits: the played restaurants have nothing to move, nobody else is on shift.
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(sql`${orders.status} not in ('delivered', 'cancelled', 'declined', 'returned')`);
    const scene = await dispatchScene(db, 'Simulated pass', 0);
    // The driver the simulation plays with --drivers 1: the first active one it lists.
    const listed = (await as(admin, 'GET', '/api/users?role=driver&per_page=100')).json().data as {
      id: number;
      email: string;
      is_active: boolean;
    }[];
    const played = listed.find((d) => d.is_active);
    if (!played) throw new Error('no driver to play');
    const driver = (await ctx.signIn(played.email)).access_token;
    // On shift (the seed may have left one open, which the scene set aside).
    expect([200, 409]).toContain((await as(driver, 'POST', '/api/driver/shift/start')).statusCode);
    await db.update(drivers).set({ shift_state: 'available' }).where(eq(drivers.user_id, played.id));
    const seen = (
      await as(driver, 'POST', '/api/driver/locations', {
        points: [{ lat: HERE.lat, lng: HERE.lng, recorded_at: new Date().toISOString() }],
      })
    ).statusCode;
    expect(seen).toBe(200);

    const place = async (ready: boolean) => {
      const placed = await as(customer, 'POST', '/api/orders', {
        restaurant_id: scene.restaurant,
        items: [{ product_id: scene.product, quantity: 1 }],
        address: 'Titova 10, Sarajevo',
        phone: '+387 61 111 222',
        lat: HERE.lat + 0.01,
        lng: HERE.lng + 0.01,
        payment: 'card',
      });
      expect(placed.statusCode).toBe(201);
      const id = placed.json().data.id as number;
      for (const status of ready ? ['preparing_order', 'ready_for_pickup'] : ['preparing_order'])
        expect((await as(admin, 'POST', `/api/orders/${id}/status`, { status })).statusCode).toBe(200);
      return id;
    };
    // The driver holds an order whose food is still being prepared (nobody plays this kitchen): they
    // wait at the pass with it for as long as the test runs.
    const held = await place(false);
    expect((await as(admin, 'POST', `/api/orders/${held}/assign`, { driver_id: played.id })).statusCode).toBe(
      200,
    );
    const second = await place(true);

    const simulation = new Simulation(
      parseOptions(
        [
          '--url',
          url,
          '--drivers',
          '1',
          '--rate',
          '0',
          '--accept',
          '1',
          '--pace',
          '0.02',
          '--interval',
          '0.3',
        ],
        {},
      ),
      () => {},
    );
    const startedAt = new Date();
    await simulation.start();
    try {
      // Once the driver is on the way with the order, automatic dispatch offers them a second one
      // of the same kitchen (as a round batching it would), for 30 seconds.
      await waitFor(async () => {
        const [row] = await db.select().from(drivers).where(eq(drivers.user_id, played.id));
        return row?.last_location_at && row.last_location_at > startedAt;
      });
      const expiresAt = new Date(Date.now() + 30_000);
      await db.transaction(async (tx) => {
        await tx
          .update(restaurants)
          .set({ dispatch_mode: 'automatic' })
          .where(eq(restaurants.id, scene.restaurant));
        await tx.insert(orderOffers).values({
          order_id: second,
          driver_id: played.id,
          expires_at: expiresAt,
          reasons: {
            state: 'carrying',
            distance_km: 0,
            location_minutes: 0,
            arrival_at: expiresAt.toISOString(),
            food_ready_at: expiresAt.toISOString(),
            predicted_delivery_at: expiresAt.toISOString(),
            load: 1,
            late_minutes: 0,
            batched_with: null,
          },
        });
      });
      const offer = await waitFor(async () => {
        const [row] = await db.select().from(orderOffers).where(eq(orderOffers.order_id, second));
        return row && row.status !== 'pending' ? row : null;
      }, 40_000);
      expect(offer.status).toBe('accepted');
      expect(offer.decided_at?.getTime()).toBeLessThan(expiresAt.getTime());
      // Still holding the first order (its food is not ready): answered while carrying.
      const [first] = await db.select().from(orders).where(eq(orders.id, held));
      expect(first).toMatchObject({ driver_id: played.id, status: 'preparing_order' });
      // At the pass, the ready one goes with the driver while the other is still being prepared.
      await waitFor(async () => {
        const [row] = await db.select().from(orders).where(eq(orders.id, second));
        return row?.status === 'in_delivery';
      }, 60_000);
      // The simulated driver told the app when the shift ends.
      const [shift] = await db
        .select()
        .from(shifts)
        .where(and(eq(shifts.driver_id, played.id), isNull(shifts.ended_at)));
      expect(shift?.planned_end_at).not.toBeNull();
    } finally {
      await simulation.stop();
    }
  }, 150_000);
});

/** Polls `read` until it gives a value (every 150 ms, up to `ms`). */
async function waitFor<T>(read: () => Promise<T | undefined | null | false>, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
