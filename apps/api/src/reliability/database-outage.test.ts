import { translate } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { type Answer, call, signIn } from '../test/http.js';
import { integrityViolations } from '../test/integrity.js';
import {
  type ApiProcess,
  canRunPostgres,
  openBackend,
  orderBody,
  startApi,
  until,
  useBackend,
  wait,
} from '../test/processes.js';

/**
 * The PostgreSQL server stopped and started again under a running API: while it is away every
 * request gets a prompt, translated 503 (never a 500, never a hang, never a misleading 401), and
 * when it is back the API recovers by itself — no restart — with every acknowledged write kept.
 */
if (!canRunPostgres()) console.warn('database outage test: no PostgreSQL binaries here, skipped');

interface Probe {
  kind: 'read' | 'write' | 'sign-in' | 'health';
  sent: number;
  answered: number;
  res: Answer;
}

const summary = (probes: Probe[]) =>
  probes
    .slice(-12)
    .map((p) => `${p.kind} ${p.res.status} ${JSON.stringify(p.res.body).slice(0, 200)} ${p.res.error ?? ''}`)
    .join('\n');

describe.runIf(canRunPostgres())('the database restarted under the API', () => {
  const setup = useBackend('postgres');
  let api: ApiProcess;
  beforeAll(async () => {
    api = await startApi(setup.backend, { DATABASE_POOL_SIZE: '5' });
  });
  afterAll(() => api?.stop());

  const countOrders = async () => {
    const database = await openBackend(setup.backend);
    try {
      return Number(
        (await rowsOf<{ n: number }>(database.db, sql`select count(*)::int n from orders`))[0]?.n,
      );
    } finally {
      await database.close();
    }
  };

  it('answers 503 while it is down, recovers by itself, and loses no acknowledged write', async () => {
    const { backend, demo, postgres } = setup;
    if (!postgres) throw new Error('no PostgreSQL server');
    const admin = await signIn(api.url, 'admin@example.com');
    const customer = await signIn(api.url, demo.customers[0] ?? '', true);
    const restaurant = demo.kitchens[0]?.restaurant_id ?? 0;
    const product = demo.menus.get(restaurant)?.[0];
    const before = await countOrders();

    const probes: Probe[] = [];
    let running = true;
    const loop = async (kind: Probe['kind'], send: () => Promise<Answer>) => {
      while (running) {
        const sent = Date.now();
        const res = await send();
        probes.push({ kind, sent, answered: Date.now(), res });
        await wait(20); // timed on purpose: the pace of the traffic
      }
    };
    const loops = [
      loop('read', () => call(api.url, 'GET', '/api/orders?per_page=5', { token: admin })),
      loop('read', () => call(api.url, 'GET', '/api/dashboard?period=today', { token: admin })),
      loop('write', () =>
        call(api.url, 'POST', '/api/orders', {
          token: customer,
          body: orderBody(restaurant, [{ product_id: product?.id, quantity: 1 }]),
        }),
      ),
      loop('sign-in', () =>
        call(api.url, 'POST', '/api/auth/sign-in', {
          body: { email: 'dispatcher@example.com', password: 'DemoPass!2026' },
        }),
      ),
      loop('health', () => call(api.url, 'GET', '/api/health')),
    ];

    /** Every kind of request has been answered `status` since `from`, `count` times at least in all. */
    const answeredSince = (from: number, status: (kind: Probe['kind']) => number, count = 1) => {
      const after = probes.filter((p) => p.sent >= from);
      const kinds = ['read', 'write', 'sign-in', 'health'] as const;
      return (
        after.length >= count &&
        kinds.every((k) => after.some((p) => p.kind === k && p.res.status === status(k)))
      );
    };
    const served = (kind: Probe['kind']) => (kind === 'write' ? 201 : 200);
    await until(() => answeredSince(0, served), 'traffic to flow');
    const stopping = Date.now();
    await postgres.stop('fast');
    const down = Date.now();
    const english = await call(api.url, 'GET', '/api/orders', { token: admin, lang: 'en' });
    await until(() => answeredSince(down, () => 503, 21), 'every kind of request to meet the outage');
    const starting = Date.now();
    await postgres.start();
    const up = Date.now();
    const recovered = await until(
      () => {
        const after = probes.filter((p) => p.sent >= up);
        const ok = (kind: Probe['kind'], status: number) =>
          after.some((p) => p.kind === kind && p.res.status === status);
        return ok('read', 200) && ok('write', 201) && ok('sign-in', 200) && ok('health', 200) && Date.now();
      },
      'the API to recover without a restart',
      undefined,
      50,
    ).catch((error) => {
      throw new Error(`${error}\n${summary(probes.filter((p) => p.sent >= up))}\n${api.output()}`);
    });
    running = false;
    await Promise.all(loops);

    const statuses = [...new Set(probes.map((p) => p.res.status))].sort();
    console.log(
      `database outage: ${probes.length} requests, statuses ${statuses.join(', ')}; down ${starting - stopping} ms, recovered ${recovered - up} ms after the database was back`,
    );
    // Only success or a clear 503, at every moment.
    const serverErrors = api
      .output()
      .split('\n')
      .filter((line) => line.includes('"unhandled error"'))
      .join('\n');
    expect(
      probes
        .filter((p) => ![200, 201, 503].includes(p.res.status))
        .map((p) => `${p.kind} ${p.res.status} ${JSON.stringify(p.res.body)} ${p.res.error ?? ''}`),
      serverErrors,
    ).toEqual([]);
    // While it was away: 503 for everything, promptly, translated, with a Retry-After.
    const during = probes.filter((p) => p.sent >= down && p.answered <= starting);
    expect(during.length).toBeGreaterThan(20);
    expect(new Set(during.map((p) => p.kind))).toEqual(new Set(['read', 'write', 'sign-in', 'health']));
    for (const p of during) {
      expect(p.res.status, `${p.kind} during the outage`).toBe(503);
      expect(p.answered - p.sent).toBeLessThan(5000);
      if (p.kind !== 'health') {
        expect(p.res.body).toEqual({ error: 'unavailable', message: translate('bs', 'errors.unavailable') });
        expect(p.res.headers['retry-after']).toBe('5');
      }
    }
    expect(english.status).toBe(503);
    expect(english.body.message).toBe(translate('en', 'errors.unavailable'));
    expect(recovered - up).toBeLessThan(10_000);

    // Every acknowledged order is there; a refused one is not, unless it was in flight as the
    // server went down (its commit may have landed just before the connection was cut).
    const acked = probes.filter((p) => p.kind === 'write' && p.res.status === 201);
    const ambiguous = probes.filter(
      (p) => p.kind === 'write' && p.res.status === 503 && p.sent < down && p.answered >= stopping,
    ).length;
    const added = (await countOrders()) - before;
    expect(added).toBeGreaterThanOrEqual(acked.length);
    expect(added).toBeLessThanOrEqual(acked.length + ambiguous);
    const database = await openBackend(backend);
    try {
      const ids = acked.map((p) => (p.res.body.data as { id: number }).id);
      const [found] = await rowsOf<{ n: number }>(
        database.db,
        sql`select count(*)::int n from orders where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
      expect(found?.n).toBe(ids.length);
      expect(await integrityViolations(database.db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
