import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect, inject, vi } from 'vitest';
import { buildApp } from '../app.js';
import { type Config, loadConfig } from '../config.js';
import { type Database, openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import type { JobName } from '../lib/jobs.js';
import { rowsOf } from '../lib/sql.js';
import { HERE } from '../modules/dispatch/dispatch-scene.js';
import { createServerDatabase, dropServerDatabase } from './databases.js';

export const DEMO_PASSWORD = 'DemoPass!2026';

/**
 * How old a seeded template may be before the next test file seeds a new one. The seed places its
 * orders relative to now; a file already runs minutes on a loaded machine, so a template this old is
 * within what every test tolerates, and a worker seeds a few times a run instead of once per file.
 */
const TEMPLATE_MAX_AGE_MS = 120_000;

interface Template {
  made_at: number;
  /** The seeded uploads (restaurant and product pictures), copied into each test's data directory. */
  uploads: string;
  /** PGlite: the seeded data directory, dumped. */
  dump?: string;
  /** PostgreSQL: the seeded database that each test's database is created from. */
  database?: string;
}

const templateFile = (dir: string) => path.join(dir, 'template.json');

/** Migrates and seeds a new database, the way every test file's starts. */
async function seeded(database: Database, dataDir: string) {
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir, demoPassword: DEMO_PASSWORD, orders: 300, days: 30 });
}

/**
 * This worker's seeded template (made by the first file that needs one, again once it is older than
 * TEMPLATE_MAX_AGE_MS): opening PGlite empty, migrating and seeding took 6-8 s per file, loading the
 * dump under 1.3 s; on PostgreSQL a database is created from the template database. Without the
 * global setup (test/global-setup.ts) every file seeds its own, as before.
 */
async function workerTemplate(serverUrl: string | undefined): Promise<Template | undefined> {
  const root = inject('templates');
  if (!root) return undefined;
  const dir = path.join(root, `worker-${process.env.VITEST_POOL_ID ?? '0'}`);
  mkdirSync(dir, { recursive: true });
  const previous = existsSync(templateFile(dir))
    ? (JSON.parse(readFileSync(templateFile(dir), 'utf8')) as Template)
    : undefined;
  if (previous && Date.now() - previous.made_at < TEMPLATE_MAX_AGE_MS) return previous;

  const made_at = Date.now();
  const uploads = path.join(dir, String(made_at));
  mkdirSync(uploads);
  const template: Template = { made_at, uploads: path.join(uploads, 'uploads') };
  if (serverUrl) {
    template.database = `dostava_template_${randomBytes(6).toString('hex')}`;
    const database = await openDatabase({
      databaseUrl: await createServerDatabase(serverUrl, template.database),
      poolSize: 2,
    });
    await seeded(database, uploads).finally(() => database.close());
  } else {
    const database = await openDatabase({});
    try {
      await seeded(database, uploads);
      const dump = await database.dump?.();
      if (!dump) throw new Error('PGlite cannot dump its data directory.');
      template.dump = path.join(uploads, 'pgdata.tar');
      writeFileSync(template.dump, Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  }
  writeFileSync(templateFile(dir), JSON.stringify(template));
  if (previous) {
    if (previous.database && serverUrl) await dropServerDatabase(serverUrl, previous.database);
    rmSync(path.dirname(previous.uploads), { recursive: true, force: true });
  }
  return template;
}

/**
 * A fresh, migrated, seeded database per test file: PGlite in memory by default, or a new database
 * on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards); each a copy of this
 * worker's seeded template when there is one.
 */
async function testDatabase(dataDir: string): Promise<{
  database: Database;
  url: string | undefined;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const template = await workerTemplate(serverUrl);
  if (template) cpSync(template.uploads, path.join(dataDir, 'uploads'), { recursive: true });
  if (!serverUrl) {
    const database = await openDatabase(
      template?.dump ? { pgliteLoad: new Blob([readFileSync(template.dump)]) } : {},
    );
    if (!template) await seeded(database, dataDir);
    return { database, url: undefined, drop: () => database.close() };
  }
  const name = `dostava_test_${randomBytes(6).toString('hex')}`;
  const url = await createServerDatabase(serverUrl, name, template?.database);
  const database = await openDatabase({ databaseUrl: url, poolSize: 5 });
  if (!template) await seeded(database, dataDir);
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await dropServerDatabase(serverUrl, name);
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
  const { database, url: databaseUrl, drop } = await testDatabase(dataDir);
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
