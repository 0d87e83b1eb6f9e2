import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, restaurants, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

// The customer app's contract: the menu says whether the restaurant takes orders now and what is out
// of stock, and placing an order where it cannot be taken is refused and stores nothing.

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0; // no schedule: open around the clock
let dveri = 0; // its hours are set here
let menu: number[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'customer']) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  dveri = (await db.select().from(restaurants).where(eq(restaurants.name, 'Restoran Dveri')))[0]?.id ?? 0;
  menu = (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
      .limit(2)
  ).map((p) => p.id);
});
afterAll(() => t.close());

const getMenu = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/restaurants/${id}/menu`, token: tokens.customer })).json()
    .data;
const place = (restaurant_id: number, productIds: number[]) =>
  t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    lang: 'en',
    payload: {
      restaurant_id,
      items: productIds.map((product_id) => ({ product_id, quantity: 1 })),
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 111 222',
      lat: 43.8587,
      lng: 18.4187,
      payment: 'cash',
    },
  });
const stored = async () => {
  const [o] = await t.database.db.select({ n: count() }).from(orders);
  const [i] = await t.database.db.select({ n: count() }).from(orderItems);
  return { orders: o?.n, items: i?.n };
};
/** 'HH:MM' on Sarajevo's clock, `hours` from now. */
const localTime = (hours: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Sarajevo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + hours * 3_600_000));
const setHours = (id: number, opens: string, closes: string) =>
  t.request({
    method: 'PUT',
    url: `/api/restaurants/${id}/hours`,
    token: tokens.admin,
    payload: {
      days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ opens, closes }] })),
      exceptions: [],
    },
  });

describe('the menu', () => {
  it('says a restaurant without a schedule takes orders, and nothing is out of stock', async () => {
    const data = await getMenu(own);
    expect(data.ordering).toEqual({
      takes_orders: true,
      reason: null,
      busy_minutes: 0,
      opens_at: null,
      closes_at: null,
    });
    const items = data.categories.flatMap((c: { products: { snoozed: boolean }[] }) => c.products);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((p: { snoozed: boolean }) => !p.snoozed)).toBe(true);
  });

  it('says closed and when it opens, paused and until when, busy with its extra minutes', async () => {
    expect((await setHours(dveri, localTime(2), localTime(3))).statusCode).toBe(200);
    const closed = (await getMenu(dveri)).ordering;
    expect(closed).toMatchObject({ takes_orders: false, reason: 'closed', closes_at: null });
    expect(Date.parse(closed.opens_at)).toBeGreaterThan(Date.now() + 3_500_000);

    await setHours(dveri, localTime(-1), localTime(3));
    const until = new Date(Date.now() + 15 * 60_000);
    await t.database.db.update(restaurants).set({ paused_until: until }).where(eq(restaurants.id, dveri));
    expect((await getMenu(dveri)).ordering).toMatchObject({
      takes_orders: false,
      reason: 'paused',
      opens_at: until.toISOString(),
    });

    await t.database.db
      .update(restaurants)
      .set({ paused_until: null, busy_minutes: 30, busy_until: new Date(Date.now() + 60 * 60_000) })
      .where(eq(restaurants.id, dveri));
    const busy = (await getMenu(dveri)).ordering;
    expect(busy).toMatchObject({ takes_orders: true, reason: null, busy_minutes: 30, opens_at: null });
    expect(Date.parse(busy.closes_at)).toBeGreaterThan(Date.now() + 2.9 * 3_600_000);
    await t.database.db
      .update(restaurants)
      .set({ busy_minutes: 0, busy_until: null })
      .where(eq(restaurants.id, dveri));
  });

  it('marks products out of stock until their snooze ends', async () => {
    const [first, second] = menu as [number, number];
    const until = new Date(Date.now() + 60 * 60_000);
    await t.database.db
      .update(products)
      .set({ snoozed: true, snoozed_until: null })
      .where(eq(products.id, first));
    await t.database.db
      .update(products)
      .set({ snoozed: true, snoozed_until: until })
      .where(eq(products.id, second));
    const items = (await getMenu(own)).categories.flatMap(
      (c: { products: { id: number; snoozed: boolean; snoozed_until: string | null }[] }) => c.products,
    );
    expect(items.find((p: { id: number }) => p.id === first)).toMatchObject({
      snoozed: true,
      snoozed_until: null,
    });
    expect(items.find((p: { id: number }) => p.id === second)).toMatchObject({
      snoozed: true,
      snoozed_until: until.toISOString(),
    });
    // A snooze that has ended is no snooze.
    await t.database.db
      .update(products)
      .set({ snoozed_until: new Date(Date.now() - 60_000) })
      .where(eq(products.id, second));
    const after = (await getMenu(own)).categories.flatMap(
      (c: { products: { id: number; snoozed: boolean; snoozed_until: string | null }[] }) => c.products,
    );
    expect(after.find((p: { id: number }) => p.id === second)).toMatchObject({
      snoozed: false,
      snoozed_until: null,
    });
    await t.database.db
      .update(products)
      .set({ snoozed: false, snoozed_until: null })
      .where(eq(products.id, first));
    await t.database.db
      .update(products)
      .set({ snoozed: false, snoozed_until: null })
      .where(eq(products.id, second));
  });
});

describe('placing an order', () => {
  const dveriProduct = async () =>
    (
      await t.database.db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.restaurant_id, dveri), eq(products.show_on_menu, true)))
        .limit(1)
    )[0]?.id ?? 0;

  it('is refused at a closed restaurant with 422 restaurant_closed, saying when it opens, storing nothing', async () => {
    const opens = localTime(2);
    await setHours(dveri, opens, localTime(3));
    const before = await stored();
    const res = await place(dveri, [await dveriProduct()]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'restaurant_closed',
      // '19:30' today, '27.11. 00:30' past midnight.
      message: expect.stringMatching(
        new RegExp(`It takes orders again at (\\d\\d\\.\\d\\d\\. )?${opens}\\.$`),
      ),
    });
    expect(await stored()).toEqual(before);
  });

  it('is refused at a paused restaurant with 422 restaurant_paused, storing nothing', async () => {
    await setHours(dveri, localTime(-1), localTime(3));
    await t.database.db
      .update(restaurants)
      .set({ paused_until: new Date(Date.now() + 30 * 60_000) })
      .where(eq(restaurants.id, dveri));
    const before = await stored();
    const res = await place(dveri, [await dveriProduct()]);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toBe('restaurant_paused');
    expect(res.json().message).toMatch(/^The restaurant has paused taking orders until \d\d:\d\d\.$/);
    expect(await stored()).toEqual(before);
    // The pause over, the order goes through.
    await t.database.db.update(restaurants).set({ paused_until: null }).where(eq(restaurants.id, dveri));
    expect((await place(dveri, [await dveriProduct()])).statusCode).toBe(201);
  });

  it('is refused with a product out of stock (422 product_snoozed, naming it), storing nothing', async () => {
    const [first, second] = menu as [number, number];
    await t.database.db.update(products).set({ snoozed: true }).where(eq(products.id, second));
    const [snoozed] = await t.database.db.select().from(products).where(eq(products.id, second));
    const before = await stored();
    const res = await place(own, [first, second]);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      error: 'product_snoozed',
      message: `Out of stock for now: ${snoozed?.name}. Remove it from the order.`,
      errors: { 'items.1.product_id': ['This product is out of stock for now'] },
    });
    expect(await stored()).toEqual(before);
    // Its snooze ended by itself: it can be ordered again.
    await t.database.db
      .update(products)
      .set({ snoozed_until: new Date(Date.now() - 1000) })
      .where(eq(products.id, second));
    expect((await place(own, [first, second])).statusCode).toBe(201);
  });
});
