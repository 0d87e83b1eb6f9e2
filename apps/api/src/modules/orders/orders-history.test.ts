import { DISPATCH_SEARCH_DAYS } from '@dostava/shared';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, orders, products, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * A dispatcher follows the live board: active orders, and (through a search) the orders of the last
 * DISPATCH_SEARCH_DAYS days. One order by its id obeys the same rule as the list, so the sequential ids
 * do not open months of customers' names, phones and addresses; what is out of reach is 404, as an id
 * that does not exist.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let driverId = 0;
/** Finished, created long before the dispatcher's window. */
let old = { id: 0, order_number: '' };
/** Finished within the window. */
let recent = { id: 0, order_number: '' };
/** Still active, though created before the window (a stuck order stays on the board). */
let stuck = { id: 0, order_number: '' };

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'manager2', 'customer']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  driverId = (await db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
  await db.update(drivers).set({ shift_state: 'available' }).where(eq(drivers.user_id, driverId));
  const menu = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
    .limit(1);
  const place = async () =>
    (
      await t.request({
        method: 'POST',
        url: '/api/orders',
        token: tokens.customer,
        payload: {
          restaurant_id: own,
          items: [{ product_id: menu[0]?.id, quantity: 1 }],
          address: 'Titova 10, Sarajevo',
          phone: '+387 61 111 222',
          lat: 43.8587,
          lng: 18.4187,
          payment: 'cash',
        },
      })
    ).json().data as { id: number; order_number: string };
  const cancel = (id: number) =>
    t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'Kupac je otkazao' },
    });
  const backdate = (id: number, days: number) =>
    db
      .update(orders)
      .set({ created_at: sql`now() - ${`${days} days`}::interval` })
      .where(eq(orders.id, id));

  old = await place();
  await cancel(old.id);
  await backdate(old.id, 60);
  recent = await place();
  await cancel(recent.id);
  stuck = await place();
  await backdate(stuck.id, DISPATCH_SEARCH_DAYS + 3);
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.request({ method: 'GET', url, token: tokens[who], lang: 'en' });
const post = (url: string, who: string, payload: object) =>
  t.request({ method: 'POST', url, token: tokens[who], lang: 'en', payload });

describe('one order by its id, for a reader without the history', () => {
  it('gives the dispatcher a recent finished order and an active one, but not an old finished one', async () => {
    expect((await get(`/api/orders/${recent.id}`, 'dispatcher')).statusCode).toBe(200);
    expect((await get(`/api/orders/${stuck.id}`, 'dispatcher')).statusCode).toBe(200);
    const hidden = await get(`/api/orders/${old.id}`, 'dispatcher');
    expect(hidden.statusCode).toBe(404);
    // Indistinguishable from an id that does not exist.
    const missing = await get('/api/orders/99999999', 'dispatcher');
    expect(hidden.json()).toEqual(missing.json());
    expect(hidden.body).not.toContain('Titova');
  });

  it('hides every old finished order of the seed from the dispatcher', async () => {
    const seeded = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(
        and(
          inArray(orders.status, ['delivered', 'cancelled', 'declined', 'returned']),
          lt(orders.created_at, sql`now() - ${`${DISPATCH_SEARCH_DAYS} days`}::interval`),
        ),
      )
      .orderBy(desc(orders.id))
      .limit(5);
    expect(seeded.length).toBeGreaterThan(0);
    for (const { id } of seeded) {
      expect((await get(`/api/orders/${id}`, 'dispatcher')).statusCode).toBe(404);
      expect((await get(`/api/orders/${id}`, 'admin')).statusCode).toBe(200);
    }
  });

  it('still gives admins every order, and restaurant staff their own restaurant history', async () => {
    for (const who of ['admin', 'appmanager', 'manager', 'employee']) {
      expect((await get(`/api/orders/${old.id}`, who)).statusCode, who).toBe(200);
      expect((await get(`/api/orders/${recent.id}`, who)).statusCode, who).toBe(200);
    }
    expect((await get(`/api/orders/${old.id}`, 'manager2')).statusCode).toBe(403);
  });

  it("refuses the dispatcher's writes and driver candidates on an old finished order as not found", async () => {
    const refusals = [
      await post(`/api/orders/${old.id}/status`, 'dispatcher', { status: 'created' }),
      await post(`/api/orders/${old.id}/assign`, 'dispatcher', { driver_id: driverId }),
      await post(`/api/orders/${old.id}/unassign`, 'dispatcher', { reason: 'x' }),
      await get(`/api/orders/${old.id}/driver-candidates`, 'dispatcher'),
    ];
    expect(refusals.map((r) => r.statusCode)).toEqual([404, 404, 404, 404]);
    // An admin reaches the same order and gets the rule's own answer.
    expect((await post(`/api/orders/${old.id}/status`, 'admin', { status: 'created' })).statusCode).toBe(422);
    expect((await get(`/api/orders/${old.id}/driver-candidates`, 'admin')).statusCode).toBe(200);
  });
});

describe('the list and the search, for a reader without the history', () => {
  const listed = async (q: string, who: string) =>
    ((await get(`/api/orders?q=${q}&per_page=100`, who)).json().data as { id: number }[]).map((o) => o.id);
  const searched = async (q: string, who: string) =>
    ((await get(`/api/search?q=${q}`, who)).json().data as { kind: string; id: number }[])
      .filter((h) => h.kind === 'order')
      .map((h) => h.id);

  it('finds the recent finished order and the active one by number, never the old finished one', async () => {
    expect(await listed(recent.order_number, 'dispatcher')).toContain(recent.id);
    expect(await listed(stuck.order_number, 'dispatcher')).toContain(stuck.id);
    expect(await listed(old.order_number, 'dispatcher')).not.toContain(old.id);
    expect(await searched(recent.order_number, 'dispatcher')).toContain(recent.id);
    expect(await searched(stuck.order_number, 'dispatcher')).toContain(stuck.id);
    expect(await searched(old.order_number, 'dispatcher')).not.toContain(old.id);
  });

  it('finds every one of them for an admin and for the restaurant', async () => {
    for (const who of ['admin', 'manager']) {
      for (const o of [old, recent, stuck]) {
        expect(await listed(o.order_number, who), who).toContain(o.id);
        expect(await searched(o.order_number, who), who).toContain(o.id);
      }
    }
  });
});
