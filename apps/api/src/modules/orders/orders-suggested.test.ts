import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.js';
import { createTestContext, readyOrder as placeReadyOrder, type TestContext } from '../../test/helpers.js';
import { dispatchScene } from '../dispatch/dispatch-scene.js';

/**
 * Suggest mode at saturation (issue 33): one free driver, three orders ready in suggest mode and an
 * older one in manual mode. The board can show only the order dispatch suggests a driver for, and puts
 * it first; both need the dispatch permission.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
let restaurant = 0;
let product = 0;
/** The seeded manager's restaurant, left in manual mode. */
let manual = 0;
const waiting: number[] = [];
let older = 0;

const readyOrder = (restaurantId: number, productId: number) =>
  placeReadyOrder(t, tokens, restaurantId, productId);

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  const scene = await dispatchScene(db, 'Suggest saturation', 1);
  restaurant = scene.restaurant;
  product = scene.product;
  manual =
    (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  expect(
    (
      await t.request({
        method: 'PUT',
        url: `/api/restaurants/${restaurant}/dispatch-mode`,
        token: tokens.admin,
        payload: { mode: 'suggest' },
      })
    ).statusCode,
  ).toBe(200);
  // Every order the seed left active is out of the way.
  await db
    .update(orders)
    .set({ status: 'cancelled' })
    .where(sql`${orders.status} not in ('delivered', 'cancelled', 'declined', 'returned')`);
  for (let i = 0; i < 3; i++) waiting.push(await readyOrder(restaurant, product));
  const menu = (
    await t.request({ method: 'GET', url: `/api/restaurants/${manual}/menu`, token: tokens.customer })
  ).json().data;
  older = await readyOrder(manual, menu.categories[0].products[0].id);
  // Ready for twenty minutes: the most urgent order of the lane, with no suggestion (manual mode).
  await db
    .update(orders)
    .set({ status_changed_at: sql`now() - interval '20 minutes'` })
    .where(and(eq(orders.id, older)));
}, 180_000);
afterAll(() => t.close());

const list = (query: string, token = tokens.dispatcher, lang = 'en') =>
  t.request({ method: 'GET', url: `/api/orders?${query}`, token, lang });
const ids = (res: { json: () => { data: { id: number }[] } }) => res.json().data.map((o) => o.id);

describe('the board in suggest mode', () => {
  it('shows only the orders with a suggestion, and puts them first', async () => {
    const suggested = (
      await t.request({ method: 'GET', url: '/api/dispatch/suggestions', token: tokens.dispatcher })
    ).json().data.items as { order_id: number }[];
    // One free driver: one order of the three gets him this round.
    expect(suggested).toHaveLength(1);
    const [one] = suggested.map((s) => s.order_id);
    expect(waiting).toContain(one);

    const only = await list('lane=ready_no_driver&suggested=true&sort=suggestion');
    expect(only.statusCode).toBe(200);
    expect(ids(only)).toEqual([one]);
    expect(only.json().meta.total).toBe(1);

    const byUrgency = ids(await list('lane=ready_no_driver&sort=urgency'));
    expect(byUrgency[0]).toBe(older);
    expect(byUrgency).toHaveLength(4);
    const first = ids(await list('lane=ready_no_driver&sort=suggestion'));
    expect(first[0]).toBe(one);
    expect(first.slice(1)).toEqual(byUrgency.filter((id) => id !== one));
    // Paged: the second page of one row goes on by urgency.
    expect(ids(await list('lane=ready_no_driver&sort=suggestion&per_page=1&page=2'))).toEqual([older]);
  });

  it('refuses the filter and the sort to those who do not dispatch, and a bad value', async () => {
    for (const query of ['suggested=true', 'sort=suggestion'])
      expect((await list(query, tokens.manager)).statusCode).toBe(403);
    const bad = await list('suggested=yes', tokens.dispatcher, 'bs');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.suggested).toEqual(['Odaberite jednu od ponuđenih vrijednosti']);
    // The export takes no suggestions: the parameter is unknown there.
    expect(
      (await t.request({ method: 'GET', url: '/api/orders/export.csv?suggested=true', token: tokens.admin }))
        .statusCode,
    ).not.toBe(500);
  });
});
