import { mkdirSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { type Db, openDatabase } from '../db/client.js';
import * as schema from '../db/schema/index.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { dashboard } from '../modules/dashboard/dashboard-service.js';
import { getOrder, listOrders } from '../modules/orders/orders-service.js';
import { seedLarge } from './seed-large.js';

/**
 * `npm run bench`: grows a database to a million orders, then measures the real API under concurrent
 * load beside a baseline — the very same SQL statements (captured from the services) answered by a
 * bare `pg` + `node:http` server — and writes the results with the machine's details.
 */
const env = process.env;
const ORDERS = Number(env.BENCH_ORDERS ?? 1_000_000);
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const log = (line: string) => console.log(`[bench] ${line}`);

if (!env.DATABASE_URL) {
  console.error(
    'npm run bench needs a PostgreSQL server: DATABASE_URL=postgres://postgres@127.0.0.1:5432/dostava_bench npm run bench',
  );
  process.exit(2);
}

async function ensureDatabase(url: string) {
  const u = new URL(url);
  const name = u.pathname.slice(1);
  u.pathname = '/postgres';
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  if ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount === 0) {
    await client.query(`create database "${name.replaceAll('"', '')}"`);
  }
  await client.end();
}

interface Captured {
  sql: string;
  params: unknown[];
}
/** Runs a service call once through a logging drizzle, to learn exactly which statements it sends. */
async function capture(pool: pg.Pool, run: (db: Db) => Promise<unknown>): Promise<Captured[]> {
  const statements: Captured[] = [];
  const db = drizzlePg({
    client: pool,
    schema,
    logger: { logQuery: (q, p) => statements.push({ sql: q, params: p }) },
  });
  await run(db as unknown as Db);
  return statements;
}

function baselineServer(pool: pg.Pool, routes: Record<string, Captured[]>): Promise<Server> {
  const server = createServer(async (req, res) => {
    const statements = routes[req.url ?? ''];
    if (!statements) {
      res.writeHead(404).end();
      return;
    }
    try {
      const results = await Promise.all(statements.map((s) => pool.query(s.sql, s.params as unknown[])));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(results.map((r) => r.rows)));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const portOf = (server: Server) => {
  const a = server.address();
  return typeof a === 'object' && a ? a.port : 0;
};

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}
async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Result> {
  const r = await autocannon({ url, duration: DURATION, connections: CONNECTIONS, ...options });
  return {
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
  };
}

async function main() {
  const databaseUrl = env.DATABASE_URL as string;
  await ensureDatabase(databaseUrl);
  const config = {
    ...loadConfig({
      ...env,
      LOG_LEVEL: 'silent',
      RATE_LIMIT_MAX: '100000000',
      SIGN_IN_MAX_PER_IP: '100000000',
      SIGN_IN_MAX_PER_ACCOUNT: '100000000',
      JWT_SECRET: env.JWT_SECRET ?? 'bench-secret-'.padEnd(48, 'x'),
    }),
  };
  const database = await openDatabase({ databaseUrl, poolSize: 20 });
  await database.migrate();
  const seedStart = Date.now();
  await seedIfEmpty(database.db, {
    dataDir: path.resolve('data/bench'),
    demoPassword: config.demoPassword,
    orders: 2000,
    days: 30,
  });
  await seedLarge(
    database.db,
    { orders: ORDERS, restaurants: 300, drivers: 1000, customers: 50_000 },
    config.timeZone,
    log,
  );
  const seedSeconds = (Date.now() - seedStart) / 1000;

  const app = await buildApp(config, { database, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const api = `http://127.0.0.1:${portOf(app.server)}`;
  const signIn = async (email: string, appUser = false) => {
    const res = await fetch(`${api}/api/auth/${appUser ? 'app/' : ''}sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: config.demoPassword }),
    });
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };
  const admin = await signIn('admin@example.com');
  const actor = { user_id: 1, role: 'admin' as const, restaurant_id: null };
  const auth = { authorization: `Bearer ${admin}` };

  const baselinePool = new pg.Pool({ connectionString: databaseUrl, max: 20 });
  const listQuery = { page: 1, per_page: 20, sort: '-created_at' };
  const deepQuery = { page: 500, per_page: 20, sort: '-created_at', status: 'delivered' as const };
  const detailId =
    (
      await baselinePool.query('select id from orders order by id offset $1 limit 1', [
        Math.floor(ORDERS / 2),
      ])
    ).rows[0]?.id ?? 1;
  const scenarios: { name: string; path: string; run: (db: Db) => Promise<unknown> }[] = [
    {
      name: 'orders list, page 1',
      path: '/api/orders?page=1&per_page=20',
      run: (db) => listOrders(db, actor, listQuery),
    },
    {
      name: 'orders list, delivered, page 500',
      path: '/api/orders?page=500&per_page=20&status=delivered',
      run: (db) => listOrders(db, actor, deepQuery),
    },
    { name: 'order detail', path: `/api/orders/${detailId}`, run: (db) => getOrder(db, actor, detailId) },
    {
      name: 'dashboard, this month',
      path: '/api/dashboard?period=this_month',
      run: (db) => dashboard(db, actor, { period: 'this_month' }, config.timeZone),
    },
    {
      name: 'dashboard, this year',
      path: '/api/dashboard?period=this_year',
      run: (db) => dashboard(db, actor, { period: 'this_year' }, config.timeZone),
    },
  ];
  const routes: Record<string, Captured[]> = {};
  for (const s of scenarios) routes[s.path] = await capture(baselinePool, s.run);
  const baseline = await baselineServer(baselinePool, routes);
  const base = `http://127.0.0.1:${portOf(baseline)}`;

  const rows: string[] = [];
  const row = (name: string, a: Result, b?: Result, unit = 'req/s') =>
    rows.push(
      `| ${name} | ${a.rps.toFixed(0)} ${unit} | ${a.p50} / ${a.p99} ms | ${b ? `${b.rps.toFixed(0)} req/s | ${b.p50} / ${b.p99} ms | ${(a.rps / b.rps).toFixed(2)}` : '— | — | —'} | ${a.errors + a.non2xx} |`,
    );
  for (const s of scenarios) {
    log(`${s.name}…`);
    const a = await load(`${api}${s.path}`, { headers: auth });
    const b = await load(`${base}${s.path}`);
    row(s.name, a, b);
  }

  log('sign-in…');
  row(
    'sign-in (argon2id verify per request)',
    await load(`${api}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dispatcher@example.com', password: config.demoPassword }),
    }),
  );

  log('location ingest…');
  const driver = await signIn('driver@example.com', true);
  await fetch(`${api}/api/driver/shift/start`, {
    method: 'POST',
    headers: { authorization: `Bearer ${driver}` },
  });
  const points = Array.from({ length: 10 }, (_, i) => ({
    lat: 43.85 + i * 0.0001,
    lng: 18.4,
    recorded_at: new Date(Date.now() - 60_000 + i * 1000).toISOString(),
  }));
  const ingest = await load(`${api}/api/driver/locations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${driver}` },
    body: JSON.stringify({ points }),
  });
  rows.push(
    `| location ingest (10 points per request) | ${(ingest.rps * 10).toFixed(0)} points/s | ${ingest.p50} / ${ingest.p99} ms | — | — | — | ${ingest.errors + ingest.non2xx} |`,
  );

  log('SSE fan-out to 500 subscribers…');
  const dispatcher = await signIn('dispatcher@example.com');
  const controllers: AbortController[] = [];
  let delivered = 0;
  await Promise.all(
    Array.from({ length: 500 }, async () => {
      const c = new AbortController();
      controllers.push(c);
      const res = await fetch(`${api}/api/events`, {
        headers: { authorization: `Bearer ${dispatcher}` },
        signal: c.signal,
      });
      const reader = res.body?.getReader();
      (async () => {
        try {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            delivered += (new TextDecoder().decode(chunk.value).match(/event: driver\.updated/g) ?? [])
              .length;
          }
        } catch {}
      })();
    }),
  );
  const events = 200;
  const fanStart = Date.now();
  for (let i = 0; i < events; i++)
    await app.bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: 1, n: i } });
  while (delivered < events * 500 && Date.now() - fanStart < 30_000)
    await new Promise((r) => setTimeout(r, 20));
  const fanSeconds = (Date.now() - fanStart) / 1000;
  for (const c of controllers) c.abort();
  rows.push(
    `| SSE fan-out (${events} events × 500 subscribers) | ${(delivered / fanSeconds).toFixed(0)} events/s delivered | ${delivered} of ${events * 500} in ${fanSeconds.toFixed(2)} s | — | — | — | — |`,
  );

  const pgVersion = (await baselinePool.query('show server_version')).rows[0]?.server_version;
  const report = [
    `# Dostava benchmark, ${new Date().toISOString()}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, PostgreSQL ${pgVersion}.`,
    `Data: ${ORDERS.toLocaleString('en')} orders over two years, 300 restaurants, 1,000 drivers, 50,000 customers (seeded in ${seedSeconds.toFixed(0)} s).`,
    `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run. Baseline: the same SQL statements (captured from the services) through a bare pg + node:http server.`,
    '',
    '| scenario | API throughput | API p50 / p99 | baseline throughput | baseline p50 / p99 | API ÷ baseline | errors |',
    '|---|---|---|---|---|---|---|',
    ...rows,
  ].join('\n');
  const dir = path.resolve('.bench');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, `${report}\n`);
  console.log(`\n${report}\n\nResults written to ${file}`);

  baseline.close();
  await app.close();
  await baselinePool.end();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
