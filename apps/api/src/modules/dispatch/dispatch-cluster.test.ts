import { DISPATCH_DEFAULTS } from '@dostava/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.js';
import { type Database, openDatabase } from '../../db/client.js';
import { auditLog, orderOffers } from '../../db/schema/index.js';
import { createTestContext, jobFinished, readyOrder, type TestContext } from '../../test/helpers.js';
import { dispatchScene } from './dispatch-scene.js';

/**
 * Two API instances on one PostgreSQL server, both running dispatch rounds and working the job queue:
 * an offer that runs out is expired once and passed on once (decision 0024). Needs the server
 * (TEST_DATABASE_URL), as .ci/run provides; without Redis each instance hears only its own events, so
 * the job queue is what tells them.
 */
const enabled = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(enabled)('dispatch on two instances', () => {
  let a: TestContext;
  let b: FastifyInstance;
  let bDatabase: Database;
  let restaurant = 0;
  let product = 0;
  const near: number[] = [];

  beforeAll(async () => {
    a = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
    bDatabase = await openDatabase({ databaseUrl: a.databaseUrl, poolSize: 3 });
    b = await buildApp({ ...a.config }, { database: bDatabase, logger: false });
    await b.ready();
    const db = a.database.db;
    const scene = await dispatchScene(db, 'Two instances', 2);
    restaurant = scene.restaurant;
    product = scene.product;
    near.push(...scene.near.map((d) => d.id));
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await a?.close();
  });

  it('an offer that runs out is expired once and offered once to the next driver', async () => {
    const admin = (await a.signIn('admin@example.com')).access_token;
    const customer = (await a.signIn('customer@example.com')).access_token;
    expect(
      (
        await a.request({
          method: 'PUT',
          url: '/api/dispatch/settings',
          token: admin,
          payload: { ...DISPATCH_DEFAULTS, offer_seconds: 15 },
        })
      ).statusCode,
    ).toBe(200);
    await a.request({
      method: 'PUT',
      url: `/api/restaurants/${restaurant}/dispatch-mode`,
      token: admin,
      payload: { mode: 'automatic' },
    });
    const id = await readyOrder(a, { admin, customer }, restaurant, product);

    const offers = () =>
      a.database.db.select().from(orderOffers).where(eq(orderOffers.order_id, id)).orderBy(orderOffers.id);
    const until = (check: (rows: Awaited<ReturnType<typeof offers>>) => boolean) =>
      vi.waitFor(
        async () => {
          const rows = await offers();
          if (!check(rows)) throw new Error(`timed out: ${JSON.stringify(rows)}`);
        },
        { timeout: 60_000, interval: 200 },
      );
    await until((rows) => rows.some((o) => o.status === 'pending'));
    const [first] = await offers();
    expect(first?.driver_id).toBe(near[0]);
    // Nobody answers: 15 s later it expires, and the second driver is offered it, once.
    await until((rows) => rows.some((o) => o.status === 'pending' && o.driver_id === near[1]));
    // Once the queue's job for the first offer has run too, whichever instance took it, nothing more comes.
    await jobFinished(a.database, 'dispatch-offer-expires', `offer:${first?.id}`);
    expect((await offers()).map((o) => [o.driver_id, o.status])).toEqual([
      [near[0], 'expired'],
      [near[1], 'pending'],
    ]);
    const expired = await a.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditLog)
      .where(and(eq(auditLog.entity_id, String(id)), eq(auditLog.action, 'offer_expired')));
    expect(expired[0]?.n).toBe(1);
    await a.request({
      method: 'PUT',
      url: `/api/restaurants/${restaurant}/dispatch-mode`,
      token: admin,
      payload: { mode: null },
    });
  }, 180_000);
});
