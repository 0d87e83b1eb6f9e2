import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, driverMeals, orders, restaurants, settlements, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { expectPatchChangesOnly } from '../../test/patch.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0; // the restaurant of manager@ and employee@
let other = 0; // another restaurant

beforeAll(async () => {
  t = await createTestContext();
  for (const who of [
    'admin',
    'appmanager',
    'dispatcher',
    'manager',
    'employee',
    'manager2',
    'driver',
    'customer',
  ]) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  own = manager?.restaurant_id ?? 0;
  const [manager2] = await t.database.db.select().from(users).where(eq(users.email, 'manager2@example.com'));
  other = manager2?.restaurant_id ?? 0;
});
afterAll(() => t.close());

const valid = {
  name: 'Ćevabdžinica Test',
  address: 'Ferhadija 1, Sarajevo',
  phone: '+387 33 123 456',
  web_address: 'https://test.example.ba',
  percentage: 12.5,
  lat: 43.86,
  lng: 18.43,
};
const count = async () => (await t.database.db.select().from(restaurants)).length;

describe('GET /api/restaurants', () => {
  it('pages, sorts and searches in SQL for Admin and App Manager', async () => {
    for (const who of ['admin', 'appmanager']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/restaurants?per_page=5&sort=-name',
        token: tokens[who],
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ page: 1, per_page: 5, total: 12 });
      expect(body.data).toHaveLength(5);
      // The database's collation decides the order; descending is the exact reverse of ascending.
      const names = (sort: string) =>
        t
          .request({ method: 'GET', url: `/api/restaurants?per_page=100&sort=${sort}`, token: tokens[who] })
          .then((r) => r.json().data.map((x: { name: string }) => x.name));
      const [asc, desc] = await Promise.all([names('name'), names('-name')]);
      expect(desc).toEqual([...asc].reverse());
      expect(body.data.map((r: { name: string }) => r.name)).toEqual(desc.slice(0, 5));
      expect(body.data[0].image.file_url).toMatch(/^\/api\/uploads\/[0-9a-f-]+\.png$/);
    }
    const page3 = (
      await t.request({ method: 'GET', url: '/api/restaurants?per_page=5&page=3', token: tokens.admin })
    ).json();
    expect(page3.data).toHaveLength(2);
    const found = (
      await t.request({ method: 'GET', url: '/api/restaurants?q=ferhadija', token: tokens.admin })
    ).json();
    expect(found.data.map((r: { name: string }) => r.name).sort()).toEqual([
      'Slastičarna Egipat',
      'Vegan Kitchen Sarajevo',
    ]);
    // LIKE wildcards are text, not patterns.
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants?q=%25', token: tokens.admin })).json().meta
        .total,
    ).toBe(0);
  });

  it('lets the dispatcher read the list (the board filters by restaurant) and refuses every other role', async () => {
    const dispatcher = await t.request({ method: 'GET', url: '/api/restaurants', token: tokens.dispatcher });
    expect(dispatcher.statusCode).toBe(200);
    expect(dispatcher.json().meta.total).toBeGreaterThan(1);
    for (const who of ['manager', 'employee', 'driver', 'customer']) {
      expect(
        (await t.request({ method: 'GET', url: '/api/restaurants', token: tokens[who] })).statusCode,
        who,
      ).toBe(403);
    }
    expect((await t.request({ method: 'GET', url: '/api/restaurants' })).statusCode).toBe(401);
  });

  it('refuses bad list parameters with 400', async () => {
    for (const query of ['per_page=101', 'page=0', 'sort=password_hash', 'page=abc']) {
      const res = await t.request({
        method: 'GET',
        url: `/api/restaurants?${query}`,
        token: tokens.admin,
        lang: 'en',
      });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error).toBe('validation_failed');
    }
  });
});

describe('GET /api/restaurants/:id', () => {
  it('lets restaurant staff read their own restaurant only', async () => {
    for (const who of ['manager', 'employee']) {
      expect(
        (await t.request({ method: 'GET', url: `/api/restaurants/${own}`, token: tokens[who] })).statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: `/api/restaurants/${other}`, token: tokens[who] })).statusCode,
      ).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/restaurants/${other}`, token: tokens.admin })).statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/restaurants/${own}`, token: tokens.dispatcher }))
        .statusCode,
    ).toBe(403);
  });

  it('answers 404 for a missing restaurant and 400 for a malformed id', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants/99999', token: tokens.admin })).statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants/abc', token: tokens.admin })).statusCode,
    ).toBe(400);
  });
});

describe('POST /api/restaurants', () => {
  it('creates for Admin and App Manager and writes the audit log', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      token: tokens.appmanager,
      payload: valid,
    });
    expect(res.statusCode).toBe(201);
    const created = res.json().data;
    expect(created).toMatchObject({ ...valid, image: null });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'restaurants'), eq(auditLog.entity_id, String(created.id))));
    expect(entry).toMatchObject({ action: 'create', actor_role: 'app_manager', before: null });
    expect(entry?.after).toMatchObject({ name: valid.name });
  });

  it('refuses restaurant staff and dispatchers, and changes nothing', async () => {
    const before = await count();
    for (const who of ['manager', 'employee', 'dispatcher']) {
      expect(
        (await t.request({ method: 'POST', url: '/api/restaurants', token: tokens[who], payload: valid }))
          .statusCode,
      ).toBe(403);
    }
    expect(await count()).toBe(before);
  });

  it('answers bad input with the seed messages under each field, and changes nothing', async () => {
    const before = await count();
    const res = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      token: tokens.admin,
      lang: 'en',
      payload: {
        name: ' ',
        address: '',
        phone: 'call me',
        web_address: 'not a url',
        percentage: 140,
        lat: 100,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      name: ['This field is required'],
      address: ['This field is required'],
      phone: ['Please eneter valid format of phone number.'],
      web_address: ['Must be a valid url'],
      percentage: ['Must be at most 100'],
      lat: ['Must be at most 90'],
    });
    const bs = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      token: tokens.admin,
      payload: { ...valid, phone: 'x' },
    });
    expect(bs.json().errors.phone).toEqual(['Molimo unesite ispravan format broja telefona.']);
    const long = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      token: tokens.admin,
      lang: 'en',
      payload: { ...valid, name: 'x'.repeat(121) },
    });
    expect(long.json().errors.name).toEqual(['Must be at most 120 characters']);
    const image = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      token: tokens.admin,
      payload: { ...valid, image_id: 424242 },
    });
    expect(image.statusCode).toBe(400);
    expect(Object.keys(image.json().errors)).toEqual(['image_id']);
    expect(await count()).toBe(before);
  });
});

describe('PATCH /api/restaurants/:id', () => {
  it('lets the manager edit their own restaurant but not another', async () => {
    const mine = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
      payload: { phone: '+387 33 999 000' },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.phone).toBe('+387 33 999 000');
    const theirs = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${other}`,
      token: tokens.manager,
      payload: { phone: '+387 33 999 000' },
    });
    expect(theirs.statusCode).toBe(403);
    const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, other));
    expect(row?.phone).not.toBe('+387 33 999 000');
  });

  it('refuses the employee (read only) and the dispatcher', async () => {
    for (const who of ['employee', 'dispatcher']) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/restaurants/${own}`,
        token: tokens[who],
        payload: { name: 'Hacked' },
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it('lets only Admin and App Manager change the commission; the manager gets a translated 403', async () => {
    const percentage = async () =>
      Number((await t.database.db.select().from(restaurants).where(eq(restaurants.id, own)))[0]?.percentage);
    const start = await percentage();
    const byManager = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
      lang: 'en',
      payload: { percentage: 0, name: 'Bez provizije' },
    });
    expect(byManager.statusCode).toBe(403);
    expect(byManager.json()).toMatchObject({
      error: 'commission_admin_only',
      message: 'Only an Admin or App Manager can change the commission of a restaurant.',
    });
    expect(await percentage()).toBe(start);
    const [row] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, own));
    expect(row?.name).not.toBe('Bez provizije');
    // The form sends the unchanged value back with the other fields: that is no change of it.
    const unchanged = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
      payload: { percentage: start, address: 'Titova 2, Sarajevo' },
    });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    for (const [who, value] of [
      ['admin', 11.25],
      ['appmanager', 9.5],
    ] as const) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/restaurants/${own}`,
        token: tokens[who],
        payload: { percentage: value },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await percentage()).toBe(value);
    }
    // Another restaurant's commission stays out of reach too (403 before any field is looked at).
    const theirs = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${other}`,
      token: tokens.manager,
      payload: { percentage: 1 },
    });
    expect(theirs.statusCode).toBe(403);
  });

  it('records before and after in the audit log', async () => {
    await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${other}`,
      token: tokens.admin,
      payload: { percentage: 19.75 },
    });
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'restaurants'),
          eq(auditLog.entity_id, String(other)),
          eq(auditLog.action, 'update'),
        ),
      );
    const last = entries.at(-1);
    expect(last?.after).toMatchObject({ percentage: 19.75 });
    expect(last?.before).not.toMatchObject({ percentage: 19.75 });
  });
});

describe('DELETE /api/restaurants/:id', () => {
  it('deletes after Admin asks; 404 afterwards', async () => {
    const created = (
      await t.request({ method: 'POST', url: '/api/restaurants', token: tokens.admin, payload: valid })
    ).json().data;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/restaurants/${created.id}`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/restaurants/${created.id}`, token: tokens.admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/restaurants/${created.id}`, token: tokens.admin }))
        .statusCode,
    ).toBe(404);
  });

  it('refuses to delete a restaurant that still has staff, saying how many', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/restaurants/${own}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'restaurant_in_use',
      message: 'This restaurant still has 2 users and cannot be deleted.',
    });
  });
  it('refuses to delete a restaurant with orders, settlements or meal claims, keeping it (was a 500)', async () => {
    const db = t.database.db;
    const del = (id: number, lang = 'en') =>
      t.request({ method: 'DELETE', url: `/api/restaurants/${id}`, token: tokens.admin, lang });
    const fresh = async () =>
      (
        await t.request({ method: 'POST', url: '/api/restaurants', token: tokens.admin, payload: valid })
      ).json().data.id as number;
    const [driver] = await db.select().from(users).where(eq(users.email, 'driver@example.com'));
    // Every seeded restaurant has staff (refused for that already): a new one takes over an order.
    const withOrders = await fresh();
    const [anOrder] = await db.select({ id: orders.id }).from(orders).limit(1);
    await db
      .update(orders)
      .set({ restaurant_id: withOrders })
      .where(eq(orders.id, anOrder?.id ?? 0));
    const withSettlement = await fresh();
    await db.insert(settlements).values({
      restaurant_id: withSettlement,
      period_from: '2026-01-01',
      period_to: '2026-01-31',
      percentage: 12.5,
      orders_count: 0,
      restaurant_amount: 0,
      commission: 0,
      restaurant_total_amount: 0,
      meals_amount: 0,
      net_amount: 0,
    });
    const withMeal = await fresh();
    await db
      .insert(driverMeals)
      .values({ driver_id: driver?.id ?? 0, restaurant_id: withMeal, date: '2026-01-05', amount: 800 });
    for (const id of [withOrders, withSettlement, withMeal]) {
      const res = await del(id);
      expect(res.statusCode, `restaurant ${id}: ${res.body}`).toBe(409);
      expect(res.json()).toEqual({
        error: 'has_history',
        message:
          'This restaurant has orders, settlements or meal claims that must be kept, so it cannot be deleted. To stop new orders, take its products off the menu.',
      });
      expect((await db.select().from(restaurants).where(eq(restaurants.id, id))).length).toBe(1);
    }
    expect((await del(withMeal, 'bs')).json().message).toMatch(/^Ovaj restoran ima narudžbe/);
  });
});

describe('GET /api/search', () => {
  it('finds restaurants for Admin, only the own restaurant for its staff, nothing for the dispatcher', async () => {
    const admin = (
      await t.request({ method: 'GET', url: '/api/search?q=sarajevo', token: tokens.admin })
    ).json().data;
    expect(admin.length).toBeGreaterThan(3);
    expect(admin[0]).toMatchObject({
      kind: 'restaurant',
      path: expect.stringMatching(/^\/restaurant\/\d+$/),
    });
    const staff = (
      await t.request({ method: 'GET', url: '/api/search?q=sarajevo', token: tokens.employee })
    ).json().data;
    expect(staff.map((h: { id: number }) => h.id)).toEqual([own]);
    const dispatcher = (
      await t.request({ method: 'GET', url: '/api/search?q=sarajevo', token: tokens.dispatcher })
    ).json().data;
    expect(dispatcher).toEqual([]);
    expect((await t.request({ method: 'GET', url: '/api/search?q=', token: tokens.admin })).statusCode).toBe(
      400,
    );
  });
});

describe('partial updates of restaurants', () => {
  it('a PATCH changes only the fields it names: web address, position and commission stay', async () => {
    const url = `/api/restaurants/${own}`;
    await expectPatchChangesOnly(t, tokens.admin as string, url, {
      web_address: 'https://ostaje.example.ba',
      lat: 43.85,
      lng: 18.41,
      percentage: 17.5,
    });
    const after = await expectPatchChangesOnly(t, tokens.manager as string, url, {
      phone: '+387 33 999 888',
    });
    expect(after).toMatchObject({ web_address: 'https://ostaje.example.ba', lat: 43.85, percentage: 17.5 });
  });
});
