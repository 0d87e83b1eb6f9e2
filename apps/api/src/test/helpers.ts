import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect, vi } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import type { JobName } from '../lib/jobs.js';
import { rowsOf } from '../lib/sql.js';
import { HERE } from '../modules/dispatch/dispatch-scene.js';

export const DEMO_PASSWORD = 'DemoPass!2026';

/**
 * A fresh, migrated, seeded database per test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
async function testDatabase(): Promise<{
  database: Database;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({});
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `dostava_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await database.close();
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  /** The PostgreSQL URL of this test's database when TEST_DATABASE_URL is set (PGlite has none). */
  databaseUrl: string | undefined;
  config: Config;
  /** Signs in a demo account (staff or app) and returns its tokens. */
  signIn(email: string, password?: string): Promise<{ access_token: string; refresh_token: string }>;
  /** Injects a request as the given access token (or none), in the given language. */
  request(options: InjectOptions & { token?: string; lang?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dostava-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'silent',
      SIGN_IN_MAX_PER_ACCOUNT: '1000',
      SIGN_IN_MAX_PER_IP: '1000',
      RATE_LIMIT_MAX: '100000',
      WEB_DIST: path.join(dataDir, 'no-web'),
      ...env,
    }),
    embeddedDatabase: 'memory',
  };
  const { database, url: databaseUrl, drop } = await testDatabase();
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir, demoPassword: DEMO_PASSWORD, orders: 300, days: 30 });
  const app = await buildApp(config, { database, logger: false });
  await app.ready();

  const request: TestContext['request'] = ({ token, lang, headers, ...options }) =>
    app.inject({
      ...options,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(lang ? { 'accept-language': lang } : {}),
        ...headers,
      },
    });

  return {
    app,
    database,
    databaseUrl,
    config,
    request,
    async signIn(email, password = DEMO_PASSWORD) {
      // Staff sign in to the back office; drivers and customers (refused there) through the app endpoint.
      let res = await request({ method: 'POST', url: '/api/auth/sign-in', payload: { email, password } });
      if (res.statusCode === 403)
        res = await request({ method: 'POST', url: '/api/auth/app/sign-in', payload: { email, password } });
      if (res.statusCode !== 200)
        throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json().data;
    },
    async close() {
      await app.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits until the job queued as `key` has run to its end (pg-boss keeps finished jobs in its table):
 * a test of what a job must not do waits for the job, not for a time a loaded machine may outlast.
 */
export async function jobFinished(database: Database, name: JobName, key: string): Promise<void> {
  await vi.waitFor(
    async () => {
      const jobs = await rowsOf<{ state: string }>(
        database.db,
        sql`select state from pgboss.job where name = ${name} and singleton_key = ${key}`,
      );
      expect(jobs.map((j) => j.state)).toEqual(['completed']);
    },
    { timeout: 60_000, interval: 200 },
  );
}

/**
 * An order placed by the customer at `restaurantId`, a kilometre or so from HERE, moved by an Admin
 * to ready for pickup: it waits for a driver.
 */
export async function readyOrder(
  t: TestContext,
  tokens: Record<string, string>,
  restaurantId: number,
  productId: number,
): Promise<number> {
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: tokens.customer,
    payload: {
      restaurant_id: restaurantId,
      items: [{ product_id: productId, quantity: 1 }],
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 111 222',
      lat: HERE.lat + 0.01,
      lng: HERE.lng + 0.01,
      payment: 'cash',
    },
  });
  if (placed.statusCode !== 201) throw new Error(`order refused: ${placed.body}`);
  const id = placed.json().data.id as number;
  for (const status of ['preparing_order', 'ready_for_pickup']) {
    const moved = await t.request({
      method: 'POST',
      url: `/api/orders/${id}/status`,
      token: tokens.admin,
      payload: { status },
    });
    if (moved.statusCode !== 200) throw new Error(`${status} refused: ${moved.body}`);
  }
  return id;
}
