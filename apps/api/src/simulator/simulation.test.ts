import { ACTIVE_STATUSES } from '@dostava/shared';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  drivers,
  orderOffers,
  orderProofs,
  orders,
  proofSettings,
  restaurantProofKinds,
  restaurants,
  shifts,
} from '../db/schema/index.js';
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
  });
  afterAll(() => ctx?.close());

  it('drivers report incidents on their own deliveries when told to', async () => {
    const lines: string[] = [];
    const simulation = new Simulation(
      parseOptions(
        [
          '--url',
          url,
          '--drivers',
          '3',
          '--rate',
          '120',
          '--pace',
          '0.02',
          '--interval',
          '0.3',
          '--incidents',
          '1',
        ],
        {},
      ),
      (line) => lines.push(line),
    );
    await simulation.start();
    try {
      await vi.waitFor(() => expect(lines.some((l) => / reported [a-z_]+ on D/.test(l))).toBe(true), {
        timeout: 150_000,
        interval: 250,
      });
    } finally {
      await simulation.stop();
    }
    const reported = await ctx.database.db.execute(
      sql`select i.reporter_role, o.driver_id = i.reporter_id as own from incidents i join orders o on o.id = i.order_id`,
    );
    const rows = (reported as unknown as { rows: { reporter_role: string; own: boolean }[] }).rows;
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.reporter_role === 'driver' && r.own)).toBe(true);
  });

  // A whole delivery (kitchen, pick-up, the drive) takes a while on a loaded machine: 300 s.
  it('drivers give the proof of delivery the settings require', async () => {
    const db = ctx.database.db;
    const [first, second] = await db.select({ id: restaurants.id }).from(restaurants).orderBy(restaurants.id);
    await db
      .insert(proofSettings)
      .values({ id: 1, default_kind: 'pin' })
      .onConflictDoUpdate({
        target: proofSettings.id,
        set: { default_kind: 'pin' },
      });
    // The drivers must carry this run's own orders. One placed before it (the seed's, or the test
    // before's, left active when its simulation stopped) has no PIN the run knows, so the dispatcher
    // confirms it without a proof. Under load those alone filled the drivers' 280 s (1 proof of 3).
    await db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(inArray(orders.status, [...ACTIVE_STATUSES]));
    await db.delete(restaurantProofKinds);
    await db.insert(restaurantProofKinds).values([
      { restaurant_id: first?.id ?? 0, kind: 'photo' },
      { restaurant_id: second?.id ?? 0, kind: 'signature' },
    ]);
    const recorded = () =>
      db
        .select({ proof: orderProofs, driver_id: orders.driver_id, status: orders.status })
        .from(orderProofs)
        .innerJoin(orders, eq(orders.id, orderProofs.order_id))
        .where(isNotNull(orderProofs.recorded_at));
    const simulation = new Simulation(
      parseOptions(
        [
          '--url',
          url,
          '--drivers',
          '3',
          '--rate',
          '30',
          '--pace',
          '0.02',
          '--interval',
          '0.3',
          '--incidents',
          '0',
        ],
        {},
      ),
      () => undefined,
    );
    await simulation.start();
    try {
      await vi.waitFor(async () => expect((await recorded()).length).toBeGreaterThanOrEqual(3), {
        timeout: 280_000,
        interval: 500,
      });
    } finally {
      await simulation.stop();
      await db.update(proofSettings).set({ default_kind: 'none' });
      await db.delete(restaurantProofKinds);
    }
    for (const { proof, driver_id, status } of await recorded()) {
      expect(status).toBe('delivered');
      expect(proof.driver_id).toBe(driver_id);
      expect(proof.lat).not.toBeNull();
      if (proof.required === 'pin') expect(proof.pin_confirmed).toBe(true);
      if (proof.required === 'photo') expect(proof.photo_id !== null || proof.photo_pending).toBe(true);
      if (proof.required === 'signature') expect(proof.signature_id).not.toBeNull();
    }
  }, 300_000);

  it('places orders, moves drivers and stops cleanly', async () => {
    const token = (await ctx.signIn('admin@example.com')).access_token;
    const count = async () =>
      (await ctx.request({ method: 'GET', url: '/api/orders?per_page=1', token })).json().meta
        .total as number;
    type Located = { id: number; shift_state: string; last_location_at: string | null };
    const located = async () =>
      (await ctx.request({ method: 'GET', url: '/api/drivers/locations', token })).json().data as Located[];
    const before = await count();
    const seenBefore = new Map((await located()).map((d) => [d.id, d.last_location_at]));
    const lines: string[] = [];
    const simulation = new Simulation(
      parseOptions(
        ['--url', url, '--drivers', '3', '--rate', '120', '--pace', '0.02', '--interval', '0.3'],
        {},
      ),
      (line) => lines.push(line),
    );
    await simulation.start();
    /** The played drivers: their location moved since the simulation started. */
    const moved = async () =>
      (await located()).filter((d) => d.last_location_at && d.last_location_at !== seenBefore.get(d.id));
    try {
      // Each step waits for what it needs, not for a time: on a loaded machine a kitchen's first
      // acceptance can take many times as long as on a quiet one.
      await vi.waitFor(
        async () => {
          expect(lines.some((l) => / ordered D/.test(l))).toBe(true);
          expect(lines.some((l) => /accepted, preparing/.test(l))).toBe(true);
          expect((await moved()).length).toBeGreaterThanOrEqual(3);
          // The operation is in manual mode: drivers take only what is assigned or offered to them,
          // so the played dispatcher gives an order to a driver.
          expect(lines.some((l) => /the dispatcher assigned D/.test(l))).toBe(true);
        },
        { timeout: 90_000, interval: 250 },
      );
    } finally {
      await simulation.stop();
    }

    expect(await count()).toBeGreaterThan(before);
    expect(lines.at(-1)).toMatch(/stopped: \d+ orders placed/);
    // The played drivers are on the map, none left on a break.
    const played = await moved();
    expect(played.length).toBeGreaterThanOrEqual(3);
    expect(played.filter((d) => d.shift_state === 'on_break')).toEqual([]);
    expect(lines.filter((l) => /error|failed/i.test(l))).toEqual([]);
  }, 180_000);
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

/** Waits until `read` gives a value (polled every 150 ms, up to `ms`). */
function waitFor<T>(read: () => Promise<T | undefined | null | false>, ms = 60_000): Promise<T> {
  return vi.waitFor(
    async () => {
      const value = await read();
      if (!value) throw new Error('not yet');
      return value;
    },
    { timeout: ms, interval: 150 },
  );
}
