import { existsSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderProofs, orderStatusHistory, orders, products, uploads, users } from '../../db/schema/index.js';
import { restaurantImage } from '../../db/seed/images.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { privateDir } from '../uploads/uploads-service.js';
import { pruneImages } from './proofs-retention.js';

let t: TestContext;
const tokens: Record<string, string> = {};
const ROLES = ['admin', 'appmanager', 'dispatcher', 'manager', 'manager2', 'employee', 'driver', 'customer'];
let restaurantId = 0;
let productId = 0;
let driverId = 0;
const AT = { lat: 43.8563, lng: 18.4131 };

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ROLES) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@example.com'));
  restaurantId = manager?.restaurant_id ?? 0;
  const [product] = await db
    .select()
    .from(products)
    .where(and(eq(products.restaurant_id, restaurantId), eq(products.show_on_menu, true)));
  productId = product?.id ?? 0;
  const [driver] = await db.select().from(users).where(eq(users.email, 'driver@example.com'));
  driverId = driver?.id ?? 0;
  const other = await t.request({
    method: 'POST',
    url: '/api/users',
    token: tokens.admin,
    payload: {
      first_name: 'Drugi',
      last_name: 'Vozač',
      email: 'drugi@vozaci.ba',
      role: 'driver',
      password: 'Zu7#mostarBridge',
    },
  });
  expect(other.statusCode).toBe(201);
  tokens.driver2 = (await t.signIn('drugi@vozaci.ba', 'Zu7#mostarBridge')).access_token;
});
afterAll(() => t.close());

const settings = (payload: object, who = 'admin') =>
  t.request({ method: 'PATCH', url: '/api/proof-settings', token: tokens[who], lang: 'en', payload });

beforeEach(async () => {
  const res = await settings({
    default_kind: 'none',
    value_threshold: null,
    value_kind: 'pin',
    photo_grace_minutes: 15,
    restaurants: [],
  });
  expect(res.statusCode).toBe(200);
});

/** An order the customer places (the requirement and PIN are born then), then on the road with the driver. */
async function onTheRoad(extra: object = {}, quantity = 1): Promise<{ id: number; tracking: string }> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: restaurantId,
      items: [{ product_id: productId, quantity }],
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 111 222',
      lat: 43.86,
      lng: 18.42,
      payment: 'cash',
      ...extra,
    },
  });
  expect(placed.statusCode, placed.body).toBe(201);
  const { id, tracking_token } = placed.json().data;
  await t.database.db
    .update(orders)
    .set({ status: 'in_delivery', driver_id: driverId, version: sql`${orders.version} + 1` })
    .where(eq(orders.id, id));
  return { id, tracking: tracking_token };
}

const deliver = (id: number, proof?: object, who = 'driver') =>
  t.request({
    method: 'POST',
    url: `/api/driver/orders/${id}/status`,
    token: tokens[who],
    lang: 'en',
    payload: { status: 'delivered', ...(proof ? { proof } : {}) },
  });

const statusOf = async (id: number) =>
  (await t.database.db.select({ s: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.s;
const proofRow = async (id: number) =>
  (await t.database.db.select().from(orderProofs).where(eq(orderProofs.order_id, id)))[0];

function multipart(bytes: Buffer) {
  const boundary = '----dostava-proof';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="p.png"\r\nContent-Type: image/png\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
async function driverUpload(who = 'driver'): Promise<{ id: number; file_url: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/driver/uploads',
    token: tokens[who],
    ...multipart(restaurantImage(120, 20, 20)),
  });
  expect(res.statusCode).toBe(201);
  return res.json().data;
}

describe('proof settings', () => {
  it('Admin and App Manager read and change them; nobody else', async () => {
    for (const who of ROLES) {
      const read = await t.request({ method: 'GET', url: '/api/proof-settings', token: tokens[who] });
      const expected = who === 'admin' || who === 'appmanager' ? 200 : 403;
      expect(read.statusCode, who).toBe(expected);
      expect((await settings({ photo_grace_minutes: 20 }, who)).statusCode, who).toBe(expected);
    }
  });

  it('keeps a restaurant override and the rule by value', async () => {
    const res = await settings({
      default_kind: 'photo',
      value_threshold: 10_000,
      value_kind: 'pin',
      retention_days: 30,
      restaurants: [{ restaurant_id: restaurantId, kind: 'signature' }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      default_kind: 'photo',
      value_threshold: 10_000,
      value_kind: 'pin',
      retention_days: 30,
      restaurants: [{ restaurant_id: restaurantId, kind: 'signature' }],
    });
  });

  it('refuses bad input with translated field errors and changes nothing', async () => {
    const before = (
      await t.request({ method: 'GET', url: '/api/proof-settings', token: tokens.admin })
    ).json();
    const bad = [
      [{ default_kind: 'fingerprint' }, 'default_kind'],
      [{ value_threshold: '100' }, 'value_threshold'],
      [{ photo_grace_minutes: 0 }, 'photo_grace_minutes'],
      [{ retention_days: 99999 }, 'retention_days'],
      [
        {
          restaurants: [
            { restaurant_id: restaurantId, kind: 'pin' },
            { restaurant_id: restaurantId, kind: 'photo' },
          ],
        },
        'restaurants.1.restaurant_id',
      ],
      [{ restaurants: [{ restaurant_id: 999999, kind: 'pin' }] }, 'restaurants.0.restaurant_id'],
      [{ restaurants: 'all' }, 'restaurants'],
      [{ value_threshold: 1e20 }, 'value_threshold'],
      [{ default_kind: 'pin\u0000' }, 'default_kind'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await settings({ default_kind: 'photo', ...payload });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors), field).toContain(field);
    }
    const after = (
      await t.request({ method: 'GET', url: '/api/proof-settings', token: tokens.admin })
    ).json();
    expect(after).toEqual(before);
  });
});

describe('a PIN', () => {
  it('is born with an order above the value rule, shown on the tracking page while it is open', async () => {
    await settings({ value_threshold: 1, value_kind: 'pin' });
    const order = await onTheRoad();
    const pin = (await proofRow(order.id))?.pin ?? '';
    expect(pin).toMatch(/^[0-9]{4}$/);
    const view = await t.request({ method: 'GET', url: `/api/tracking/${order.tracking}` });
    expect(view.json().data.delivery_pin).toBe(pin);

    // Without the PIN, with letters, with the wrong one: refused, translated, nothing changes.
    const none = await deliver(order.id, undefined);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      "This delivery needs the customer's 4-digit PIN before it can be marked delivered",
    );
    const letters = await deliver(order.id, { pin: '12ab', ...AT });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().errors['proof.pin']).toEqual(['The PIN is 4 digits']);
    const wrong = await deliver(order.id, { pin: pin === '0000' ? '1111' : '0000', ...AT });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().message).toBe("The PIN does not match the customer's");
    const bs = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${order.id}/status`,
      token: tokens.driver,
      lang: 'bs',
      payload: { status: 'delivered', proof: { pin: 'abcd', ...AT } },
    });
    expect(bs.json().errors['proof.pin']).toEqual(['PIN ima 4 cifre']);
    expect(await statusOf(order.id)).toBe('in_delivery');
    expect((await proofRow(order.id))?.recorded_at).toBeNull();

    // Hostile shapes are 400s too, never a 500, and change nothing.
    for (const proof of [
      { pin: `\u0000${pin.slice(1)}`, ...AT },
      { pin, lat: 'x', lng: AT.lng },
      { pin, photo_id: 2 ** 31, ...AT },
      { pin, lat: 91, lng: AT.lng },
    ])
      expect((await deliver(order.id, proof)).statusCode, JSON.stringify(proof)).toBe(400);
    expect(await statusOf(order.id)).toBe('in_delivery');

    const ok = await deliver(order.id, { pin, ...AT });
    expect(ok.statusCode).toBe(200);
    expect(await statusOf(order.id)).toBe('delivered');
    const proof = await proofRow(order.id);
    expect(proof).toMatchObject({ pin_confirmed: true, driver_id: driverId, lat: AT.lat, lng: AT.lng });
    expect(proof?.recorded_at).toBeInstanceOf(Date);
    // Delivered: the page no longer shows it.
    t.app.tracking.drop(order.id);
    const after = await t.request({ method: 'GET', url: `/api/tracking/${order.tracking}` });
    expect(after.json().data.delivery_pin).toBeNull();
  });

  it('is never asked with "leave at the door": a photo is', async () => {
    await settings({ default_kind: 'pin' });
    const order = await onTheRoad({ leave_at_door: true });
    expect(await proofRow(order.id)).toMatchObject({ required: 'photo', pin: null });
    const res = await deliver(order.id, { pin: '1234', ...AT });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This delivery needs a photo before it can be marked delivered');
  });

  it('is not needed below the value rule, nor for a restaurant that needs nothing', async () => {
    await settings({ default_kind: 'pin', restaurants: [{ restaurant_id: restaurantId, kind: 'none' }] });
    const order = await onTheRoad();
    expect(await proofRow(order.id)).toBeUndefined();
    expect((await deliver(order.id)).statusCode).toBe(200);
  });

  it('delivers once when the driver sends it ten times at once', async () => {
    await settings({ default_kind: 'pin' });
    const order = await onTheRoad();
    const pin = (await proofRow(order.id))?.pin ?? '';
    const answers = await Promise.all(Array.from({ length: 10 }, () => deliver(order.id, { pin, ...AT })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c !== 200).every((c) => c === 409 || c === 422)).toBe(true);
    const delivered = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(and(eq(orderStatusHistory.order_id, order.id), eq(orderStatusHistory.to_status, 'delivered')));
    expect(delivered).toHaveLength(1);
  });
});

describe('a photo or a signature', () => {
  it('is an image the driver uploaded, private, read only by those allowed', async () => {
    await settings({ restaurants: [{ restaurant_id: restaurantId, kind: 'photo' }] });
    const order = await onTheRoad();
    const theirs = await driverUpload('driver2');
    const refused = await deliver(order.id, { photo_id: theirs.id, ...AT });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors['proof.photo_id']).toEqual(['Upload the image first, with this account']);
    const photo = await driverUpload();
    expect(photo.file_url).toBe(`/api/uploads/private/${photo.id}`);
    expect((await deliver(order.id, { photo_id: photo.id, ...AT })).statusCode).toBe(200);

    const read = (who?: string) =>
      t.request({ method: 'GET', url: photo.file_url, ...(who ? { token: tokens[who] } : {}) });
    const expected: Record<string, number> = {
      admin: 200,
      appmanager: 200,
      dispatcher: 200,
      manager: 200,
      employee: 200,
      manager2: 403,
      driver: 200,
      driver2: 404,
      customer: 404,
    };
    for (const [who, code] of Object.entries(expected)) expect((await read(who)).statusCode, who).toBe(code);
    expect((await read()).statusCode).toBe(401);
    const ok = await read('manager');
    expect(ok.headers['content-type']).toBe('image/png');
    expect(ok.headers['cache-control']).toBe('private, no-store');
    // Never under the public folder, whatever its name.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, photo.id));
    expect((await t.request({ method: 'GET', url: `/api/uploads/${row?.file_name}` })).statusCode).toBe(404);

    // Staff see the proof on the order; another restaurant's staff do not.
    const proof = (who: string) =>
      t.request({ method: 'GET', url: `/api/orders/${order.id}/proof`, token: tokens[who] });
    for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee']) {
      const res = await proof(who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data).toMatchObject({ required: 'photo', photo: { id: photo.id }, lat: AT.lat });
    }
    expect((await proof('manager2')).statusCode).toBe(403);
    expect((await proof('driver')).statusCode).toBe(403);
    const driverSide = (who: string) =>
      t.request({ method: 'GET', url: `/api/driver/orders/${order.id}/proof`, token: tokens[who] });
    expect((await driverSide('driver')).json().data).toMatchObject({ required: 'photo' });
    expect((await driverSide('driver2')).statusCode).toBe(404);
  });

  it('a signature when the restaurant asks for one', async () => {
    await settings({ restaurants: [{ restaurant_id: restaurantId, kind: 'signature' }] });
    const order = await onTheRoad();
    const none = await deliver(order.id, AT);
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe(
      "This delivery needs the customer's signature before it can be marked delivered",
    );
    const signature = await driverUpload();
    expect((await deliver(order.id, { signature_id: signature.id, ...AT })).statusCode).toBe(200);
    expect((await proofRow(order.id))?.signature_id).toBe(signature.id);
  });

  it('a photo that failed to send may follow within the grace period, once', async () => {
    await settings({ default_kind: 'photo', photo_grace_minutes: 10 });
    const order = await onTheRoad();
    expect((await deliver(order.id, { photo_pending: true, ...AT })).statusCode).toBe(200);
    expect(await proofRow(order.id)).toMatchObject({ photo_pending: true, photo_id: null });
    const add = (photoId: number, who = 'driver') =>
      t.request({
        method: 'POST',
        url: `/api/driver/orders/${order.id}/proof/photo`,
        token: tokens[who],
        lang: 'en',
        payload: { photo_id: photoId, ...AT },
      });
    const photo = await driverUpload();
    expect((await add(photo.id, 'driver2')).statusCode).toBe(404);
    const [first, second] = await Promise.all([add(photo.id), add((await driverUpload()).id)]);
    expect([first?.statusCode, second?.statusCode].sort()).toEqual([200, 409]);
    expect((await proofRow(order.id))?.photo_pending).toBe(false);

    const late = await onTheRoad();
    expect((await deliver(late.id, { photo_pending: true, ...AT })).statusCode).toBe(200);
    await t.database.db
      .update(orderProofs)
      .set({ photo_due_at: new Date(Date.now() - 1000) })
      .where(eq(orderProofs.order_id, late.id));
    const closed = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${late.id}/proof/photo`,
      token: tokens.driver,
      lang: 'en',
      payload: { photo_id: (await driverUpload()).id, ...AT },
    });
    expect(closed.statusCode).toBe(422);
    expect(closed.json().message).toBe('The time to add the photo of this delivery has passed');
  });

  it('are deleted after the retention period, and the proof says so', async () => {
    await settings({ default_kind: 'photo', retention_days: 30 });
    const order = await onTheRoad();
    const photo = await driverUpload();
    expect((await deliver(order.id, { photo_id: photo.id, ...AT })).statusCode).toBe(200);
    const fresh = await driverUpload();
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, photo.id));
    const file = path.join(privateDir(t.config.dataDir), row?.file_name ?? '');
    expect(existsSync(file)).toBe(true);
    await t.database.db
      .update(uploads)
      .set({ created_at: new Date(Date.now() - 31 * 24 * 3600 * 1000) })
      .where(eq(uploads.id, photo.id));
    expect(await pruneImages(t.database.db, privateDir(t.config.dataDir), new Date())).toBe(1);
    expect(existsSync(file)).toBe(false);
    expect(await proofRow(order.id)).toMatchObject({ photo_id: null, images_pruned: true });
    expect((await t.request({ method: 'GET', url: photo.file_url, token: tokens.admin })).statusCode).toBe(
      404,
    );
    expect((await t.request({ method: 'GET', url: fresh.file_url, token: tokens.driver })).statusCode).toBe(
      200,
    );
    expect(await pruneImages(t.database.db, privateDir(t.config.dataDir), new Date())).toBe(0);
  });
});

describe('staff uploads', () => {
  it('may be private: read through the authorised route only', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/uploads?kind=private',
      token: tokens.dispatcher,
      ...multipart(restaurantImage(30, 20, 20)),
    });
    expect(res.statusCode).toBe(201);
    const { file_url } = res.json().data;
    expect(file_url).toMatch(/^\/api\/uploads\/private\/\d+$/);
    expect((await t.request({ method: 'GET', url: file_url, token: tokens.dispatcher })).statusCode).toBe(
      200,
    );
    // Attached to nothing yet: nobody else reads it.
    expect((await t.request({ method: 'GET', url: file_url, token: tokens.manager })).statusCode).toBe(404);
  });
});
