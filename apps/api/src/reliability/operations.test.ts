import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationJournal } from '../db/client.js';
import { rowsOf } from '../lib/sql.js';
import { DEMO_PASSWORD } from '../test/helpers.js';
import { call, type EventStream, openEvents, signIn } from '../test/http.js';
import {
  type ApiProcess,
  canRunPostgres,
  canRunRedis,
  openBackend,
  type PostgresServer,
  startApi,
  startPostgres,
  startRedis,
  until,
  useBackend,
} from '../test/processes.js';

/**
 * What an operator relies on: instances started together on an empty database migrate and seed once;
 * SIGTERM drains (not ready, still serving, streams told to reconnect, exit 0 in bounded time); and
 * traces reach an OTLP collector when one is configured.
 */

const exitOf = (api: ApiProcess) =>
  new Promise<number | null>((resolve) => {
    if (api.child.exitCode !== null || api.child.signalCode !== null) resolve(api.child.exitCode);
    else api.child.once('exit', (code) => resolve(code));
  });

describe.runIf(canRunPostgres())('several instances on one PostgreSQL', () => {
  let postgres: PostgresServer;
  const apis: ApiProcess[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(async () => {
    await Promise.all(apis.map((api) => api.stop()));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    postgres?.destroy();
  });

  it('four instances started at once on an empty database migrate once, seed once and all get ready', async () => {
    const databaseUrl = await postgres.createDatabase();
    for (let i = 0; i < 4; i++) dirs.push(mkdtempSync(path.join(tmpdir(), 'dostava-start-')));
    const started = await Promise.all(
      dirs.map((dataDir) => startApi({ kind: 'postgres', dataDir, databaseUrl }, { SEED: '1' })),
    );
    apis.push(...started);
    for (const api of apis) {
      const ready = await call(api.url, 'GET', '/api/health/ready');
      expect(ready.status, api.output()).toBe(200);
      expect(ready.body).toMatchObject({ status: 'ready', db: 'up', migrations: 'done', draining: false });
    }
    const database = await openBackend({ kind: 'postgres', dataDir: dirs[0] ?? '', databaseUrl });
    try {
      const q = <T>(text: string) => rowsOf<T>(database.db, sql.raw(text));
      const [migrations] = await q<{ n: number }>(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      expect(migrations?.n).toBe(migrationJournal.length);
      // One seed: every demo account, restaurant and category once.
      const [seed] = await q<{ admins: number; restaurants: number; names: number }>(
        `select (select count(*)::int from users where email = 'admin@example.com') as admins,
                (select count(*)::int from restaurants) as restaurants,
                (select count(distinct name)::int from restaurants) as names`,
      );
      expect(seed?.admins).toBe(1);
      expect(seed?.restaurants).toBeGreaterThan(0);
      expect(seed?.restaurants).toBe(seed?.names);
    } finally {
      await database.close();
    }
    // Every instance serves the one database.
    for (const api of apis) {
      const token = await signIn(api.url, 'admin@example.com');
      expect((await call(api.url, 'GET', '/api/orders?per_page=1', { token })).status).toBe(200);
    }
  });
});

describe('a graceful drain on SIGTERM', () => {
  const setup = useBackend('pglite');
  let stream: EventStream | undefined;
  afterAll(() => stream?.close());

  it('turns not ready, keeps serving for DRAIN_SECONDS, tells streams to reconnect and exits 0', async () => {
    // A drain long enough for a loaded machine to make its requests within it.
    const api = await startApi(setup.backend, { DRAIN_SECONDS: '10', SHUTDOWN_TIMEOUT_SECONDS: '30' });
    const token = await signIn(api.url, 'dispatcher@example.com');
    stream = await openEvents(api.url, token);
    expect((await call(api.url, 'GET', '/api/health/ready')).status).toBe(200);

    const exited = exitOf(api);
    const sent = Date.now();
    api.child.kill('SIGTERM');
    const notReady = await until(async () => {
      const res = await call(api.url, 'GET', '/api/health/ready');
      return res.status === 503 ? res : undefined;
    }, 'readiness to turn 503');
    expect(notReady.body).toMatchObject({ status: 'not_ready', draining: true });
    // Still alive and serving meanwhile, telling kept-alive clients to go elsewhere.
    expect((await call(api.url, 'GET', '/api/health/live')).status).toBe(200);
    const during = await call(api.url, 'GET', '/api/orders?per_page=5', { token });
    expect(during.status).toBe(200);
    expect(during.headers.connection).toBe('close');
    expect(stream.text()).not.toContain('event: reconnect');

    await stream.waitFor('event: reconnect', 60_000);
    // 0: closed by itself, not given up on at SHUTDOWN_TIMEOUT_SECONDS (that exits 1).
    expect(await exited).toBe(0);
    expect(Date.now() - sent).toBeGreaterThanOrEqual(10_000);
  });
});

describe.runIf(canRunPostgres() && canRunRedis())('traces to an OTLP collector', () => {
  const setup = useBackend('postgres');
  let collector: Server;
  let api: ApiProcess | undefined;
  const scopes = new Map<string, number>();
  afterAll(async () => {
    await api?.stop();
    collector?.close();
  });

  it('sends spans of HTTP requests, SQL and Redis when OTEL_EXPORTER_OTLP_ENDPOINT is set', async () => {
    collector = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        if (request.url === '/v1/traces') {
          const body = JSON.parse(Buffer.concat(chunks).toString()) as {
            resourceSpans: { scopeSpans: { scope: { name: string }; spans: unknown[] }[] }[];
          };
          for (const resource of body.resourceSpans)
            for (const scope of resource.scopeSpans)
              scopes.set(scope.scope.name, (scopes.get(scope.scope.name) ?? 0) + scope.spans.length);
        }
        response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    const address = collector.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const redis = await startRedis();
    try {
      api = await startApi(setup.backend, {
        REDIS_URL: redis.url,
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      });
      const adminSignIn = async () => {
        const res = await call((api as ApiProcess).url, 'POST', '/api/auth/sign-in', {
          body: { email: 'admin@example.com', password: DEMO_PASSWORD },
        });
        expect(res.status).toBe(200);
      };
      await adminSignIn();
      // A sign-in a second until every kind has arrived: on a loaded machine an export can run past
      // its own time-out and be dropped, and spans come only of traffic.
      await until(
        async () => {
          await adminSignIn();
          return [
            '@opentelemetry/instrumentation-http',
            '@opentelemetry/instrumentation-pg',
            '@opentelemetry/instrumentation-ioredis',
          ].every((name) => (scopes.get(name) ?? 0) > 0);
        },
        'spans of http, pg and ioredis',
        undefined,
        1000,
      ).catch((error) => {
        throw new Error(
          `${error}; spans so far: ${JSON.stringify(Object.fromEntries(scopes))}\n${api?.output()}`,
        );
      });
      console.log(`traces: spans by instrumentation ${JSON.stringify(Object.fromEntries(scopes))}`);
    } finally {
      await api?.stop();
      api = undefined;
      await redis.kill();
    }
  });
});
