import type { LiveEvent as BusEvent } from '@dostava/shared';
import { and, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { drivers, orders, products, users } from '../../db/schema/index.js';
import { createTestContext, readyOrder, type TestContext } from '../../test/helpers.js';

/** The order kernel's steps that some commands used to leave out (issue 35, decision 0030). */
let t: TestContext;
const tokens: Record<string, string> = {};
let restaurantId = 0;
let productId = 0;
let driverIds: number[] = [];
const events: BusEvent[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'customer'])
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
  expect(driverIds).toHaveLength(2);
  for (const id of driverIds)
    await db.update(drivers).set({ shift_state: 'available' }).where(eq(drivers.user_id, id));
  t.app.bus.subscribe((event) => events.push(event));
});
afterAll(() => t.close());

const post = (url: string, payload: Record<string, unknown>) =>
  t.request({ method: 'POST', url, token: tokens.dispatcher, lang: 'en', payload });

describe('one write sequence for every order command', () => {
  it('assigning over another driver announces the driver taken off as well as the new one', async () => {
    const id = await readyOrder(t, tokens, restaurantId, productId);
    const [first, second] = driverIds;
    expect((await post(`/api/orders/${id}/assign`, { driver_id: first })).statusCode).toBe(200);
    events.length = 0;
    expect((await post(`/api/orders/${id}/assign`, { driver_id: second, allow_busy: true })).statusCode).toBe(
      200,
    );
    await vi.waitFor(() => {
      const announced = events.filter((e) => e.type === 'driver.updated').map((e) => e.data.driver_id);
      expect(announced).toEqual(expect.arrayContaining([first, second]));
    });
  });

  it("an order's event says the risk and promise it had before the change (the at-risk lane it leaves)", async () => {
    const id = await readyOrder(t, tokens, restaurantId, productId);
    const promised = new Date(Date.now() + 60 * 60_000);
    await t.database.db
      .update(orders)
      .set({ risk_reason: 'kitchen_slow', promised_at: promised })
      .where(eq(orders.id, id));
    events.length = 0;
    expect((await post(`/api/orders/${id}/dispatch-lock`, { locked: true })).statusCode).toBe(200);
    await vi.waitFor(() => {
      const event = events.find((e) => e.type === 'order.updated' && e.data.order_id === id);
      expect(event?.data).toMatchObject({
        dispatch: true,
        previous: {
          status: 'ready_for_pickup',
          risk_reason: 'kitchen_slow',
          promised_at: promised.toISOString(),
        },
      });
    });
  });

  it('locking an order moves its version and is refused to a stale status change (no lost update)', async () => {
    const id = await readyOrder(t, tokens, restaurantId, productId);
    const before = (
      await t.request({ method: 'GET', url: `/api/orders/${id}`, token: tokens.dispatcher })
    ).json().data.version as number;
    expect((await post(`/api/orders/${id}/dispatch-lock`, { locked: true })).statusCode).toBe(200);
    const stale = await post(`/api/orders/${id}/status`, {
      status: 'cancelled',
      reason: 'customer called',
      version: before,
    });
    expect(stale.statusCode).toBe(409);
  });

  it("runs the modules' hooks inside the write: each placement and change is seen, and a failing hook undoes it", async () => {
    const seen: { type: string; id: number; from: string | null; to: string }[] = [];
    const remove = t.app.orderHooks.add(async (_tx, write) => {
      seen.push({
        type: write.type,
        id: write.order.id,
        from: write.previous?.status ?? null,
        to: write.order.status,
      });
    });
    const id = await readyOrder(t, tokens, restaurantId, productId);
    remove();
    expect(seen).toEqual([
      { type: 'order.created', id, from: null, to: 'created' },
      { type: 'order.changed', id, from: 'created', to: 'preparing_order' },
      { type: 'order.changed', id, from: 'preparing_order', to: 'ready_for_pickup' },
    ]);
    const failing = t.app.orderHooks.add(async () => {
      throw new Error('hook failed');
    });
    const refused = await post(`/api/orders/${id}/dispatch-lock`, { locked: true });
    failing();
    expect(refused.statusCode).toBe(500);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.dispatch_locked).toBe(false);
  });
});
