import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import {
  auditLog,
  customerNotifications,
  notificationSettings,
  orders,
  products,
  users,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { HERE } from '../dispatch/dispatch-scene.js';
import { clockAt } from './notifications-service.js';

/**
 * Customer notifications (issue 39) against a local HTTP server that plays Google's token endpoint,
 * FCM's HTTP v1 API and Twilio's REST API, recording every request exactly as the real clients sent it.
 */
interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}
const recorded: Recorded[] = [];
/** Answers to give the next provider calls (then 200/201 by default). */
const scripted: { status: number; body: string }[] = [];
let server: Server;
let base = '';
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

let t: TestContext;
const tokens: Record<string, string> = {};
let restaurantId = 0;
let productId = 0;
let customerId = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      recorded.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/token') {
        res.end(JSON.stringify({ access_token: 'ya29.local', expires_in: 3600, token_type: 'Bearer' }));
        return;
      }
      const next = scripted.shift();
      if (next) {
        res.statusCode = next.status;
        res.end(next.body);
      } else if (req.url?.includes('/Messages.json')) {
        res.statusCode = 201;
        res.end(JSON.stringify({ sid: 'SM0001', status: 'queued' }));
      } else {
        res.end(JSON.stringify({ name: 'projects/dostava-test/messages/0:1' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTestContext({
    JOBS_POLLING_SECONDS: '0.5',
    PUBLIC_URL: 'https://dostava.example',
    FCM_SERVICE_ACCOUNT_JSON: JSON.stringify({
      project_id: 'dostava-test',
      client_email: 'push@dostava-test.iam.gserviceaccount.com',
      private_key: keys.privateKey,
    }),
    FCM_API_URL: base,
    FCM_TOKEN_URL: `${base}/token`,
    TWILIO_ACCOUNT_SID: 'AC0123456789',
    TWILIO_AUTH_TOKEN: 'secret-auth',
    TWILIO_FROM: '+38733000000',
    TWILIO_API_URL: base,
  });
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  const [manager] = await db.select().from(users).where(eq(users.email, 'manager@example.com'));
  restaurantId = manager?.restaurant_id ?? 0;
  customerId = (await db.select().from(users).where(eq(users.email, 'customer@example.com')))[0]?.id ?? 0;
  productId =
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.restaurant_id, restaurantId), eq(products.show_on_menu, true)))
        .limit(1)
    )[0]?.id ?? 0;
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => server.close(resolve));
});

async function place(): Promise<{ id: number; number: string; token: string }> {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: restaurantId,
      items: [{ product_id: productId, quantity: 1 }],
      address: 'Titova 10, Sarajevo',
      phone: '+38761111222',
      lat: HERE.lat + 0.01,
      lng: HERE.lng + 0.01,
      payment: 'cash',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const data = res.json().data;
  return { id: data.id, number: data.order_number, token: data.tracking_token };
}
const move = async (id: number, status: string) => {
  const res = await t.request({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    token: tokens.admin,
    payload: { status },
  });
  expect(res.statusCode, res.body).toBe(200);
};
const contact = (payload: Record<string, unknown>) =>
  t.request({ method: 'PUT', url: '/api/notifications/me', token: tokens.customer, payload });
const logOf = async (id: number) =>
  (
    await t.request({ method: 'GET', url: `/api/orders/${id}/notifications`, token: tokens.dispatcher })
  ).json().data as {
    event: string;
    state: string;
    channel: string | null;
    skip_reason: string | null;
    attempts: number;
    provider_status: number | null;
    provider_answer: string | null;
    text: string | null;
  }[];
const settled = (id: number, event: string) =>
  vi.waitFor(
    async () => {
      const row = (await logOf(id)).find((r) => r.event === event);
      expect(row?.state).toMatch(/sent|failed|skipped/);
      return row;
    },
    { timeout: 30_000, interval: 200 },
  );
/** Back to the default rules after a test that changed them, even a failed one (else the next tests inherit them). */
const restoreRules = async () => {
  expect((await rules()).statusCode).toBe(200);
  t.app.customerSettings.forget();
};
const rules = (over: Record<string, unknown> = {}) =>
  t.request({
    method: 'PUT',
    url: '/api/notifications/settings',
    token: tokens.admin,
    lang: 'en',
    payload: {
      quiet_start: null,
      quiet_end: null,
      late_minutes: 10,
      per_order_cap: 5,
      arriving_meters: 150,
      link_hours: 24,
      ...over,
    },
  });

/** The driver's position, three times, some 30 m from the order's door: on `app`'s bus. */
async function nearTheDoor(app: FastifyInstance, driverId: number, orderId: number) {
  const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
  for (let i = 0; i < 3; i++)
    await app.bus.publish({
      type: 'driver.updated',
      restaurant_id: null,
      data: {
        driver_id: driverId,
        location: { lat: (order?.lat ?? 0) + 0.0003, lng: order?.lng ?? 0 },
        last_location_at: new Date().toISOString(),
        shift_state: 'delivering',
      },
    });
}

describe('sending through the providers', () => {
  it('sends an SMS through Twilio’s REST API when the customer app has no push token: the exact request', async () => {
    await contact({ push_token: null, opted_out: false, language: 'en' });
    const o = await place();
    recorded.length = 0;
    await move(o.id, 'preparing_order');
    const row = await settled(o.id, 'accepted');
    expect(row).toMatchObject({ state: 'sent', channel: 'sms', provider_status: 201, attempts: 1 });
    expect(row?.provider_answer).toContain('SM0001');
    const sms = recorded.find((r) => r.url.includes('Messages.json'));
    expect(sms?.method).toBe('POST');
    expect(sms?.url).toBe('/2010-04-01/Accounts/AC0123456789/Messages.json');
    expect(sms?.headers.authorization).toBe(
      `Basic ${Buffer.from('AC0123456789:secret-auth').toString('base64')}`,
    );
    expect(sms?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(sms?.body);
    expect(form.get('To')).toBe('+38761111222');
    expect(form.get('From')).toBe('+38733000000');
    expect(form.get('Body')).toBe(
      `Ćevabdžinica Željo accepted your order ${o.number}. Follow it: https://dostava.example/t/${o.token}`,
    );
  });

  it('pushes through FCM HTTP v1 with an OAuth token from the service account: the exact requests', async () => {
    await contact({ push_token: 'device-token-1', language: 'bs' });
    const o = await place();
    await move(o.id, 'preparing_order');
    await settled(o.id, 'accepted');
    const exchange = recorded.find((r) => r.url === '/token');
    expect(exchange?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    const form = new URLSearchParams(exchange?.body);
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    const { payload, protectedHeader } = await jwtVerify(
      form.get('assertion') ?? '',
      await importSPKI(keys.publicKey, 'RS256'),
      { audience: `${base}/token`, issuer: 'push@dostava-test.iam.gserviceaccount.com' },
    );
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.scope).toBe('https://www.googleapis.com/auth/firebase.messaging');
    const push = recorded.filter((r) => r.url === '/v1/projects/dostava-test/messages:send').at(-1);
    expect(push?.method).toBe('POST');
    expect(push?.headers.authorization).toBe('Bearer ya29.local');
    expect(JSON.parse(push?.body ?? '{}')).toEqual({
      message: {
        token: 'device-token-1',
        notification: {
          title: 'Ćevabdžinica Željo',
          body: `Ćevabdžinica Željo je prihvatio narudžbu ${o.number}. Pratite je: https://dostava.example/t/${o.token}`,
        },
        data: { order_number: o.number, event: 'accepted' },
      },
    });
    expect((await logOf(o.id)).find((r) => r.event === 'accepted')).toMatchObject({
      state: 'sent',
      channel: 'push',
    });
  });

  it('retries after a provider’s 500 with backoff, and the order’s change never waits for it', async () => {
    await contact({ push_token: null, language: 'en' });
    const o = await place();
    scripted.push({ status: 500, body: '{"message":"upstream down"}' });
    await move(o.id, 'preparing_order');
    // The change was answered already; the message is still owed.
    await vi.waitFor(
      async () => {
        const row = (await logOf(o.id)).find((r) => r.event === 'accepted');
        expect(row).toMatchObject({ state: 'sent', attempts: 2, provider_status: 201 });
      },
      { timeout: 60_000, interval: 300 },
    );
  });

  it('a provider’s 4xx refusal is failed, not retried', async () => {
    const o = await place();
    scripted.push({ status: 400, body: '{"code":21211,"message":"Invalid To number"}' });
    await move(o.id, 'preparing_order');
    const row = await settled(o.id, 'accepted');
    expect(row).toMatchObject({ state: 'failed', attempts: 1, provider_status: 400 });
    expect(row?.provider_answer).toContain('Invalid To number');
  });
});

describe('a send abandoned by an instance that died', () => {
  it('is taken back by the job queue once its claim is past the lease and sent once; a live claim is left alone', async () => {
    await contact({ push_token: null, opted_out: false, language: 'en' });
    const o = await place();
    const db = t.database.db;
    // Two rows as a worker leaves them between its claim and the provider's answer: one claimed ten
    // minutes ago by an instance that died, one claimed just now by a worker still waiting for an answer.
    await db.insert(customerNotifications).values([
      {
        order_id: o.id,
        event: 'picked_up',
        state: 'sending',
        language: 'en',
        attempts: 1,
        claimed_at: sql`now() - interval '10 minutes'`,
      },
      {
        order_id: o.id,
        event: 'late',
        state: 'sending',
        language: 'en',
        attempts: 1,
        claimed_at: sql`now()`,
      },
    ]);
    const { ordersWithPending, leaseOf } = await import('./notifications-service.js');
    expect(await ordersWithPending(db, leaseOf(t.config.providerTimeoutMs))).toContain(o.id);
    recorded.length = 0;
    await t.app.jobs.schedule('notification-send', { order_id: o.id }, new Date(), `notify:${o.id}`);
    const row = await settled(o.id, 'picked_up');
    expect(row).toMatchObject({ state: 'sent', channel: 'sms', attempts: 2, provider_status: 201 });
    const sms = () =>
      recorded
        .filter((r) => r.url.includes('Messages.json'))
        .map((r) => new URLSearchParams(r.body).get('Body') ?? '');
    expect(sms().filter((body) => body.includes(o.number))).toHaveLength(1);
    expect(sms()[0]).toContain('on its way');
    // The live claim is not sent a second time; its state stays with its worker.
    const live = async () =>
      (await db.select().from(customerNotifications).where(eq(customerNotifications.order_id, o.id))).find(
        (r) => r.event === 'late',
      );
    expect((await live())?.state).toBe('sending');
    // Its worker dies too: once the claim is past the lease, the job (retried while a claim is open)
    // takes it back and sends it.
    await db
      .update(customerNotifications)
      .set({ claimed_at: sql`now() - interval '10 minutes'` })
      .where(and(eq(customerNotifications.order_id, o.id), eq(customerNotifications.event, 'late')));
    expect(await settled(o.id, 'late')).toMatchObject({ state: 'sent', attempts: 2 });
    expect(sms().filter((body) => body.includes(o.number))).toHaveLength(2);
  });
});

describe('the rules', () => {
  it('holds back non-urgent events in quiet hours, and sends urgent ones', async ({ onTestFinished }) => {
    const now = new Date();
    const start = clockAt(new Date(now.getTime() - 60 * 60_000), t.config.timeZone);
    const end = clockAt(new Date(now.getTime() + 60 * 60_000), t.config.timeZone);
    expect((await rules({ quiet_start: start, quiet_end: end })).statusCode).toBe(200);
    t.app.customerSettings.forget();
    onTestFinished(restoreRules);
    const o = await place();
    await move(o.id, 'preparing_order');
    const cancel = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/status`,
      token: tokens.admin,
      payload: { status: 'cancelled', reason: 'Kupac odustao' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await settled(o.id, 'accepted'))?.skip_reason).toBe('quiet_hours');
    expect((await settled(o.id, 'cancelled'))?.state).toBe('sent');
  });

  it('sends nothing to a customer who opted out', async ({ onTestFinished }) => {
    await contact({ opted_out: true });
    // Opted in again when it ends, failed or not: the tests after it send to the same customer.
    onTestFinished(async () => {
      await contact({ opted_out: false });
    });
    const o = await place();
    await move(o.id, 'preparing_order');
    expect(await settled(o.id, 'accepted')).toMatchObject({
      state: 'skipped',
      skip_reason: 'opted_out',
      channel: null,
    });
  });

  it('stops at the per-order cap', async ({ onTestFinished }) => {
    expect((await rules({ per_order_cap: 1 })).statusCode).toBe(200);
    t.app.customerSettings.forget();
    onTestFinished(restoreRules);
    const o = await place();
    await move(o.id, 'preparing_order');
    await move(o.id, 'ready_for_pickup');
    await t.database.db
      .update(orders)
      .set({ promised_at: sql`now() - interval '1 hour'` })
      .where(eq(orders.id, o.id));
    // Late (from the order's event): over the cap of one.
    await t.database.db
      .update(orders)
      .set({ predicted_delivery_at: sql`now() + interval '1 hour'` })
      .where(eq(orders.id, o.id));
    const lock = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/dispatch-lock`,
      token: tokens.dispatcher,
      payload: { locked: true },
    });
    expect(lock.statusCode, lock.body).toBe(200);
    // Logged pending first; the cap is applied when it is sent.
    expect(await settled(o.id, 'late')).toMatchObject({ state: 'skipped', skip_reason: 'cap' });
  });

  it('records each event once per order, however often it is triggered', async () => {
    const o = await place();
    const { record } = await import('./notifications-service.js');
    const settings = await t.app.customerSettings.get();
    const results = await Promise.all(
      Array.from({ length: 5 }, () =>
        record(
          t.database.db,
          { id: o.id, customer_id: customerId },
          'arriving',
          settings,
          t.config.timeZone,
          new Date(),
        ),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(customerNotifications)
      .where(and(eq(customerNotifications.order_id, o.id), eq(customerNotifications.event, 'arriving')));
    expect(rows).toHaveLength(1);
  });
});

describe('two instances hearing the same events', () => {
  let b: FastifyInstance;
  beforeAll(async () => {
    b = await buildApp({ ...t.config }, { database: t.database, logger: false });
    await b.ready();
    // What Redis does between instances: every event of one reaches the other.
    t.app.bus.subscribe((event) => {
      const { id: _id, at: _at, ...rest } = event as typeof event & { id: string; at: string };
      void b.bus.publish(rest as never);
    });
  });
  afterAll(() => b?.close());

  it('the driver near the door fires "arriving" once, sent once', async () => {
    await contact({ push_token: null, language: 'en' });
    const o = await place();
    const [driver] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'driver@example.com'));
    if (!driver) throw new Error('no driver');
    await move(o.id, 'preparing_order');
    await move(o.id, 'ready_for_pickup');
    const assign = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/assign`,
      token: tokens.dispatcher,
      payload: { driver_id: driver.id, allow_busy: true },
    });
    expect(assign.statusCode, assign.body).toBe(200);
    await move(o.id, 'in_delivery');
    recorded.length = 0;
    await nearTheDoor(t.app, driver.id, o.id);
    const row = await settled(o.id, 'arriving');
    expect(row).toMatchObject({ state: 'sent', channel: 'sms', attempts: 1 });
    await vi.waitFor(async () => {
      const rows = await t.database.db
        .select()
        .from(customerNotifications)
        .where(eq(customerNotifications.order_id, o.id));
      expect(rows.filter((r) => r.event === 'arriving')).toHaveLength(1);
    });
    // This order's message only: an earlier test's order of the same driver may be near the same door.
    expect(recorded.filter((r) => r.body.includes('almost+there') && r.body.includes(o.number))).toHaveLength(
      1,
    );
  });
});

/**
 * Two instances on the Redis bus (TEST_REDIS_URL), as deployed: each trigger, whichever instance makes
 * the change, is recorded once and sent once, though both hear every event and both run the job queue.
 */
describe.runIf(process.env.TEST_REDIS_URL)('two instances on the Redis bus: each trigger once', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  const heardOnB: string[] = [];
  beforeAll(async () => {
    const config = { ...t.config, redisUrl: process.env.TEST_REDIS_URL };
    a = await buildApp(config, { database: t.database, logger: false });
    b = await buildApp(config, { database: t.database, logger: false });
    await Promise.all([a.ready(), b.ready()]);
    await vi.waitFor(() => expect([a.bus.redisState(), b.bus.redisState()]).toEqual(['up', 'up']), {
      timeout: 20_000,
    });
    b.bus.observe((event, via) => {
      if (via === 'redis') heardOnB.push(event.type);
    });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('accepted, picked up, late, arriving, delivered and cancelled each fire once, sent once', async () => {
    expect((await rules()).statusCode).toBe(200);
    a.customerSettings.forget();
    b.customerSettings.forget();
    await contact({ push_token: null, opted_out: false, language: 'en' });
    const on = (app: FastifyInstance, url: string, payload: object) =>
      app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${tokens.admin}` }, payload });
    const status = async (app: FastifyInstance, id: number, next: string) => {
      const res = await on(app, `/api/orders/${id}/status`, { status: next, reason: 'Kupac odustao' });
      expect(res.statusCode, res.body).toBe(200);
    };
    const o = await place();
    const other = await place();
    recorded.length = 0;
    await status(a, o.id, 'preparing_order');
    await status(b, o.id, 'ready_for_pickup');
    const [driver] = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'driver@example.com'));
    if (!driver) throw new Error('no driver');
    const assigned = await on(a, `/api/orders/${o.id}/assign`, { driver_id: driver.id, allow_busy: true });
    expect(assigned.statusCode, assigned.body).toBe(200);
    await status(b, o.id, 'in_delivery');
    // Late: the prediction passes the promise; the next change of the order announces it.
    await t.database.db
      .update(orders)
      .set({
        promised_at: sql`now() - interval '1 hour'`,
        predicted_delivery_at: sql`now() + interval '1 hour'`,
      })
      .where(eq(orders.id, o.id));
    const lock = await on(a, `/api/orders/${o.id}/dispatch-lock`, { locked: true });
    expect(lock.statusCode, lock.body).toBe(200);
    // Arriving: the driver's position near the door, heard by both instances through Redis.
    await nearTheDoor(a, driver.id, o.id);
    await settled(o.id, 'arriving');
    await status(b, o.id, 'delivered');
    await status(a, other.id, 'cancelled');

    const events = ['accepted', 'picked_up', 'late', 'arriving', 'delivered'];
    for (const event of events)
      expect(await settled(o.id, event)).toMatchObject({ state: 'sent', attempts: 1 });
    expect(await settled(other.id, 'cancelled')).toMatchObject({ state: 'sent', attempts: 1 });
    const rows = await t.database.db
      .select({ order_id: customerNotifications.order_id, event: customerNotifications.event })
      .from(customerNotifications)
      .where(sql`${customerNotifications.order_id} in (${o.id}, ${other.id})`);
    expect(rows.map((r) => `${r.order_id}:${r.event}`).sort()).toEqual(
      [...events.map((e) => `${o.id}:${e}`), `${other.id}:cancelled`].sort(),
    );
    // Sent once each: one SMS per event of the order, one for the other order.
    const bodies = recorded
      .filter((r) => r.url.includes('Messages.json'))
      .map((r) => new URLSearchParams(r.body).get('Body') ?? '');
    expect(bodies.filter((body) => body.includes(o.number))).toHaveLength(events.length);
    expect(bodies.filter((body) => body.includes(other.number))).toHaveLength(1);
    // The second instance heard the first one's changes through Redis: both had the chance to fire.
    expect(heardOnB).toEqual(expect.arrayContaining(['order.updated', 'driver.updated']));
  });
});

describe('templates and settings', () => {
  it('lists every event in both languages, saves with a preview, refuses unknown placeholders; audited', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/notifications/templates',
      token: tokens.appmanager,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(12);
    const bad = await t.request({
      method: 'PUT',
      url: '/api/notifications/templates/late/en',
      token: tokens.admin,
      lang: 'en',
      payload: { body: 'Late by {minutes}, {phone}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.body).toEqual([
      'Only {order_number}, {restaurant}, {minutes} and {link} may be used',
    ]);
    const preview = await t.request({
      method: 'POST',
      url: '/api/notifications/preview',
      token: tokens.admin,
      payload: { event: 'late', language: 'en', body: 'Order {order_number} late by {minutes} min' },
    });
    expect(preview.json().data).toEqual({ text: 'Order D100123 late by 25 min', length: 28 });
    const saved = await t.request({
      method: 'PUT',
      url: '/api/notifications/templates/late/en',
      token: tokens.appmanager,
      payload: { body: 'Order {order_number} late by {minutes} min' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = (
      await t.request({ method: 'GET', url: '/api/notifications/templates', token: tokens.admin })
    ).json().data;
    expect(
      after.find((x: { event: string; language: string }) => x.event === 'late' && x.language === 'en'),
    ).toMatchObject({
      is_default: false,
      body: 'Order {order_number} late by {minutes} min',
    });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entity, 'notification_template'));
    expect(entry?.after).toEqual({ body: 'Order {order_number} late by {minutes} min' });
  });

  it('refuses other roles, and half-given quiet hours change nothing', async () => {
    for (const who of ['dispatcher', 'manager', 'customer']) {
      expect(
        (await t.request({ method: 'GET', url: '/api/notifications/settings', token: tokens[who] }))
          .statusCode,
        who,
      ).toBe(403);
      const put = await t.request({
        method: 'PUT',
        url: '/api/notifications/templates/late/bs',
        token: tokens[who],
        payload: { body: 'x' },
      });
      expect(put.statusCode, who).toBe(403);
    }
    const before = await t.database.db.select().from(notificationSettings);
    const half = await rules({ quiet_start: '22:00', quiet_end: null });
    expect(half.statusCode).toBe(400);
    expect(half.json().errors.quiet_end).toEqual(['Give both ends of the quiet hours, or neither']);
    expect(await t.database.db.select().from(notificationSettings)).toEqual(before);
    const setup = (
      await t.request({ method: 'GET', url: '/api/notifications/settings', token: tokens.admin })
    ).json().data;
    expect(setup.channels).toEqual({ push: true, sms: true });
  });
});
