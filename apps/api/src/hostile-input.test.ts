import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from './db/schema/index.js';
import { rowsOf } from './lib/sql.js';
import { createTestContext, type TestContext } from './test/helpers.js';

/**
 * The edges an attacker or a broken client reaches first: calendar dates PostgreSQL or JavaScript
 * cannot hold, NUL bytes (PostgreSQL text refuses them), sums past int4. Each is a translated 400,
 * never a 500, and an export never answers an empty 200 for a range that makes no sense.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let driverId = 0;
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'driver', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  driverId =
    (await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
});
afterAll(() => t.close());
const orderCount = async () =>
  Number((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from orders`))[0]?.n);

const DATE_FILTERED = () => [
  '/api/orders',
  '/api/orders/export.csv',
  '/api/end-shift-requests',
  '/api/driver-meals',
  '/api/audit-log',
  `/api/drivers/${driverId}/breaks`,
];
const EDGE_DATES = ['9999-12-31', '0000-01-01', '0001-01-01', '2026-02-30', '+020000-01-01'];

describe('dates at the edges', () => {
  it('answers every date filter with a translated 400, never a 500', async () => {
    for (const url of DATE_FILTERED()) {
      for (const date of EDGE_DATES) {
        for (const key of ['from', 'to']) {
          const res = await t.request({
            method: 'GET',
            url: `${url}?${key}=${encodeURIComponent(date)}`,
            token: tokens.admin,
            lang: 'en',
          });
          expect(res.statusCode, `${url}?${key}=${date}: ${res.body}`).toBe(400);
          expect(res.json().errors?.[key]?.[0], `${url}?${key}=${date}`).toMatch(/^(Choose a date|Invalid)/);
        }
      }
    }
  });

  it('refuses a range that ends before it starts, exports included (no empty 200)', async () => {
    for (const url of DATE_FILTERED()) {
      const res = await t.request({
        method: 'GET',
        url: `${url}?from=2026-03-10&to=2026-03-01`,
        token: tokens.admin,
        lang: 'en',
      });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().errors.to).toEqual(['The start of the period must not be after its end']);
    }
  });

  it('refuses edge dates in the dashboard, settlements and meals bodies', async () => {
    const dashboard = await t.request({
      method: 'GET',
      url: '/api/dashboard?period=custom&from=0000-01-01&to=0000-01-05',
      token: tokens.admin,
    });
    expect(dashboard.statusCode, dashboard.body).toBe(400);
    const settlement = await t.request({
      method: 'POST',
      url: '/api/settlements',
      token: tokens.admin,
      payload: { restaurant_id: 1, from: '9999-12-20', to: '9999-12-31' },
    });
    expect(settlement.statusCode, settlement.body).toBe(400);
  });
});

describe('NUL bytes', () => {
  it('refuses a NUL byte in q with a 400 on every list', async () => {
    for (const url of ['/api/orders', '/api/users', '/api/restaurants', '/api/search', '/api/audit-log']) {
      const res = await t.request({ method: 'GET', url: `${url}?q=a%00b`, token: tokens.admin, lang: 'en' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(res.json().errors.q).toEqual(['Invalid characters']);
    }
  });

  it('refuses a NUL byte in a name with a 400 under the field', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.admin,
      lang: 'en',
      payload: { name: 'Pite\u0000' },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.name).toEqual(['Invalid characters']);
    const user = await t.request({
      method: 'POST',
      url: '/api/users',
      token: tokens.admin,
      lang: 'en',
      payload: {
        first_name: 'A\u0000',
        last_name: 'B',
        email: 'nul@example.ba',
        role: 'dispatcher',
        password: 'Zu7#mostarBridge',
      },
    });
    expect(user.statusCode, user.body).toBe(400);
    expect(user.json().errors.first_name).toEqual(['Invalid characters']);
  });
});

describe('sums past int4', () => {
  it('refuses an order whose amount would not fit, with a translated 400 and nothing written', async () => {
    const [product] = await rowsOf<{ id: number; restaurant_id: number }>(
      t.database.db,
      sql`select id, restaurant_id from products where show_on_menu order by id limit 1`,
    );
    if (!product) throw new Error('the seed has products on the menu');
    const priced = await t.request({
      method: 'PATCH',
      url: `/api/products/${product.id}`,
      token: tokens.admin,
      payload: { price: 100_000_00 },
    });
    expect(priced.statusCode, priced.body).toBe(200);
    const before = await orderCount();
    // 50 lines × 99 × 100 000 KM = 49.5 billion fening: past 2^31 − 1.
    const res = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      lang: 'en',
      payload: {
        restaurant_id: product.restaurant_id,
        items: Array.from({ length: 50 }, () => ({ product_id: product.id, quantity: 99 })),
        address: 'Titova 10, Sarajevo',
        phone: '+387 61 111 222',
        lat: 43.8587,
        lng: 18.4187,
        payment: 'cash',
      },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors.items).toEqual(['An order may come to at most 50000 KM']);
    expect(await orderCount()).toBe(before);
  });
});

describe('issue 22: hostile text and dates that still reached a 500', () => {
  it('refuses a NUL byte in the board search and in the audit log filters', async () => {
    for (const url of [
      '/api/orders/lanes?q=a%00b',
      '/api/audit-log?entity=users%00',
      '/api/audit-log?action=%00',
    ]) {
      const res = await t.request({ method: 'GET', url, token: tokens.admin, lang: 'en' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(Object.values(res.json().errors ?? {}).flat(), url).toEqual(['Invalid characters']);
    }
  });

  it('refuses a location recorded in year 0 and stores none of the batch', async () => {
    const count = async () =>
      Number(
        (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from driver_locations`))[0]?.n,
      );
    const before = await count();
    for (const recorded_at of ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+01:00', '1999-12-31T23:59:59Z']) {
      const res = await t.request({
        method: 'POST',
        url: '/api/driver/locations',
        token: tokens.driver,
        lang: 'en',
        payload: {
          points: [
            { lat: 43.85, lng: 18.41, recorded_at: new Date().toISOString() },
            { lat: 43.85, lng: 18.41, recorded_at },
          ],
        },
      });
      expect(res.statusCode, `${recorded_at}: ${res.body}`).toBe(400);
      expect(res.json().errors['points.1.recorded_at'], recorded_at).toEqual([
        'Choose a date between 2000-01-01 and 2099-12-31',
      ]);
    }
    expect(await count()).toBe(before);
  });
});

describe('half a surrogate pair (found by the fuzzer)', () => {
  it('is refused under the field, not a 500 (the audit log is jsonb) nor stored as U+FFFD', async () => {
    const me = await t.request({
      method: 'PATCH',
      url: '/api/auth/me',
      token: tokens.admin,
      lang: 'en',
      payload: { first_name: '\uD800', last_name: 'Hodžić', email: 'admin@example.com' },
    });
    expect(me.statusCode, me.body).toBe(400);
    expect(me.json().errors.first_name).toEqual(['Invalid characters']);
    const category = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.admin,
      lang: 'en',
      payload: { name: 'Pite \uDC00' },
    });
    expect(category.statusCode, category.body).toBe(400);
    expect(category.json().errors.name).toEqual(['Invalid characters']);
  });
});

describe('ids are plain positive decimal integers', () => {
  const LOOSE = [
    '0x10',
    '0X10',
    '1e1',
    '0b11',
    '0o20',
    '%2012',
    '12%20',
    '%2B12',
    '12.0',
    '016',
    '-16',
    '2147483648',
  ];

  it('answers a loosely written id in a path with a 400 and deletes nothing', async () => {
    const [product] = await rowsOf<{ id: number }>(t.database.db, sql`select id from products where id = 16`);
    expect(product, 'the seed has a product 16').toBeTruthy();
    const products = async () =>
      Number((await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from products`))[0]?.n);
    const before = await products();
    for (const spelled of LOOSE) {
      const res = await t.request({
        method: 'DELETE',
        url: `/api/products/${spelled}`,
        token: tokens.admin,
        lang: 'en',
      });
      expect(res.statusCode, `DELETE /api/products/${spelled}: ${res.body}`).toBe(400);
      expect(res.json().errors.id, spelled).toBeTruthy();
    }
    expect(await products()).toBe(before);
    const still = await t.request({ method: 'GET', url: '/api/products/16', token: tokens.admin });
    expect(still.statusCode, still.body).toBe(200);
  });

  it('answers a loosely written id or page in a query or a body with a 400', async () => {
    for (const spelled of LOOSE) {
      for (const url of [
        `/api/orders?restaurant_id=${spelled}`,
        `/api/orders/lanes?driver_id=${spelled}`,
        `/api/users?restaurant_id=${spelled}`,
        `/api/audit-log?user_id=${spelled}`,
        `/api/restaurants?page=${spelled}`,
        `/api/restaurants?per_page=${spelled}`,
      ]) {
        const res = await t.request({ method: 'GET', url, token: tokens.admin });
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      }
    }
    const body = await t.request({
      method: 'PUT',
      url: '/api/categories/positions',
      token: tokens.admin,
      payload: { ids: ['0x1', '1e1'] },
    });
    expect(body.statusCode, body.body).toBe(400);
    expect(Object.keys(body.json().errors).sort()).toEqual(['ids.0', 'ids.1']);
  });

  it('still reads a plain id, in a path, a query and a JSON body', async () => {
    const res = await t.request({ method: 'GET', url: '/api/products/16', token: tokens.admin });
    expect(res.statusCode, res.body).toBe(200);
    const list = await t.request({
      method: 'GET',
      url: `/api/orders?restaurant_id=1&page=1&per_page=5`,
      token: tokens.admin,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().meta).toMatchObject({ page: 1, per_page: 5 });
  });
});
