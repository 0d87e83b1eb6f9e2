import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { lockFileOf } from '../db/data-dir-lock.js';
import { rowsOf } from '../lib/sql.js';
import { call, signIn } from '../test/http.js';
import {
  type ApiProcess,
  type Backend,
  type Demo,
  openBackend,
  orderBody,
  spawnApi,
  startApi,
  until,
  useBackend,
} from '../test/processes.js';

/**
 * One server per PGlite data directory (decision 0026). Before the lock, a second `npm start` on the
 * same DATA_DIR started, both handed out the same order ids, and one side's acknowledged orders were
 * gone when they stopped. Now the second refuses, naming the folder and the first one's pid, and the
 * first serves on and loses nothing; a lock left by a SIGKILLed server is taken over at the next start.
 */

async function placeOrders(api: ApiProcess, demo: Demo, count: number): Promise<number[]> {
  const kitchen = demo.kitchens[0];
  const product = kitchen && demo.menus.get(kitchen.restaurant_id)?.[0];
  if (!kitchen || !product) throw new Error('the demo has no menu');
  const customer = await signIn(api.url, demo.customers[0] as string, true);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const res = await call(api.url, 'POST', '/api/orders', {
      token: customer,
      body: orderBody(kitchen.restaurant_id, [{ product_id: product.id, quantity: 1 }]),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    ids.push((res.body.data as { id: number }).id);
  }
  return ids;
}

/** The orders among `ids` that the data directory holds, read with the server stopped. */
async function ordersFound(backend: Backend, ids: number[]): Promise<number[]> {
  const database = await openBackend(backend);
  try {
    const rows = await rowsOf<{ id: number }>(
      database.db,
      sql`select id from orders where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) order by id`,
    );
    return rows.map((r) => Number(r.id));
  } finally {
    await database.close();
  }
}

describe('one server per PGlite data directory', () => {
  const setup = useBackend('pglite');
  const apis: ApiProcess[] = [];
  afterAll(() => Promise.all(apis.map((api) => api.stop())));

  it('refuses a second server on the folder, naming it and the pid holding it; the first serves on and loses nothing', async () => {
    const { backend, demo } = setup;
    const first = await startApi(backend);
    apis.push(first);
    const acked = await placeOrders(first, demo, 3);

    const second = spawnApi(backend);
    const outcome = await Promise.race([
      second.exited.then((code) => ({ exited: code })),
      until(() => /running at/.test(second.output()), 'the second server to listen or exit', 120_000).then(
        () => 'listening' as const,
      ),
    ]);
    if (outcome === 'listening') {
      second.child.kill('SIGTERM');
      await second.exited;
    }
    expect(outcome, second.output()).toEqual({ exited: 1 });
    const pgdata = path.join(backend.dataDir, 'pgdata');
    expect(second.output()).toContain(
      `The embedded database in ${pgdata} is in use by pid ${first.child.pid}`,
    );
    expect(second.output()).toContain('another DATA_DIR');
    expect(second.output(), 'a message, not a stack trace').not.toMatch(/^\s+at /m);

    acked.push(...(await placeOrders(first, demo, 3)));
    const health = await call(first.url, 'GET', '/api/health/ready');
    expect(health.status).toBe(200);
    await first.stop();
    expect(existsSync(lockFileOf(pgdata)), 'a clean stop lets go of the lock').toBe(false);
    expect(await ordersFound(backend, acked)).toEqual(acked);
  });

  it('takes over the lock a SIGKILLed server left behind', async () => {
    const { backend, demo } = setup;
    const pgdata = path.join(backend.dataDir, 'pgdata');
    const killed = await startApi(backend);
    apis.push(killed);
    const acked = await placeOrders(killed, demo, 3);
    await killed.kill();
    const left = JSON.parse(readFileSync(lockFileOf(pgdata), 'utf8')) as { pid: number };
    expect(left.pid, 'the killed server could not let go').toBe(killed.child.pid);

    const next = await startApi(backend);
    apis.push(next);
    const admin = await signIn(next.url, 'admin@example.com');
    for (const id of acked) {
      const res = await call(next.url, 'GET', `/api/orders/${id}`, { token: admin });
      expect(res.status, `order ${id}`).toBe(200);
    }
    acked.push(...(await placeOrders(next, demo, 2)));
    await next.stop();
    expect(await ordersFound(backend, acked)).toEqual(acked);
  });
});
