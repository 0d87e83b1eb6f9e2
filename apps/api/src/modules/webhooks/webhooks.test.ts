import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_RETRY_SCHEDULE } from '@dostava/shared';
import { and, count, eq } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { ConfigError, loadConfig } from '../../config.js';
import {
  auditLog,
  orders,
  products,
  users,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { HERE } from '../dispatch/dispatch-scene.js';
import { urlProblem } from './webhooks-address.js';
import { recordEtaChanges } from './webhooks-outbox.js';
import { decryptSecret, encryptPlainSecrets, encryptSecret } from './webhooks-secrets.js';
import { nextDelaySeconds, retryAfterSeconds } from './webhooks-sender.js';

// Issue 40: outbound webhooks. Events are written to the outbox in the change's own transaction and
// sent by the workers, signed by Standard Webhooks; a local receiver verifies every signature with the
// same library, goes down and comes back, answers 410; Admins read the log, test and replay.

interface Received {
  id: string;
  type: string;
  data: Record<string, unknown>;
  status: number;
}

/** A receiver on 127.0.0.1 that verifies each request and answers what `answer` says. */
function receiver() {
  const got: Received[] = [];
  let secret = '';
  let answer: (body: { id: string; type: string }) => { status: number; headers?: Record<string, string> } =
    () => ({
      status: 204,
    });
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += chunk;
    });
    req.on('end', () => {
      const headers = {
        'webhook-id': String(req.headers['webhook-id']),
        'webhook-timestamp': String(req.headers['webhook-timestamp']),
        'webhook-signature': String(req.headers['webhook-signature']),
      };
      let payload: { id: string; type: string; data: Record<string, unknown> };
      try {
        payload = new Webhook(secret).verify(raw, headers) as typeof payload;
      } catch {
        res.writeHead(401).end('bad signature');
        return;
      }
      const { status, headers: extra } = answer(payload);
      got.push({ id: headers['webhook-id'], type: payload.type, data: payload.data, status });
      res.writeHead(status, extra).end(status >= 400 ? 'down for maintenance' : 'ok');
    });
  });
  return {
    got,
    server,
    setSecret: (s: string) => {
      secret = s;
    },
    answer: (fn: typeof answer) => {
      answer = fn;
    },
    url: async () => {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
    },
  };
}

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let product = 0;
const rx = receiver();
let endpointId = 0;

beforeAll(async () => {
  t = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
  for (const who of ['admin', 'manager', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  product =
    (
      await db
        .select({ id: products.id })
        .from(products)
        .where(
          and(eq(products.restaurant_id, own), eq(products.show_on_menu, true), eq(products.snoozed, false)),
        )
        .limit(1)
    )[0]?.id ?? 0;
  const url = await rx.url();
  const res = await t.request({
    method: 'POST',
    url: '/api/webhook-endpoints',
    token: tokens.admin,
    payload: {
      url,
      description: 'Accounting',
      event_types: ['order.created', 'order.accepted', 'order.ready', 'order.cancelled', 'restaurant.paused'],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  endpointId = res.json().data.id;
  expect(res.json().data.secret).toMatch(/^whsec_/);
  rx.setSecret(res.json().data.secret);
});
afterAll(async () => {
  await t.close();
  rx.server.close();
});

const placeOrder = async () => {
  const res = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: own,
      items: [{ product_id: product, quantity: 1 }],
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 111 222',
      lat: HERE.lat + 0.01,
      lng: HERE.lng + 0.01,
      payment: 'cash',
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
};
const move = (id: number, status: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    token: tokens.manager,
    payload: { status, ...(reason ? { reason } : {}) },
  });
const eventsOf = (orderId: number) => rx.got.filter((g) => g.data.order_id === orderId);
/** Waits until the endpoint has no delivery left to send (the workers may still have some in flight). */
const nothingPending = () =>
  vi.waitFor(
    async () => {
      const [pending] = await t.database.db
        .select({ n: count() })
        .from(webhookDeliveries)
        .where(and(eq(webhookDeliveries.endpoint_id, endpointId), eq(webhookDeliveries.state, 'pending')));
      expect(pending?.n).toBe(0);
    },
    { timeout: 30_000, interval: 100 },
  );

describe('registering an endpoint', () => {
  it('refuses an unknown event type and a bad URL, translated, and writes nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/webhook-endpoints',
      token: tokens.admin,
      lang: 'en',
      payload: { url: 'ftp://example.com/x', event_types: ['order.exploded'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      url: ['Enter a valid http or https URL.'],
      'event_types.0': ['Unknown event type.'],
    });
    const bs = await t.request({
      method: 'POST',
      url: '/api/webhook-endpoints',
      token: tokens.admin,
      payload: { url: 'https://example.com/x', event_types: ['order.exploded'] },
    });
    expect(bs.json().errors['event_types.0']).toEqual(['Nepoznata vrsta događaja.']);
  });

  it('in production refuses plain HTTP and loopback, private and link-local addresses', async () => {
    const production = await buildApp(
      { ...t.config, env: 'production' },
      { database: t.database, logger: false },
    );
    await production.ready();
    try {
      for (const [url, message] of [
        ['https://127.0.0.1/hooks', 'This URL points to a private, loopback or link-local address.'],
        ['https://10.20.30.40/hooks', 'This URL points to a private, loopback or link-local address.'],
        [
          'https://169.254.169.254/latest/meta-data',
          'This URL points to a private, loopback or link-local address.',
        ],
        ['https://[::1]/hooks', 'This URL points to a private, loopback or link-local address.'],
        ['https://localhost/hooks', 'This URL points to a private, loopback or link-local address.'],
        ['http://93.184.215.14/hooks', 'Webhook URLs must use HTTPS.'],
      ]) {
        const res = await production.inject({
          method: 'POST',
          url: '/api/webhook-endpoints',
          headers: { authorization: `Bearer ${tokens.admin}`, 'accept-language': 'en' },
          payload: { url, event_types: ['order.created'] },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json().errors.url, url).toEqual([message]);
      }
    } finally {
      await production.close();
    }
    expect(await urlProblem('https://93.184.215.14/hooks', true)).toBeNull();
    expect(await urlProblem('http://127.0.0.1/hooks', false)).toBeNull();
  });
});

describe('the outbox and the workers', () => {
  it('delivers each order event once, signed, with the order’s sequence', async () => {
    const id = await placeOrder();
    expect((await move(id, 'preparing_order')).statusCode).toBe(200);
    expect((await move(id, 'ready_for_pickup')).statusCode).toBe(200);
    await vi.waitFor(
      () =>
        expect(eventsOf(id).map((e) => e.type)).toEqual(['order.created', 'order.accepted', 'order.ready']),
      {
        timeout: 30_000,
        interval: 100,
      },
    );
    expect(eventsOf(id).map((e) => e.data.sequence)).toEqual([1, 2, 3]);
    expect(eventsOf(id)[1]?.data).toMatchObject({
      status: 'preparing_order',
      previous_status: 'created',
      restaurant_id: own,
    });
    expect(new Set(eventsOf(id).map((e) => e.id)).size).toBe(3);
  });

  it('writes the event in the change’s transaction: a change that rolls back announces nothing', async () => {
    const id = await placeOrder();
    const remove = t.app.orderHooks.add(async () => {
      throw new Error('a later hook fails');
    });
    try {
      const res = await move(id, 'preparing_order');
      expect(res.statusCode).toBe(500);
    } finally {
      remove();
    }
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.order_id, id));
    expect(rows.map((r) => r.type)).toEqual(['order.created']);
  });

  it('retries while the receiver is down, then delivers every event (never twice in a row without a failure)', async () => {
    let down = true;
    rx.answer(() => (down ? { status: 503 } : { status: 200 }));
    const ids = [await placeOrder(), await placeOrder()];
    await vi.waitFor(() => expect(ids.every((id) => eventsOf(id).some((e) => e.status === 503))).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    down = false;
    // Each order's own order.created answered 200 (another event of the order, an assignment or an
    // ETA, may have been answered first).
    await vi.waitFor(
      () =>
        expect(
          ids.every((id) => eventsOf(id).some((e) => e.type === 'order.created' && e.status === 200)),
        ).toBe(true),
      { timeout: 60_000, interval: 200 },
    );
    for (const id of ids) {
      const seen = eventsOf(id);
      // Each event: failures, then exactly one success.
      expect(seen.filter((e) => e.status === 200)).toHaveLength(1);
      expect(seen.at(-1)?.status).toBe(200);
    }
    // The log shows each attempt: its request, the status answered, the body excerpt, the time taken.
    // The sender writes the 200 after the receiver has answered it: the log may lag a moment.
    const delivery = await vi.waitFor(
      async () => {
        const log = await t.request({
          method: 'GET',
          url: `/api/webhook-endpoints/${endpointId}/deliveries?per_page=20`,
          token: tokens.admin,
        });
        const found = log
          .json()
          .data.find(
            (d: { order_id: number; event_type: string }) =>
              d.order_id === ids[1] && d.event_type === 'order.created',
          );
        expect(found).toMatchObject({ state: 'succeeded', event_type: 'order.created', last_status: 200 });
        return found;
      },
      { timeout: 30_000, interval: 200 },
    );
    expect(delivery.attempt_log[0]).toMatchObject({
      attempt: 1,
      response_status: 503,
      response_body: 'down for maintenance',
    });
    expect(delivery.attempt_log[0].request_headers['webhook-id']).toBe(delivery.event_id);
    expect(delivery.attempt_log.at(-1).response_status).toBe(200);
    rx.answer(() => ({ status: 204 }));
  });

  it('announces a pause in the pause’s own transaction', async () => {
    const res = await t.request({
      method: 'PUT',
      url: `/api/restaurants/${own}/capacity`,
      token: tokens.manager,
      payload: { mode: 'paused', minutes: 15 },
    });
    expect(res.statusCode).toBe(200);
    await vi.waitFor(
      () => expect(rx.got.some((g) => g.type === 'restaurant.paused' && g.data.mode === 'paused')).toBe(true),
      { timeout: 30_000, interval: 100 },
    );
    await t.request({
      method: 'PUT',
      url: `/api/restaurants/${own}/capacity`,
      token: tokens.manager,
      payload: { mode: 'normal' },
    });
  });

  it('sends a test event, replays a delivery with the same id, and stops at 410 Gone', async () => {
    const test = await t.request({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpointId}/test`,
      token: tokens.admin,
    });
    expect(test.statusCode).toBe(202);
    await vi.waitFor(() => expect(rx.got.some((g) => g.type === 'webhook.test')).toBe(true), {
      timeout: 30_000,
      interval: 100,
    });
    const testId = rx.got.find((g) => g.type === 'webhook.test')?.id;
    const replay = await t.request({
      method: 'POST',
      url: `/api/webhook-deliveries/${test.json().data.delivery_id}/replay`,
      token: tokens.admin,
    });
    expect(replay.json().data.replayed).toBe(1);
    await vi.waitFor(() => expect(rx.got.filter((g) => g.id === testId)).toHaveLength(2), {
      timeout: 30_000,
      interval: 100,
    });

    rx.answer(() => ({ status: 410 }));
    const since = new Date(Date.now() - 1000).toISOString();
    const id = await placeOrder();
    await vi.waitFor(
      async () => {
        const endpoint = await t.request({
          method: 'GET',
          url: `/api/webhook-endpoints/${endpointId}`,
          token: tokens.admin,
        });
        expect(endpoint.json().data).toMatchObject({ is_active: false, disabled_reason: 'gone' });
      },
      { timeout: 30_000, interval: 100 },
    );
    const [told] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook_endpoints'), eq(auditLog.action, 'disable')));
    expect(told?.actor_id).toBeNull();
    // Events while disabled wait; enabled again and the failed one replayed, everything arrives.
    const accepted = await move(id, 'preparing_order');
    expect(accepted.statusCode).toBe(200);
    rx.answer(() => ({ status: 204 }));
    const enable = await t.request({
      method: 'PATCH',
      url: `/api/webhook-endpoints/${endpointId}`,
      token: tokens.admin,
      payload: { is_active: true },
    });
    expect(enable.json().data).toMatchObject({ is_active: true, disabled_reason: null });
    const again = await t.request({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpointId}/replay`,
      token: tokens.admin,
      payload: { since },
    });
    expect(again.json().data.replayed).toBe(1);
    await vi.waitFor(
      () =>
        expect(
          eventsOf(id)
            .filter((e) => e.status === 204)
            .map((e) => e.type)
            .sort(),
        ).toEqual(['order.accepted', 'order.created']),
      { timeout: 30_000, interval: 100 },
    );
    // And nothing is left waiting: the other deliveries held while it was disabled go out too (they may
    // still be in flight when this order's two have landed).
    await nothingPending();
  });
});

describe('ETA changes and an endpoint failing for days', () => {
  it('announces an order’s ETA change at most once per 30 s', async () => {
    const patched = await t.request({
      method: 'PATCH',
      url: `/api/webhook-endpoints/${endpointId}`,
      token: tokens.admin,
      payload: { event_types: ['order.created', 'order.accepted', 'order.eta_changed'] },
    });
    expect(patched.json().data).toMatchObject({ is_active: true });
    const id = await placeOrder();
    await t.database.db.transaction((tx) => recordEtaChanges(tx, [id]));
    await t.database.db.transaction((tx) => recordEtaChanges(tx, [id]));
    const rows = await t.database.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.order_id, id), eq(webhookEvents.type, 'order.eta_changed')));
    expect(rows).toHaveLength(1);
    await vi.waitFor(() => expect(eventsOf(id).map((e) => e.type)).toContain('order.eta_changed'), {
      timeout: 30_000,
      interval: 100,
    });
  });

  it('announces an ETA that a command moved itself (an accept), beside the accept', async () => {
    const id = await placeOrder();
    // A prediction the accept is sure to move.
    const stale = new Date(Date.now() + 5 * 3_600_000);
    await t.database.db.update(orders).set({ predicted_delivery_at: stale }).where(eq(orders.id, id));
    expect((await move(id, 'preparing_order')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.order_id, id));
    rows.sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
    expect(rows.map((r) => r.type)).toEqual(['order.created', 'order.accepted', 'order.eta_changed']);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.predicted_delivery_at?.getTime()).not.toBe(stale.getTime());
    const eta = rows.find((r) => r.type === 'order.eta_changed');
    expect(eta?.data).toMatchObject({ promised_at: order?.predicted_delivery_at?.toISOString() });
  });

  it('disables an endpoint whose deliveries have failed for days, and says so in the audit log', async () => {
    // The previous test's deliveries first land (a success recorded after the backdating below would
    // clear it, and the endpoint would start failing from now).
    await nothingPending();
    rx.answer(() => ({ status: 500 }));
    await t.database.db
      .update(webhookEndpoints)
      .set({ failing_since: new Date(Date.now() - 4 * 86_400_000) })
      .where(eq(webhookEndpoints.id, endpointId));
    await t.request({
      method: 'POST',
      url: `/api/webhook-endpoints/${endpointId}/test`,
      token: tokens.admin,
    });
    await vi.waitFor(
      async () => {
        const endpoint = await t.request({
          method: 'GET',
          url: `/api/webhook-endpoints/${endpointId}`,
          token: tokens.admin,
        });
        expect(endpoint.json().data).toMatchObject({ is_active: false, disabled_reason: 'failing' });
      },
      { timeout: 30_000, interval: 100 },
    );
    const told = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'webhook_endpoints'), eq(auditLog.action, 'disable')));
    expect(told.map((e) => (e.after as { disabled_reason: string }).disabled_reason)).toContain('failing');
    // What the Admins' screens ask for (the notice on the endpoints and in the header): the disabled ones.
    const disabled = await t.request({
      method: 'GET',
      url: '/api/webhook-endpoints?disabled=true',
      token: tokens.admin,
    });
    expect(disabled.json().data.map((e: { id: number }) => e.id)).toEqual([endpointId]);
    const working = await t.request({
      method: 'GET',
      url: '/api/webhook-endpoints?disabled=false',
      token: tokens.admin,
    });
    expect(working.json().data.map((e: { id: number }) => e.id)).not.toContain(endpointId);
    const manager = await t.request({
      method: 'GET',
      url: '/api/webhook-endpoints?disabled=true',
      token: tokens.manager,
    });
    expect(manager.statusCode).toBe(403);
    rx.answer(() => ({ status: 204 }));
  });
});

describe('signing secrets at rest', () => {
  it('are stored encrypted, revealed decrypted, and an old plain one is encrypted at start', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/webhook-endpoints',
      token: tokens.admin,
      payload: { url: 'http://127.0.0.1:9/secret-test', event_types: ['order.created'] },
    });
    const { id, secret } = created.json().data as { id: number; secret: string };
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(row?.secret).toMatch(/^enc:v1:/);
    expect(row?.secret).not.toContain(secret.slice(6));
    const revealed = await t.request({
      method: 'GET',
      url: `/api/webhook-endpoints/${id}/secret`,
      token: tokens.admin,
    });
    expect(revealed.json().data.secret).toBe(secret);

    // A row from before encryption: encrypted by the start-up pass, once, and still the same secret.
    await t.database.db.update(webhookEndpoints).set({ secret }).where(eq(webhookEndpoints.id, id));
    expect(await encryptPlainSecrets(t.database.db, t.config.webhookSecretKey)).toBe(1);
    expect(await encryptPlainSecrets(t.database.db, t.config.webhookSecretKey)).toBe(0);
    const [migrated] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    expect(migrated?.secret).toMatch(/^enc:v1:/);
    expect(decryptSecret(t.config.webhookSecretKey, migrated?.secret ?? '')).toBe(secret);
    await t.request({ method: 'DELETE', url: `/api/webhook-endpoints/${id}`, token: tokens.admin });
  });

  it('cannot be read with another key, and production refuses to start without one', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encryptSecret(key, 'whsec_abc');
    expect(sealed).not.toBe(encryptSecret(key, 'whsec_abc'));
    expect(decryptSecret(key, sealed)).toBe('whsec_abc');
    expect(() => decryptSecret(Buffer.alloc(32, 8), sealed)).toThrow();
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/WEBHOOK_SECRET_KEY is required/);
    expect(() => loadConfig({ ...production, WEBHOOK_SECRET_KEY: 'abcd' })).toThrow(/32 bytes/);
    expect(loadConfig({ ...production, WEBHOOK_SECRET_KEY: '11'.repeat(32) }).webhookSecretKey).toEqual(
      Buffer.alloc(32, 0x11),
    );
    expect(loadConfig({ ...production, NODE_ENV: 'development' }).webhookSecretKey).toHaveLength(32);
  });
});

describe('the retry schedule', () => {
  it('follows at once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with jitter, then gives up', () => {
    expect(WEBHOOK_RETRY_SCHEDULE).toEqual([0, 5, 300, 1800, 7200, 18000, 36000, 36000]);
    expect(nextDelaySeconds(1, null, () => 0.5)).toBe(5);
    expect(nextDelaySeconds(2, null, () => 1)).toBeCloseTo(330);
    expect(nextDelaySeconds(2, null, () => 0)).toBeCloseTo(270);
    expect(nextDelaySeconds(7, null, () => 0.5)).toBe(36000);
    expect(nextDelaySeconds(8, null)).toBeNull();
  });

  it('waits as long as Retry-After asks, in seconds or as a date', () => {
    expect(nextDelaySeconds(1, 120, () => 0.5)).toBe(120);
    expect(retryAfterSeconds('30')).toBe(30);
    expect(retryAfterSeconds(new Date(Date.now() + 60_000).toUTCString())).toBeGreaterThanOrEqual(58);
    expect(retryAfterSeconds('soon')).toBeNull();
  });
});
