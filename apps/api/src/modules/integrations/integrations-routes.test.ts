import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  auditLog,
  integrationOrders,
  integratorKeys,
  integrators,
  orders,
  products,
  restaurantHours,
  restaurants,
  users,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { HERE } from '../dispatch/dispatch-scene.js';

// Issue 40: integrators' API keys. Admins alone manage them; a key does only what its scopes say, only
// at its restaurants (another restaurant's order, product or state is not found), is refused on every
// instance the moment it is revoked, and every call is audited as the integrator.

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0; // restaurant A: the manager's, open around the clock
let other = 0; // restaurant B
let ownProduct = 0;
let otherProduct = 0;
let integratorId = 0;
let fullKey = '';

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  // B takes orders around the clock too, so its order below is placed at any hour of the run.
  await db.delete(restaurantHours).where(eq(restaurantHours.restaurant_id, other));
  const onMenu = (id: number) =>
    db
      .select({ id: products.id })
      .from(products)
      .where(
        and(eq(products.restaurant_id, id), eq(products.show_on_menu, true), eq(products.snoozed, false)),
      )
      .limit(1);
  ownProduct = (await onMenu(own))[0]?.id ?? 0;
  otherProduct = (await onMenu(other))[0]?.id ?? 0;
  const created = await t.request({
    method: 'POST',
    url: '/api/integrators',
    token: tokens.admin,
    payload: { name: 'Kasa POS', contact_email: 'dev@kasa.example', contact_name: 'Dino' },
  });
  expect(created.statusCode).toBe(201);
  integratorId = created.json().data.id;
  fullKey = await newKey(
    ['orders.create', 'orders.read', 'orders.status', 'menu.write', 'products.snooze', 'restaurant.pause'],
    [own],
  );
});
afterAll(() => t.close());

async function newKey(scopes: string[], restaurant_ids: number[], extra: Record<string, unknown> = {}) {
  const res = await t.request({
    method: 'POST',
    url: `/api/integrators/${integratorId}/keys`,
    token: tokens.admin,
    payload: { name: 'Kasa', scopes, restaurant_ids, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.secret as string;
}

const orderBody = (restaurant_id: number, product_id: number, extra: Record<string, unknown> = {}) => ({
  restaurant_id,
  items: [{ product_id, quantity: 2 }],
  address: 'Titova 10, Sarajevo',
  phone: '+387 61 111 222',
  lat: HERE.lat + 0.01,
  lng: HERE.lng + 0.01,
  payment: 'card',
  customer_name: 'Ana',
  ...extra,
});

const call = (
  key: string | undefined,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
  lang?: string,
  app?: FastifyInstance,
) =>
  (app ?? t.app).inject({
    method,
    url,
    headers: {
      ...(key ? { authorization: `Bearer ${key}` } : {}),
      ...(lang ? { 'accept-language': lang } : {}),
      ...headers,
    },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

let idem = 0;
const nextIdem = () => `test-order-${Date.now()}-${++idem}`;
const place = (key: string, body: unknown, idempotencyKey = nextIdem()) =>
  call(key, 'POST', '/api/integration/orders', body, { 'idempotency-key': idempotencyKey });

describe('integrators and keys: Admins only', () => {
  it.each(['appmanager', 'dispatcher', 'manager', 'employee'])('%s is refused (403)', async (who) => {
    for (const [method, url] of [
      ['GET', '/api/integrators'],
      ['POST', '/api/integrators'],
      ['GET', `/api/integrators/${integratorId}/keys`],
      ['POST', `/api/integrators/${integratorId}/keys`],
      ['GET', '/api/webhook-endpoints'],
    ] as const) {
      const res = await t.request({
        method,
        url,
        token: tokens[who],
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${who} ${method} ${url}`).toBe(403);
    }
  });

  it('lists integrators with their active keys, and refuses a name taken (409, translated)', async () => {
    const list = await t.request({ method: 'GET', url: '/api/integrators?q=kasa', token: tokens.admin });
    expect(list.json().data).toEqual([expect.objectContaining({ id: integratorId, name: 'Kasa POS' })]);
    expect(list.json().data[0].active_keys).toBeGreaterThanOrEqual(1);
    const again = await t.request({
      method: 'POST',
      url: '/api/integrators',
      token: tokens.admin,
      lang: 'en',
      payload: { name: 'kasa pos', contact_email: 'x@kasa.example' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors.name).toEqual(['An integrator with this name already exists.']);
  });

  it('refuses bad key input with translated field errors, and writes nothing', async () => {
    const before = (await t.database.db.select({ n: count() }).from(integratorKeys))[0]?.n;
    const res = await t.request({
      method: 'POST',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
      payload: { name: 'x', scopes: ['orders.delete'], restaurant_ids: [999999] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['scopes.0']).toEqual(['Nepoznato ovlaštenje.']);
    const unknownRestaurant = await t.request({
      method: 'POST',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
      lang: 'en',
      payload: { name: 'x', scopes: ['orders.read'], restaurant_ids: [999999] },
    });
    expect(unknownRestaurant.statusCode).toBe(400);
    expect(Object.keys(unknownRestaurant.json().errors)).toEqual(['restaurant_ids.0']);
    expect((await t.database.db.select({ n: count() }).from(integratorKeys))[0]?.n).toBe(before);
  });

  it('shows the secret once, stores only its hash, and lists the key by its prefix', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
      payload: { name: 'Shown once', scopes: ['orders.read'], restaurant_ids: [own] },
    });
    const created = res.json().data;
    expect(created.secret).toMatch(/^dsk_[a-z0-9]{10}_/);
    expect(created.secret.startsWith(created.prefix)).toBe(true);
    expect(created.restaurants).toEqual([expect.objectContaining({ id: own })]);
    const [row] = await t.database.db.select().from(integratorKeys).where(eq(integratorKeys.id, created.id));
    expect(row?.key_hash).not.toContain(created.secret);
    expect(JSON.stringify(row)).not.toContain(created.secret.slice(15));
    const list = await t.request({
      method: 'GET',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
    });
    expect(list.body).not.toContain(created.secret.slice(15));
    expect(list.json().data.find((k: { id: number }) => k.id === created.id)).toMatchObject({
      prefix: created.prefix,
      state: 'active',
      last_used_at: null,
    });
  });
});

describe('a key', () => {
  it('is required: none, a forged one, or a staff token is refused (401, translated)', async () => {
    const none = await call(undefined, 'GET', '/api/integration/orders/1', undefined, {}, 'en');
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({
      error: 'api_key_invalid',
      message: 'The API key is missing or not valid.',
    });
    const forged = await call(`${fullKey.slice(0, -4)}AAAA`, 'GET', '/api/integration/orders/1');
    expect(forged.statusCode).toBe(401);
    const staff = await call(tokens.admin, 'GET', '/api/integration/orders/1');
    expect(staff.statusCode).toBe(401);
  });

  it('does only what its scopes allow (403 scope_missing)', async () => {
    const readOnly = await newKey(['orders.read'], [own]);
    const res = await place(readOnly, orderBody(own, ownProduct));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('scope_missing');
    for (const [method, url, payload] of [
      ['PUT', `/api/integration/restaurants/${own}/capacity`, { mode: 'normal' }],
      ['POST', `/api/integration/products/${ownProduct}/snooze`, { mode: 'manual' }],
      ['PATCH', `/api/integration/products/${ownProduct}`, { price: 100 }],
      ['POST', '/api/integration/orders/1/status', { status: 'preparing_order' }],
    ] as const) {
      expect((await call(readOnly, method, url, payload)).statusCode, url).toBe(403);
    }
  });

  it("never reaches another restaurant: B's order, product and state are not found", async () => {
    const placed = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      payload: orderBody(other, otherProduct),
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const bOrder = placed.json().data.id;
    expect((await call(fullKey, 'GET', `/api/integration/orders/${bOrder}`)).statusCode).toBe(404);
    const move = await call(fullKey, 'POST', `/api/integration/orders/${bOrder}/status`, {
      status: 'preparing_order',
    });
    expect(move.statusCode).toBe(404);
    expect((await place(fullKey, orderBody(other, otherProduct))).statusCode).toBe(404);
    expect(
      (await call(fullKey, 'POST', '/api/integration/orders/quote', orderBody(other, otherProduct)))
        .statusCode,
    ).toBe(404);
    expect(
      (await call(fullKey, 'PATCH', `/api/integration/products/${otherProduct}`, { price: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call(fullKey, 'POST', `/api/integration/products/${otherProduct}/snooze`, { mode: 'manual' }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await call(fullKey, 'PUT', `/api/integration/restaurants/${other}/capacity`, {
          mode: 'paused',
          minutes: 15,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await call(fullKey, 'POST', `/api/integration/restaurants/${other}/products`, {
          name: 'X',
          price: 100,
          category_id: 1,
        })
      ).statusCode,
    ).toBe(404);
    const [b] = await t.database.db.select().from(orders).where(eq(orders.id, bOrder));
    expect(b?.status).toBe('created');
    const [bRestaurant] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, other));
    expect(bRestaurant?.paused_until).toBeNull();
  });

  it('is refused on every instance the moment it is revoked', async () => {
    const key = await newKey(['orders.read'], [own]);
    const second = await buildApp(t.config, { database: t.database, logger: false });
    await second.ready();
    try {
      const placed = await place(fullKey, orderBody(own, ownProduct));
      const id = placed.json().data.id;
      expect(
        (await call(key, 'GET', `/api/integration/orders/${id}`, undefined, {}, undefined, second))
          .statusCode,
      ).toBe(200);
      const [row] = await t.database.db
        .select()
        .from(integratorKeys)
        .where(eq(integratorKeys.prefix, key.slice(4, 14)));
      const revoked = await t.request({
        method: 'POST',
        url: `/api/integrator-keys/${row?.id}/revoke`,
        token: tokens.admin,
      });
      expect(revoked.json().data.state).toBe('revoked');
      const after = await call(key, 'GET', `/api/integration/orders/${id}`, undefined, {}, 'en', second);
      expect(after.statusCode).toBe(401);
      expect(after.json()).toMatchObject({
        error: 'api_key_revoked',
        message: 'This API key has been revoked or has expired.',
      });
      expect((await call(key, 'GET', `/api/integration/orders/${id}`)).statusCode).toBe(401);
    } finally {
      await second.close();
    }
  });

  it('rotates with an overlap: old and new both work, then only the new one once the overlap is 0', async () => {
    const key = await newKey(['orders.read'], [own]);
    const placed = await place(fullKey, orderBody(own, ownProduct));
    const url = `/api/integration/orders/${placed.json().data.id}`;
    const [row] = await t.database.db
      .select()
      .from(integratorKeys)
      .where(eq(integratorKeys.prefix, key.slice(4, 14)));
    const rotated = await t.request({
      method: 'POST',
      url: `/api/integrator-keys/${row?.id}/rotate`,
      token: tokens.admin,
      payload: { overlap_hours: 2 },
    });
    expect(rotated.statusCode).toBe(201);
    const next = rotated.json().data;
    expect(next).toMatchObject({ rotated_from_id: row?.id, scopes: ['orders.read'], state: 'active' });
    expect((await call(key, 'GET', url)).statusCode).toBe(200);
    expect((await call(next.secret, 'GET', url)).statusCode).toBe(200);
    const keys = await t.request({
      method: 'GET',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
    });
    expect(keys.json().data.find((k: { id: number }) => k.id === row?.id).state).toBe('expiring');
    // An expiring key is not rotated again; the new one is, with no overlap: it stops at once.
    const twice = await t.request({
      method: 'POST',
      url: `/api/integrator-keys/${row?.id}/rotate`,
      token: tokens.admin,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
    const third = await t.request({
      method: 'POST',
      url: `/api/integrator-keys/${next.id}/rotate`,
      token: tokens.admin,
      payload: { overlap_hours: 0 },
    });
    expect((await call(next.secret, 'GET', url)).statusCode).toBe(401);
    expect((await call(third.json().data.secret, 'GET', url)).statusCode).toBe(200);
  });

  it('stops with its integrator: a deactivated integrator’s keys are refused until it is active again', async () => {
    const url = '/api/integration/orders/999999';
    expect((await call(fullKey, 'GET', url)).statusCode).toBe(404);
    const off = await t.request({
      method: 'PATCH',
      url: `/api/integrators/${integratorId}`,
      token: tokens.admin,
      payload: { is_active: false },
    });
    expect(off.json().data.is_active).toBe(false);
    expect((await call(fullKey, 'GET', url)).statusCode).toBe(401);
    // A patch naming another field leaves it inactive (no default re-activates it).
    await t.request({
      method: 'PATCH',
      url: `/api/integrators/${integratorId}`,
      token: tokens.admin,
      payload: { contact_name: 'Dino' },
    });
    expect((await call(fullKey, 'GET', url)).statusCode).toBe(401);
    await t.request({
      method: 'PATCH',
      url: `/api/integrators/${integratorId}`,
      token: tokens.admin,
      payload: { is_active: true },
    });
    expect((await call(fullKey, 'GET', url)).statusCode).toBe(404);
  });

  it('shows when it was last used', async () => {
    const keys = await t.request({
      method: 'GET',
      url: `/api/integrators/${integratorId}/keys`,
      token: tokens.admin,
    });
    const used = keys.json().data.find((k: { prefix: string }) => fullKey.startsWith(k.prefix));
    expect(used.last_used_at).not.toBeNull();
  });

  it('has its own rate limit', async () => {
    const key = await newKey(['orders.read'], [own], { rate_limit_per_minute: 2 });
    const codes: number[] = [];
    for (let i = 0; i < 3; i++)
      codes.push((await call(key, 'GET', '/api/integration/orders/999999')).statusCode);
    expect(codes).toEqual([404, 404, 429]);
    // Another key is not limited by it.
    expect((await call(fullKey, 'GET', '/api/integration/orders/999999')).statusCode).toBe(404);
  });
});

describe('orders from an integrator', () => {
  it('quotes without writing, with the server’s prices', async () => {
    const before = (await t.database.db.select({ n: count() }).from(orders))[0]?.n;
    const res = await call(fullKey, 'POST', '/api/integration/orders/quote', orderBody(own, ownProduct));
    expect(res.statusCode, res.body).toBe(200);
    const [product] = await t.database.db.select().from(products).where(eq(products.id, ownProduct));
    const quote = res.json().data;
    expect(quote.items_amount).toBe((product?.price ?? 0) * 2);
    expect(quote.total).toBe(quote.items_amount + quote.delivery_costs);
    expect((await t.database.db.select({ n: count() }).from(orders))[0]?.n).toBe(before);
  });

  it('places one order for 20 parallel retries of one Idempotency-Key', async () => {
    const key = nextIdem();
    const body = orderBody(own, ownProduct, { external_id: 'POS-77' });
    const answers = await Promise.all(Array.from({ length: 20 }, () => place(fullKey, body, key)));
    const ids = new Set(answers.map((a) => a.json().data?.id));
    expect(
      answers.map((a) => a.statusCode).every((c) => c === 200 || c === 201),
      answers.map((a) => a.body).join('\n'),
    ).toBe(true);
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(ids.size).toBe(1);
    const [id] = [...ids];
    const rows = await t.database.db
      .select()
      .from(integrationOrders)
      .where(
        and(eq(integrationOrders.integrator_id, integratorId), eq(integrationOrders.idempotency_key, key)),
      );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.order_id).toBe(id);
    const replay = answers.find((a) => a.statusCode === 200);
    expect(replay?.headers['idempotent-replayed']).toBe('true');
    // The order is the integrator's: placed as its account, audited nowhere else.
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    const [integrator] = await t.database.db
      .select()
      .from(integrators)
      .where(eq(integrators.id, integratorId));
    expect(order?.customer_id).toBe(integrator?.user_id);
    // The same key with another order is refused, and places nothing.
    const reused = await place(fullKey, orderBody(own, ownProduct, { address: 'Drugo 1' }), key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error).toBe('idempotency_key_reused');
  });

  it('refuses an order without an Idempotency-Key (400, translated) and an invalid body', async () => {
    const res = await call(fullKey, 'POST', '/api/integration/orders', orderBody(own, ownProduct), {}, 'en');
    expect(res.statusCode).toBe(400);
    expect(res.json().errors['idempotency-key']).toEqual(['The Idempotency-Key header is required.']);
    const bs = await call(fullKey, 'POST', '/api/integration/orders', orderBody(own, ownProduct), {});
    expect(bs.json().errors['idempotency-key']).toEqual(['Zaglavlje Idempotency-Key je obavezno.']);
    const bad = await place(fullKey, { ...orderBody(own, ownProduct), items: [] });
    expect(bad.statusCode).toBe(400);
    const offMenu = await place(fullKey, orderBody(own, otherProduct));
    expect(offMenu.statusCode).toBe(400);
  });

  it('accepts, readies and cancels as the kitchen does, audited as the integrator', async () => {
    const placed = await place(fullKey, orderBody(own, ownProduct));
    const id = placed.json().data.id;
    const accept = await call(fullKey, 'POST', `/api/integration/orders/${id}/status`, {
      status: 'preparing_order',
    });
    expect(accept.statusCode, accept.body).toBe(200);
    expect(accept.json().data.status).toBe('preparing_order');
    const ready = await call(fullKey, 'POST', `/api/integration/orders/${id}/status`, {
      status: 'ready_for_pickup',
    });
    expect(ready.json().data.status).toBe('ready_for_pickup');
    // A move the kitchen may not make (back to preparing) is the status machine's 422.
    const back = await call(fullKey, 'POST', `/api/integration/orders/${id}/status`, {
      status: 'preparing_order',
    });
    expect(back.statusCode).toBe(422);
    const [integrator] = await t.database.db
      .select()
      .from(integrators)
      .where(eq(integrators.id, integratorId));
    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'orders'), eq(auditLog.entity_id, String(id))))
      .orderBy(desc(auditLog.id));
    expect(entries.length).toBeGreaterThanOrEqual(2);
    expect(entries.every((e) => e.actor_id === integrator?.user_id)).toBe(true);

    const second = await place(fullKey, orderBody(own, ownProduct));
    const noReason = await call(
      fullKey,
      'POST',
      `/api/integration/orders/${second.json().data.id}/status`,
      { status: 'declined' },
      {},
      'en',
    );
    expect(noReason.statusCode).toBe(400);
    expect(Object.keys(noReason.json().errors)).toEqual(['reason']);
    const cancelled = await call(fullKey, 'POST', `/api/integration/orders/${second.json().data.id}/status`, {
      status: 'declined',
      reason: 'Out of dough',
    });
    expect(cancelled.json().data.status).toBe('declined');
    const unknown = await call(fullKey, 'POST', `/api/integration/orders/${id}/status`, {
      status: 'delivered',
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('menu, snooze and pause from an integrator', () => {
  it('adds and changes products, snoozes one, and pauses the restaurant, audited as the integrator', async () => {
    const [integrator] = await t.database.db
      .select()
      .from(integrators)
      .where(eq(integrators.id, integratorId));
    const [product] = await t.database.db.select().from(products).where(eq(products.id, ownProduct));
    const added = await call(fullKey, 'POST', `/api/integration/restaurants/${own}/products`, {
      name: 'Pita sirnica',
      price: 450,
      category_id: product?.category_id,
      show_on_menu: true,
    });
    expect(added.statusCode, added.body).toBe(201);
    const changed = await call(fullKey, 'PATCH', `/api/integration/products/${added.json().data.id}`, {
      price: 500,
      show_on_menu: false,
    });
    expect(changed.json().data).toMatchObject({ price: 500, show_on_menu: false });
    const badPrice = await call(fullKey, 'PATCH', `/api/integration/products/${ownProduct}`, { price: -1 });
    expect(badPrice.statusCode).toBe(400);

    const snoozed = await call(fullKey, 'POST', `/api/integration/products/${ownProduct}/snooze`, {
      mode: 'manual',
    });
    expect(snoozed.json().data).toMatchObject({ snoozed: true });
    const back = await call(fullKey, 'DELETE', `/api/integration/products/${ownProduct}/snooze`);
    expect(back.json().data).toMatchObject({ snoozed: false });

    const paused = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/capacity`, {
      mode: 'paused',
      minutes: 15,
    });
    expect(paused.json().data.mode).toBe('paused');
    const normal = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/capacity`, {
      mode: 'normal',
    });
    expect(normal.json().data.mode).toBe('normal');

    const entries = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actor_id, integrator?.user_id ?? -1));
    const entities = new Set(entries.map((e) => e.entity));
    expect(entities).toEqual(new Set(['orders', 'products', 'restaurants']));
  });
});

describe('whole menu and categories from an integrator', () => {
  const menuOf = (restaurantId: number) =>
    t.database.db.select().from(products).where(eq(products.restaurant_id, restaurantId));
  const menuBody = {
    categories: [
      {
        name: 'Integrator roštilj',
        products: [
          { name: 'POS Ćevapi 10', price: 1000 },
          { name: 'POS Pljeskavica', price: 900, description: 'Sa kajmakom' },
        ],
      },
      { name: 'Integrator pića', products: [{ name: 'POS Limunada', price: 350, show_on_menu: false }] },
    ],
  };

  it('replaces the menu in one go, reports what changed, and changes nothing the second time', async () => {
    const before = await menuOf(own);
    const first = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/menu`, menuBody);
    expect(first.statusCode, first.body).toBe(200);
    const report = first.json().data;
    expect(report.categories_created.map((c: { name: string }) => c.name)).toEqual([
      'Integrator roštilj',
      'Integrator pića',
    ]);
    expect(report.products_created).toHaveLength(3);
    // Everything the restaurant had on its menu is taken off it (kept for past orders).
    const shownBefore = before.filter((p) => p.show_on_menu).map((p) => p.id);
    expect(report.products_hidden.map((p: { id: number }) => p.id).sort()).toEqual(shownBefore.sort());
    const after = await menuOf(own);
    expect(
      after
        .filter((p) => p.show_on_menu)
        .map((p) => p.name)
        .sort(),
    ).toEqual(['POS Pljeskavica', 'POS Ćevapi 10']);
    expect(after).toHaveLength(before.length + 3);

    const again = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/menu`, menuBody);
    expect(again.json().data).toMatchObject({
      categories_created: [],
      products_created: [],
      products_updated: [],
      products_hidden: [],
      products_unchanged: 3,
    });

    const changed = structuredClone(menuBody);
    const first0 = changed.categories[0];
    if (!first0) throw new Error('menu body');
    first0.products = [{ name: 'pos ćevapi 10', price: 1100 }];
    const third = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/menu`, changed);
    expect(third.json().data).toMatchObject({ products_unchanged: 1, products_created: [] });
    expect(third.json().data.products_updated).toEqual([
      expect.objectContaining({ name: 'pos ćevapi 10', changed: ['name', 'price'] }),
    ]);
    expect(third.json().data.products_hidden.map((p: { name: string }) => p.name)).toEqual([
      'POS Pljeskavica',
    ]);

    const [integrator] = await t.database.db
      .select()
      .from(integrators)
      .where(eq(integrators.id, integratorId));
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: count() })
      .from(auditLog)
      .where(and(eq(auditLog.actor_id, integrator?.user_id ?? -1), eq(auditLog.entity, 'categories')));
    expect(n).toBe(2);
  });

  it('refuses a bad menu with translated field errors and changes nothing', async () => {
    const before = await menuOf(own);
    const twice = await call(
      fullKey,
      'PUT',
      `/api/integration/restaurants/${own}/menu`,
      {
        categories: [
          { name: 'A1', products: [{ name: 'Burek', price: 300 }] },
          { name: 'a1', products: [{ name: 'burek', price: -5 }] },
        ],
      },
      {},
      'en',
    );
    expect(twice.statusCode).toBe(400);
    expect(twice.json().errors).toMatchObject({
      'categories.1.name': ['This category is named twice in the menu.'],
      'categories.1.products.0.name': ['This product is named twice in the menu.'],
    });
    expect(twice.json().errors['categories.1.products.0.price']).toBeDefined();
    const empty = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/menu`, { categories: [] });
    expect(empty.statusCode).toBe(400);
    const nul = await call(fullKey, 'PUT', `/api/integration/restaurants/${own}/menu`, {
      categories: [{ name: 'X\u0000', products: [] }],
    });
    expect(nul.statusCode).toBe(400);
    expect(await menuOf(own)).toEqual(before);
  });

  it("needs menu.write and never touches another restaurant's menu", async () => {
    const snoozeOnly = await newKey(['products.snooze'], [own]);
    expect(
      (await call(snoozeOnly, 'PUT', `/api/integration/restaurants/${own}/menu`, menuBody)).statusCode,
    ).toBe(403);
    expect((await call(snoozeOnly, 'POST', '/api/integration/categories', { name: 'Nope' })).statusCode).toBe(
      403,
    );
    const bBefore = await menuOf(other);
    const res = await call(fullKey, 'PUT', `/api/integration/restaurants/${other}/menu`, menuBody);
    expect(res.statusCode).toBe(404);
    expect(await menuOf(other)).toEqual(bBefore);
    expect(
      (await call(undefined, 'PUT', `/api/integration/restaurants/${own}/menu`, menuBody)).statusCode,
    ).toBe(401);
  });

  it('finds a category by name or adds it', async () => {
    const added = await call(fullKey, 'POST', '/api/integration/categories', {
      name: 'Integrator deserti',
      description: 'Slatko',
    });
    expect(added.statusCode, added.body).toBe(201);
    const found = await call(fullKey, 'POST', '/api/integration/categories', { name: 'INTEGRATOR DESERTI' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: added.json().data.id, name: 'Integrator deserti' });
    const bad = await call(fullKey, 'POST', '/api/integration/categories', { name: ' ' }, {}, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.name).toBeDefined();
  });
});
