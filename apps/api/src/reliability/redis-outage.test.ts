import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../test/helpers.js';
import { call, type EventStream, openEvents, signIn } from '../test/http.js';
import {
  type ApiProcess,
  canRunPostgres,
  canRunRedis,
  orderBody,
  type RedisServer,
  startApi,
  startRedis,
  until,
  useBackend,
  wait,
} from '../test/processes.js';

/**
 * Two API instances on one PostgreSQL and one Redis, and Redis dies: both keep serving (rate limits
 * count per instance meanwhile), live events still reach the subscribers of the instance where they
 * happen, and when Redis returns events cross instances again, shared limits are back, and every
 * subscriber is told to resync.
 */
const enabled = canRunPostgres() && canRunRedis();
if (!enabled) console.warn('redis outage test: needs PostgreSQL binaries and redis-server, skipped');

describe.runIf(enabled)('Redis going away under two API instances', () => {
  const setup = useBackend('postgres');
  let redis: RedisServer;
  let a: ApiProcess;
  let b: ApiProcess;
  const streams: EventStream[] = [];

  beforeAll(async () => {
    redis = await startRedis();
    const env = {
      REDIS_URL: redis.url,
      SIGN_IN_MAX_PER_ACCOUNT: '3',
      RATE_LIMIT_NAMESPACE: `rl-${randomBytes(4).toString('hex')}:`,
    };
    [a, b] = await Promise.all([startApi(setup.backend, env), startApi(setup.backend, env)]);
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await redis?.kill();
  });

  const health = async (api: ApiProcess) => (await call(api.url, 'GET', '/api/health')).body;
  const attempts = async (targets: ApiProcess[]) => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`;
    const codes: number[] = [];
    for (const api of targets) {
      const res = await call(api.url, 'POST', '/api/auth/sign-in', {
        body: { email, password: 'Wrong!Pass1' },
      });
      codes.push(res.status);
    }
    return codes;
  };

  it('keeps serving, degrades live events to one instance, and recovers when Redis returns', async () => {
    const { demo } = setup;
    const restaurant = demo.kitchens[0]?.restaurant_id ?? 0;
    const product = demo.menus.get(restaurant)?.[0];
    const customer = await signIn(a.url, demo.customers[0] ?? '', true);
    const place = async (api: ApiProcess) => {
      const res = await call(api.url, 'POST', '/api/orders', {
        token: customer,
        body: orderBody(restaurant, [{ product_id: product?.id, quantity: 1 }]),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return `"order_id":${(res.body.data as { id: number }).id}`;
    };
    const dispatcher = await signIn(a.url, 'dispatcher@example.com');
    const onA = await openEvents(a.url, dispatcher);
    const onB = await openEvents(b.url, dispatcher);
    streams.push(onA, onB);

    // Redis up: an order placed through A reaches B's subscriber; limits are shared.
    expect(await health(a)).toMatchObject({ status: 'ok', redis: 'up' });
    const first = await place(a);
    await onB.waitFor(first);
    await onA.waitFor(first);
    expect(await attempts([a, b, a, b])).toEqual([401, 401, 401, 429]);

    // Redis gone.
    await redis.kill();
    for (const api of [a, b])
      await until(async () => (await health(api)).redis === 'down', 'health to report redis down');
    expect(await health(a)).toMatchObject({ status: 'degraded', db: 'up', redis: 'down' });
    expect((await call(a.url, 'GET', '/api/orders?per_page=5', { token: dispatcher })).status).toBe(200);
    expect((await call(b.url, 'GET', '/api/drivers/locations', { token: dispatcher })).status).toBe(200);
    expect(
      (
        await call(b.url, 'POST', '/api/auth/sign-in', {
          body: { email: 'appmanager@example.com', password: DEMO_PASSWORD },
        })
      ).status,
    ).toBe(200);
    const during = await place(a);
    await onA.waitFor(during);
    await wait(1000);
    expect(onB.text()).not.toContain(during);
    // Limits still hold, counted by each instance on its own meanwhile.
    expect(await attempts([a, a, a, a])).toEqual([401, 401, 401, 429]);
    expect(await attempts([a, b, a, b, a, b])).toEqual([401, 401, 401, 401, 401, 401]);

    // Redis back: both see it, B's subscriber is told to resync, events and limits cross again.
    await redis.start();
    for (const api of [a, b])
      await until(async () => (await health(api)).redis === 'up', 'health to report redis up', 20_000);
    await onB.waitFor('event: resync');
    await onA.waitFor('event: resync');
    let after = '';
    await until(
      async () => {
        after = await place(a);
        await wait(300);
        return onB.text().includes(after);
      },
      'an order placed through A to reach B again',
      15_000,
      0,
    );
    await onA.waitFor(after);
    expect(await attempts([a, b, a, b])).toEqual([401, 401, 401, 429]);
  });
});
