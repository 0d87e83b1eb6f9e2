import type { ZoneGeometry } from '@dostava/shared';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  deliveryQuotes,
  orders,
  products,
  restaurantDeliveryAreas,
  restaurants,
  zones,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { areaOf } from './zones-geometry.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let product = 0;
let cheap = 0;
const ROLES = ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'driver', 'customer'];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ROLES) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const rows = await t.database.db.select({ id: restaurants.id }).from(restaurants).orderBy(restaurants.id);
  own = rows[0]?.id ?? 0;
  other = rows[1]?.id ?? 0;
  const menu = await t.database.db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
    .orderBy(products.price);
  cheap = menu[0]?.id ?? 0;
  product = menu.at(-1)?.id ?? 0;
});
afterAll(() => t.close());

/** A square around (lat, lng), `d` degrees on each side of it. */
const square = (lat: number, lng: number, d: number) => ({
  type: 'Polygon' as const,
  coordinates: [
    [
      [lng - d, lat - d],
      [lng + d, lat - d],
      [lng + d, lat + d],
      [lng - d, lat + d],
      [lng - d, lat - d],
    ],
  ],
});
/** Near the first demo restaurant (Baščaršija), inside the demo city. */
const NEAR = { lat: 43.8607, lng: 18.4262 };
const TREBEVIC = { lat: 43.832, lng: 18.46 };
const FAR = { lat: 44.5, lng: 18.4 };

const request = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  url: string,
  who: string,
  payload?: object,
) => t.request({ method, url, token: tokens[who], lang: 'en', ...(payload ? { payload } : {}) });
const zoneCount = async () => (await t.database.db.select({ n: count() }).from(zones))[0]?.n ?? 0;
const orderCount = async () => (await t.database.db.select({ n: count() }).from(orders))[0]?.n ?? 0;
const quote = (
  at: { lat: number; lng: number },
  items = [{ product_id: product, quantity: 1 }],
  restaurant = own,
) => request('POST', '/api/quotes', 'customer', { restaurant_id: restaurant, items, ...at });
const place = (
  at: { lat: number; lng: number },
  extra: object = {},
  items = [{ product_id: product, quantity: 1 }],
) =>
  request('POST', '/api/orders', 'customer', {
    restaurant_id: own,
    items,
    address: 'Ferhadija 5, Sarajevo',
    phone: '+387 61 111 222',
    payment: 'cash',
    ...at,
    ...extra,
  });

describe('zones: who reads and who draws', () => {
  it('Admin, App Manager and Dispatcher read the zones; restaurant staff, drivers and customers do not', async () => {
    for (const who of ['admin', 'appmanager', 'dispatcher']) {
      const res = await request('GET', '/api/zones', who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.map((z: { kind: string }) => z.kind)).toEqual(
        expect.arrayContaining(['service_area', 'fee_zone', 'exclusion']),
      );
    }
    for (const who of ['manager', 'employee', 'driver', 'customer']) {
      expect((await request('GET', '/api/zones', who)).statusCode).toBe(403);
    }
  });

  it('only Admin and App Manager draw, edit and delete, each change audited before and after', async () => {
    const body = {
      name: 'Marijin Dvor',
      kind: 'fee_zone',
      priority: 3,
      geometry: square(43.856, 18.41, 0.003),
    };
    for (const who of ['dispatcher', 'manager', 'driver', 'customer']) {
      expect((await request('POST', '/api/zones', who, body)).statusCode).toBe(403);
    }
    const created = await request('POST', '/api/zones', 'appmanager', body);
    expect(created.statusCode).toBe(201);
    const zone = created.json().data;
    expect(zone).toMatchObject({ name: 'Marijin Dvor', kind: 'fee_zone', priority: 3, active: true });
    expect(zone.area_m2).toBeGreaterThan(100_000);
    expect((await request('PATCH', `/api/zones/${zone.id}`, 'dispatcher', { name: 'x' })).statusCode).toBe(
      403,
    );
    const moved = await request('PATCH', `/api/zones/${zone.id}`, 'admin', {
      geometry: square(43.857, 18.41, 0.002),
      active: false,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.active).toBe(false);
    expect((await request('DELETE', `/api/zones/${zone.id}`, 'manager')).statusCode).toBe(403);
    expect((await request('DELETE', `/api/zones/${zone.id}`, 'admin')).statusCode).toBe(204);
    const trail = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'zones'), eq(auditLog.entity_id, String(zone.id))))
      .orderBy(auditLog.id);
    expect(trail.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(trail[1]?.before).toMatchObject({ active: true });
    expect(trail[1]?.after).toMatchObject({ active: false });
    expect(trail[2]?.after).toBeNull();
  });

  it('refuses an invalid polygon with a message naming the problem, storing nothing', async () => {
    const before = await zoneCount();
    const bowTie = {
      type: 'Polygon',
      coordinates: [
        [
          [18.4, 43.85],
          [18.42, 43.87],
          [18.42, 43.85],
          [18.4, 43.87],
          [18.4, 43.85],
        ],
      ],
    };
    const crossing = await request('POST', '/api/zones', 'admin', {
      name: 'X',
      kind: 'fee_zone',
      geometry: bowTie,
    });
    expect(crossing.statusCode).toBe(400);
    expect(crossing.json().errors.geometry).toEqual(['The outline crosses itself near 43.86, 18.41']);
    const bs = await t.request({
      method: 'POST',
      url: '/api/zones',
      token: tokens.admin,
      payload: { name: 'X', kind: 'fee_zone', geometry: bowTie },
    });
    expect(bs.json().errors.geometry).toEqual(['Obris siječe sam sebe blizu 43.86, 18.41']);
    const few = await request('POST', '/api/zones', 'admin', {
      name: 'X',
      kind: 'fee_zone',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [18.4, 43.85],
            [18.41, 43.85],
          ],
        ],
      },
    });
    expect(few.statusCode).toBe(400);
    expect(JSON.stringify(few.json().errors)).toContain('An outline needs at least three different points');
    const world = await request('POST', '/api/zones', 'admin', {
      name: 'X',
      kind: 'fee_zone',
      geometry: square(95, 18, 1),
    });
    expect(world.statusCode).toBe(400);
    expect(JSON.stringify(world.json().errors)).toContain('outside the world');
    expect(await zoneCount()).toBe(before);
  });

  it('exports GeoJSON and imports it back all or nothing', async () => {
    const exported = await request('GET', '/api/zones/export.geojson', 'dispatcher');
    expect(exported.statusCode).toBe(200);
    const collection = exported.json();
    expect(collection.type).toBe('FeatureCollection');
    const before = await zoneCount();
    expect(collection.features).toHaveLength(before);
    const bad = await request('POST', '/api/zones/import', 'admin', {
      type: 'FeatureCollection',
      features: [
        collection.features[0],
        {
          type: 'Feature',
          properties: { name: 'Loša' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 0],
                [2, 2],
                [2, 0],
                [0, 2],
                [0, 0],
              ],
            ],
          },
        },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(['features.1.geometry']);
    expect(await zoneCount()).toBe(before);
    const imported = await request('POST', '/api/zones/import', 'appmanager', {
      type: 'FeatureCollection',
      features: [
        { ...collection.features[0], properties: { ...collection.features[0].properties, active: false } },
      ],
    });
    expect(imported.statusCode).toBe(201);
    expect(await zoneCount()).toBe(before + 1);
    expect((await request('POST', '/api/zones/import', 'dispatcher', collection)).statusCode).toBe(403);
  });

  it("refuses to delete a zone that is a restaurant's area (409), changing nothing", async () => {
    const [area] = await t.database.db
      .select({ zone_id: restaurantDeliveryAreas.zone_id })
      .from(restaurantDeliveryAreas)
      .where(eq(restaurantDeliveryAreas.restaurant_id, own));
    const res = await request('DELETE', `/api/zones/${area?.zone_id}`, 'admin');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'zone_in_use' });
    expect(
      (
        await t.database.db
          .select()
          .from(zones)
          .where(eq(zones.id, area?.zone_id ?? 0))
      ).length,
    ).toBe(1);
  });
});

describe("a restaurant's delivery area", () => {
  it('its staff read their own, read-only; another restaurant is refused', async () => {
    for (const who of ['manager', 'employee', 'admin']) {
      const res = await request('GET', `/api/restaurants/${own}/delivery-area`, who);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ radius_m: 10_000, zone_name: 'Sarajevo' });
      expect(res.json().data.geometry.type).toBe('Polygon');
    }
    expect((await request('GET', `/api/restaurants/${other}/delivery-area`, 'manager')).statusCode).toBe(403);
    expect((await request('GET', `/api/restaurants/${own}/delivery-area`, 'dispatcher')).statusCode).toBe(
      403,
    );
    for (const who of ['manager', 'employee', 'dispatcher']) {
      expect(
        (await request('PUT', `/api/restaurants/${own}/delivery-area`, who, { zone_id: null, radius_m: 500 }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('Admin sets a radius, and the customer outside it is refused with the reason', async () => {
    const set = await request('PUT', `/api/restaurants/${other}/delivery-area`, 'admin', {
      zone_id: null,
      radius_m: 300,
    });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ zone_id: null, radius_m: 300 });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'delivery_area'), eq(auditLog.entity_id, String(other))));
    expect(entry?.before).toMatchObject({ radius_m: 10_000 });
    expect(entry?.after).toMatchObject({ radius_m: 300 });
    const otherProduct = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.restaurant_id, other), eq(products.show_on_menu, true)))
      .limit(1);
    const refused = await quote(NEAR, [{ product_id: otherProduct[0]?.id ?? 0, quantity: 3 }], other);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      error: 'outside_restaurant_area',
      message: 'This restaurant does not deliver to this address (its area: 0.3 km).',
    });
    const bad = await request('PUT', `/api/restaurants/${other}/delivery-area`, 'admin', {
      zone_id: 999_999,
      radius_m: null,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.zone_id).toEqual(['There is no such zone']);
  });
});

describe('fee rules', () => {
  it('only Admin and App Manager read and set them; a bad band is refused and changes nothing', async () => {
    expect((await request('GET', '/api/fee-rules', 'dispatcher')).statusCode).toBe(403);
    expect((await request('PUT', '/api/fee-rules/global/0', 'manager', { base_fee: 1 })).statusCode).toBe(
      403,
    );
    const list = await request('GET', '/api/fee-rules', 'appmanager');
    expect(list.statusCode).toBe(200);
    const global = list.json().data.find((r: { scope: string }) => r.scope === 'global');
    expect(global.base_fee).toBe(300);
    const bad = await request('PUT', '/api/fee-rules/global/0', 'admin', {
      base_fee: 1,
      distance_bands: [
        { up_to_m: 3000, amount: 100 },
        { up_to_m: 1500, amount: 50 },
      ],
    });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().errors)).toContain(
      'Each distance band must end farther than the one before',
    );
    const after = await request('GET', '/api/fee-rules', 'admin');
    expect(after.json().data.find((r: { scope: string }) => r.scope === 'global').base_fee).toBe(300);
  });
});

describe('quotes and placing an order', () => {
  it('the customer app gets a quote; staff and drivers do not', async () => {
    const res = await quote(NEAR);
    expect(res.statusCode).toBe(201);
    const q = res.json().data;
    expect(q.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(q.lines[0]).toEqual({ kind: 'base', amount: 300 });
    expect(q.lines.reduce((s: number, l: { amount: number }) => s + l.amount, 0)).toBe(q.total);
    expect(new Date(q.expires_at).getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
    for (const who of ['driver', 'admin', 'dispatcher']) {
      expect(
        (await request('POST', '/api/quotes', who, { restaurant_id: own, items: [], ...NEAR })).statusCode,
      ).toBe(403);
    }
  });

  it('placing with the quote freezes it; changing the rules never changes the placed order', async () => {
    const q = (await quote(NEAR)).json().data;
    const placed = await place(NEAR, { quote_id: q.id });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    expect(order.delivery_costs).toBe(q.total);
    // The quote is used once.
    const again = await place(NEAR, { quote_id: q.id });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('quote_unknown');
    const rule = await request('PUT', '/api/fee-rules/global/0', 'admin', { base_fee: 990 });
    expect(rule.statusCode).toBe(200);
    const breakdown = await request('GET', `/api/orders/${order.id}/delivery-quote`, 'manager');
    expect(breakdown.statusCode).toBe(200);
    expect(breakdown.json().data).toMatchObject({ total: q.total, lines: q.lines });
    const [stored] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(stored?.delivery_costs).toBe(q.total);
    // New quotes follow the new rule at once (this instance dropped its snapshot).
    const newer = (await quote(NEAR)).json().data;
    expect(newer.lines[0]).toEqual({ kind: 'base', amount: 990 });
    await request('PUT', '/api/fee-rules/global/0', 'admin', { base_fee: 300 });
    // Another restaurant's manager does not see the breakdown.
    const [mine] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(mine?.restaurant_id).toBe(own);
  });

  it('a placement without a quote evaluates the rules at once and keeps the breakdown', async () => {
    const placed = await place(NEAR);
    expect(placed.statusCode).toBe(201);
    const order = placed.json().data;
    const [frozen] = await t.database.db
      .select()
      .from(deliveryQuotes)
      .where(eq(deliveryQuotes.order_id, order.id));
    expect(frozen?.total).toBe(order.delivery_costs);
    expect(frozen?.lines.reduce((s, l) => s + l.amount, 0)).toBe(order.delivery_costs);
  });

  it('an expired quote and a quote for another basket are refused, nothing placed', async () => {
    const before = await orderCount();
    const q = (await quote(NEAR)).json().data;
    const mismatch = await place({ lat: NEAR.lat + 0.001, lng: NEAR.lng }, { quote_id: q.id });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error).toBe('quote_mismatch');
    await t.database.db
      .update(deliveryQuotes)
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where(eq(deliveryQuotes.id, q.id));
    const expired = await place(NEAR, { quote_id: q.id });
    expect(expired.statusCode).toBe(422);
    expect(expired.json()).toMatchObject({
      error: 'quote_expired',
      message: 'This delivery quote has expired. Ask for a new one.',
    });
    expect(await orderCount()).toBe(before);
  });

  it('refuses, saying why: outside every service area, inside an exclusion, under the zone minimum', async () => {
    const before = await orderCount();
    const outside = await place(FAR);
    expect(outside.statusCode).toBe(422);
    expect(outside.json()).toMatchObject({
      error: 'outside_service_area',
      message: 'We do not deliver to this address: it is outside every delivery area.',
    });
    const excluded = await quote(TREBEVIC);
    expect(excluded.statusCode).toBe(422);
    expect(excluded.json().error).toBe('in_exclusion');
    const bs = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      payload: {
        restaurant_id: own,
        items: [{ product_id: product, quantity: 1 }],
        address: 'Trebević',
        phone: '+387 61 111 222',
        payment: 'cash',
        ...TREBEVIC,
      },
    });
    expect(bs.json().message).toBe(
      'Ne dostavljamo na ovu adresu: nalazi se u području isključenom iz dostave.',
    );
    // A zone around the address with a minimum order above the cheapest product.
    const zone = (
      await request('POST', '/api/zones', 'admin', {
        name: 'Minimum',
        kind: 'fee_zone',
        priority: 50,
        geometry: square(NEAR.lat, NEAR.lng, 0.001),
      })
    ).json().data;
    expect(
      (await request('PUT', `/api/fee-rules/zone/${zone.id}`, 'admin', { min_order: 100_000 })).statusCode,
    ).toBe(200);
    const under = await place(NEAR, {}, [{ product_id: cheap, quantity: 1 }]);
    expect(under.statusCode).toBe(422);
    expect(under.json()).toMatchObject({
      error: 'below_minimum_order',
      message: 'The minimum order for this address is 1000.00 KM.',
    });
    expect(await orderCount()).toBe(before);
    await request('DELETE', `/api/zones/${zone.id}`, 'admin');
    expect((await place(NEAR, {}, [{ product_id: cheap, quantity: 1 }])).statusCode).toBe(201);
  });

  it('drops the zones it holds when another instance announces a change over the bus', async () => {
    // Another instance drew an exclusion over NEAR: only its notice tells this one.
    const ok = await quote(NEAR);
    expect(ok.statusCode).toBe(201);
    const geometry = square(NEAR.lat, NEAR.lng, 0.0005) as ZoneGeometry;
    const [row] = await t.database.db
      .insert(zones)
      .values({ name: 'Elsewhere', kind: 'exclusion', geometry, area_m2: areaOf(geometry) })
      .returning();
    await t.app.bus.publishControl({ type: 'zones.changed' });
    const refused = await quote(NEAR);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('in_exclusion');
    await t.database.db.delete(zones).where(eq(zones.id, row?.id ?? 0));
    await t.app.bus.publishControl({ type: 'zones.changed' });
    expect((await quote(NEAR)).statusCode).toBe(201);
  });
});

describe("the customer's menu", () => {
  it('says whether the restaurant delivers to the customer, and why not', async () => {
    const menu = (at: { lat: number; lng: number } | null) =>
      request('GET', `/api/restaurants/${own}/menu${at ? `?lat=${at.lat}&lng=${at.lng}` : ''}`, 'customer');
    expect((await menu(NEAR)).json().data.delivers).toEqual({ delivers: true, refusal: null });
    expect((await menu(TREBEVIC)).json().data.delivers).toEqual({ delivers: false, refusal: 'in_exclusion' });
    expect((await menu(FAR)).json().data.delivers).toEqual({
      delivers: false,
      refusal: 'outside_service_area',
    });
    expect((await menu(null)).json().data.delivers).toBeNull();
    const half = await request('GET', `/api/restaurants/${own}/menu?lat=43.86`, 'customer');
    expect(half.statusCode).toBe(400);
  });
});

describe('the simulator', () => {
  it('shows Admin the zones, the rules and the breakdown, or the refusal, storing nothing', async () => {
    const quotes = (await t.database.db.select({ n: count() }).from(deliveryQuotes))[0]?.n;
    const friday = '2026-06-12T19:30:00+02:00';
    const res = await request('POST', '/api/zones/simulate', 'admin', {
      restaurant_id: own,
      ...NEAR,
      basket: 800,
      at: friday,
      rush_active: true,
    });
    expect(res.statusCode).toBe(200);
    const sim = res.json().data;
    expect(sim.refusal).toBeNull();
    expect(sim.zones.map((z: { name: string }) => z.name)).toContain('Sarajevo');
    expect(sim.quote.lines.map((l: { kind: string }) => l.kind)).toEqual(
      expect.arrayContaining(['base', 'small_basket', 'peak', 'rush']),
    );
    const refused = await request('POST', '/api/zones/simulate', 'appmanager', {
      restaurant_id: own,
      ...TREBEVIC,
      basket: 800,
    });
    expect(refused.json().data).toMatchObject({ refusal: 'in_exclusion', quote: null });
    expect(refused.json().data.message).toContain('excluded');
    expect(
      (await request('POST', '/api/zones/simulate', 'dispatcher', { restaurant_id: own, ...NEAR, basket: 1 }))
        .statusCode,
    ).toBe(403);
    expect((await t.database.db.select({ n: count() }).from(deliveryQuotes))[0]?.n).toBe(quotes);
  });
});
