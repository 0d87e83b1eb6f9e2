import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from './app.js';
import { type Database, openDatabase } from './db/client.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from './test/helpers.js';

/**
 * Several API instances on one PostgreSQL and one Redis: sessions, live events and rate limits hold
 * across them. Needs the servers (TEST_DATABASE_URL and TEST_REDIS_URL), as .ci/run provides.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL);

describe.runIf(enabled)('two API instances', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let bDatabase: Database;
  let baseB = '';

  beforeAll(async () => {
    const namespace = randomBytes(4).toString('hex');
    a = await createTestContext({
      REDIS_URL: process.env.TEST_REDIS_URL ?? '',
      RATE_LIMIT_NAMESPACE: `test-rl-${namespace}:`,
      SIGN_IN_MAX_PER_ACCOUNT: '4',
      RATE_LIMIT_WINDOW_SECONDS: '60',
      JWT_SECRET: `cluster-${namespace}-${'x'.repeat(32)}`,
    });
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 3 });
    b = await buildApp({ ...a.config }, { database: bDatabase, logger: false });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const address = b.server.address();
    baseB = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('signs in on one instance and refreshes on the other', async () => {
    const session = await a.signIn('dispatcher@example.com');
    const res = await b.inject({
      method: 'POST',
      url: '/api/auth/refresh',
      payload: { refresh_token: session.refresh_token },
    });
    expect(res.statusCode).toBe(200);
    // The rotation is shared: the spent token is refused back on the first instance.
    expect(
      (
        await a.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: session.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('ends a session on every instance at once: logout on A, the same access token refused on B', async () => {
    const session = await a.signIn('dispatcher@example.com');
    const onB = () =>
      b.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.access_token}` },
      });
    expect((await onB()).statusCode).toBe(200); // B now remembers the session as active
    const out = await a.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: session.access_token,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // The notice crosses Redis in milliseconds; without it B would answer from its memory for the
    // token's whole life. The limit leaves room for a loaded machine, far below that life.
    await vi.waitFor(async () => expect((await onB()).statusCode).toBe(401), {
      timeout: 20_000,
      interval: 20,
    });
  });

  it('carries an order change made through instance A to an event subscriber on instance B', async () => {
    const dispatcher = await a.signIn('dispatcher@example.com');
    const controller = new AbortController();
    const stream = await fetch(`${baseB}/api/events`, {
      headers: { authorization: `Bearer ${dispatcher.access_token}` },
      signal: controller.signal,
    });
    const reader = stream.body?.getReader();
    let text = '';
    const decoder = new TextDecoder();
    // Read in the background until the test ends the stream.
    void (async () => {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        text += decoder.decode(chunk.value, { stream: true });
      }
    })().catch(() => undefined);
    await vi.waitFor(() => expect(text).toContain('event: ready'), { timeout: 20_000 });

    const customer = await a.signIn('customer@example.com');
    const menu = (
      await a.request({ method: 'GET', url: '/api/restaurants/1/menu', token: customer.access_token })
    ).json().data;
    const productId = menu.categories[0].products[0].id;
    const order = await a.request({
      method: 'POST',
      url: '/api/orders',
      token: customer.access_token,
      payload: {
        restaurant_id: 1,
        items: [{ product_id: productId, quantity: 1 }],
        address: 'Titova 1',
        phone: '+387 61 111 222',
        lat: 43.86,
        lng: 18.42,
        payment: 'card',
      },
    });
    expect(order.statusCode).toBe(201);
    const id = order.json().data.id;
    try {
      await vi.waitFor(() => expect(text).toContain(`"order_id":${id}`), { timeout: 20_000 });
    } finally {
      controller.abort();
    }
  });

  it('holds the sign-in rate limit across instances (shared store)', async () => {
    // A fresh address per run, so counters left in Redis by an earlier run cannot interfere.
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const attempt = (app: 'a' | 'b') => {
      const options = {
        method: 'POST' as const,
        url: '/api/auth/sign-in',
        payload: { email, password: 'Wrong!Pass1' },
      };
      return app === 'a' ? a.request(options) : b.inject(options);
    };
    const codes = [];
    for (const which of ['a', 'b', 'a', 'b', 'a'] as const) codes.push((await attempt(which)).statusCode);
    expect(codes).toEqual([401, 401, 401, 401, 429]);
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email, password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(429);
    // Other accounts are not held back by this one's limit.
    expect(
      (
        await b.inject({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'appmanager@example.com', password: DEMO_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});
