import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, release, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { EventBus } from '../lib/bus.js';
import { rowsOf } from '../lib/sql.js';
import { TokenService } from '../lib/tokens.js';
import { signIn } from '../modules/auth/auth-service.js';
import { dashboard } from '../modules/dashboard/dashboard-service.js';
import { recordLocations, startShift } from '../modules/drivers/driver-app-service.js';
import { boardCounts, getOrder, listOrders } from '../modules/orders/orders-service.js';
import type { BaselineSpec, Captured } from './baseline.js';
import { seedLarge } from './seed-large.js';

/**
 * `npm run bench`: grows the database it is given (DATABASE_URL, else PGlite in data/bench) to a
 * million orders, then measures the real API — `dist/server.js` in its own process, as in production —
 * under concurrent load, and beside it a baseline process answering the very same SQL statements
 * (captured from the services) through bare `pg` (or PGlite) and `node:http`. Results, with the
 * machine's details and the web app's first-load JS, go to `.bench/results-<time>.md`.
 */
const env = process.env;
const ORDERS = Number(env.BENCH_ORDERS ?? 1_000_000);
/** Active orders on the board among them (BENCH_ACTIVE): a busy evening of a large operation. */
const BOARD_ACTIVE = Number(env.BENCH_ACTIVE ?? 1000);
const DURATION = Number(env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(env.BENCH_CONNECTIONS ?? 20);
const SUBSCRIBERS = 500;
const EVENTS = 200;
const POOL = 20;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const out = path.join(root, '.bench');
const dataDir = path.resolve(env.BENCH_DATA_DIR ?? path.join(root, 'data/bench'));
const log = (line: string) => console.log(`[bench] ${line}`);

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

interface Result {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}
async function load(url: string, options: Partial<autocannon.Options> = {}): Promise<Result> {
  // One request first, answered before the run starts: it waits out work the previous run left
  // queued (PGlite finishes every statement it was sent) and warms what a first call warms.
  await fetch(url, {
    method: options.method ?? 'GET',
    headers: options.headers as Record<string, string> | undefined,
    body: options.body as string | undefined,
  }).then((res) => res.arrayBuffer());
  const r = await autocannon({ url, duration: DURATION, connections: CONNECTIONS, ...options });
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, errors: r.errors + r.non2xx };
}

/** Starts a server program and waits for the line that tells its port. */
async function startProcess(args: string[], childEnv: NodeJS.ProcessEnv, pattern: RegExp) {
  const child = spawn(process.execPath, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await new Promise<string>((resolve, reject) => {
    const take = (chunk: Buffer) => {
      output += chunk.toString();
      const found = output.match(pattern)?.[1];
      if (found) resolve(found);
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    exited.then(() => reject(new Error(`${args.join(' ')} exited:\n${output}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    child: child as ChildProcess,
  };
}

/** Delivered events per second to SUBSCRIBERS streams, EVENTS of them triggered one after another. */
async function fanOut(
  subscribe: (signal: AbortSignal) => Promise<Response>,
  trigger: (i: number) => Promise<unknown>,
) {
  let delivered = 0;
  const controllers: AbortController[] = [];
  await Promise.all(
    Array.from({ length: SUBSCRIBERS }, async () => {
      const controller = new AbortController();
      controllers.push(controller);
      const res = await subscribe(controller.signal);
      const reader = res.body?.getReader();
      const decoder = new TextDecoder();
      let ready!: () => void;
      const isReady = new Promise<void>((resolve) => {
        ready = resolve;
      });
      const mark = 'event: driver.updated';
      (async () => {
        // The end of each chunk is kept for the next: a mark may be split between two chunks.
        let tail = '';
        try {
          for (;;) {
            const chunk = await reader?.read();
            if (!chunk || chunk.done) return;
            const text = tail + decoder.decode(chunk.value, { stream: true });
            if (text.includes('event: ready')) ready();
            delivered += text.split(mark).length - 1;
            tail = text.slice(-(mark.length - 1));
          }
        } catch {}
      })();
      await isReady;
    }),
  );
  const started = Date.now();
  for (let i = 0; i < EVENTS; i++) await trigger(i);
  const expected = EVENTS * SUBSCRIBERS;
  while (delivered < expected && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 10));
  const seconds = (Date.now() - started) / 1000;
  for (const c of controllers) c.abort();
  return { perSecond: delivered / seconds, delivered, expected, seconds };
}

/** argon2id verifications per second on the libuv pool, as a server does them: its cost alone. */
async function argon2Alone(hash: string, password: string) {
  const threads = Number(env.UV_THREADPOOL_SIZE ?? 4);
  let done = 0;
  const until = Date.now() + 3000;
  await Promise.all(
    Array.from({ length: threads }, async () => {
      while (Date.now() < until) {
        await verify(hash, password);
        done++;
      }
    }),
  );
  return { perSecond: done / 3, ms: (3000 * threads) / done, threads };
}

async function main() {
  const databaseUrl = env.DATABASE_URL;
  const pgliteDir = databaseUrl ? undefined : path.join(dataDir, 'pgdata');
  const config = loadConfig({ ...env, JWT_SECRET: 'bench-secret-'.padEnd(48, 'x'), DATA_DIR: dataDir });
  log(databaseUrl ? `PostgreSQL: ${new URL(databaseUrl).pathname.slice(1)}` : `PGlite in ${pgliteDir}`);
  if (databaseUrl) await ensureDatabase(databaseUrl);

  // 1. Seed, and capture what each scenario sends to the database.
  let sink: Captured[] | undefined;
  const database = await openDatabase({
    databaseUrl,
    pgliteDir,
    poolSize: POOL,
    logQuery: (query, params) => sink?.push({ sql: query, params }),
  });
  const db = database.db;
  await database.migrate();
  const seedStart = Date.now();
  await seedIfEmpty(db, { dataDir, demoPassword: config.demoPassword, orders: 2000, days: 30 });
  await seedLarge(
    db,
    { orders: ORDERS, active: BOARD_ACTIVE, restaurants: 300, drivers: 1000, customers: 50_000 },
    config.timeZone,
    log,
  );
  const seedSeconds = (Date.now() - seedStart) / 1000;
  const capture = async (run: () => Promise<unknown>) => {
    sink = [];
    await run();
    const statements = sink;
    sink = undefined;
    return statements;
  };

  const actor = { user_id: 1, role: 'admin' as const, restaurant_id: null };
  const total = Number((await rowsOf<{ n: number }>(db, sql`select count(*)::int n from orders`))[0]?.n);
  const detailId = Number(
    (
      await rowsOf<{ id: number }>(
        db,
        sql`select id from orders order by id offset ${Math.floor(total / 2)} limit 1`,
      )
    )[0]?.id ?? 1,
  );
  const reads: { name: string; path: string; run: () => Promise<unknown> }[] = [
    {
      name: 'orders list, page 1',
      path: '/api/orders?page=1&per_page=20',
      run: () => listOrders(db, actor, { page: 1, per_page: 20, sort: '-created_at' }),
    },
    {
      name: 'orders list, delivered, page 500',
      path: '/api/orders?page=500&per_page=20&status=delivered',
      run: () => listOrders(db, actor, { page: 500, per_page: 20, sort: '-created_at', status: 'delivered' }),
    },
    { name: 'order detail', path: `/api/orders/${detailId}`, run: () => getOrder(db, actor, detailId) },
    {
      name: `board: all active by urgency, page 1 (${BOARD_ACTIVE.toLocaleString('en')} active)`,
      path: '/api/orders?lane=all&sort=urgency&page=1&per_page=25',
      run: () => listOrders(db, actor, { page: 1, per_page: 25, sort: 'urgency', lane: 'all' }),
    },
    {
      name: 'board: problems lane, page 2',
      path: '/api/orders?lane=problems&sort=urgency&page=2&per_page=25',
      run: () => listOrders(db, actor, { page: 2, per_page: 25, sort: 'urgency', lane: 'problems' }),
    },
    {
      name: 'board: lane counts',
      path: '/api/orders/lanes',
      run: () => boardCounts(db, actor, {}),
    },
    {
      name: 'dashboard, this month',
      path: '/api/dashboard?period=this_month',
      run: () => dashboard(db, actor, { period: 'this_month' }, config.timeZone),
    },
    {
      name: 'dashboard, this year',
      path: '/api/dashboard?period=this_year',
      run: () => dashboard(db, actor, { period: 'this_year' }, config.timeZone),
    },
  ];
  const spec: BaselineSpec = {
    ...(databaseUrl ? { databaseUrl } : { pgliteDir }),
    poolSize: POOL,
    reads: {},
    signIn: [],
    ingest: [],
  };
  for (const s of reads) spec.reads[s.path] = await capture(s.run);

  const credentials = { email: 'dispatcher@example.com', password: config.demoPassword };
  spec.signIn = await capture(() =>
    signIn(
      db,
      { tokens: new TokenService(config.jwtSecret, 600), refreshTokenTtlDays: 30 },
      credentials,
      'backoffice',
      { ip: '127.0.0.1', user_agent: 'bench' },
    ),
  );
  const driverId = Number(
    (await rowsOf<{ id: number }>(db, sql`select id from users where email = 'driver@example.com'`))[0]?.id,
  );
  const driver = { user_id: driverId, role: 'driver' as const, restaurant_id: null };
  const quiet = new EventBus(undefined, { warn: () => {}, info: () => {} });
  await startShift(db, quiet, driver).catch(() => undefined); // already on shift: fine
  const points = Array.from({ length: 10 }, (_, i) => ({
    lat: 43.85 + i * 0.0001,
    lng: 18.4,
    recorded_at: new Date(Date.now() - 60_000 + i * 1000).toISOString(),
  }));
  spec.ingest = await capture(() => recordLocations(db, quiet, driver, { points }));
  const argonHash = String(
    (
      await rowsOf<{ h: string }>(
        db,
        sql`select password_hash h from users where email = ${credentials.email}`,
      )
    )[0]?.h,
  );
  const version = String(
    (await rowsOf<{ v: string }>(db, sql`select current_setting('server_version') v`))[0]?.v,
  );
  await quiet.close();
  await database.close();
  mkdirSync(out, { recursive: true });
  const specFile = path.join(out, 'baseline-spec.json');
  writeFileSync(specFile, JSON.stringify(spec));

  // 2. The API, in its own process (one process holds PGlite at a time, so the two take turns).
  const results = new Map<string, { api?: Result; base?: Result }>();
  const put = (name: string, side: 'api' | 'base', r: Result) =>
    results.set(name, { ...results.get(name), [side]: r });
  const api = await startProcess(
    [path.join(root, 'apps/api/dist/server.js')],
    {
      ...env,
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_POOL_SIZE: String(POOL),
      SEED: '0',
      LOG_LEVEL: 'silent',
      JWT_SECRET: config.jwtSecret,
      RATE_LIMIT_MAX: '1000000000',
      SIGN_IN_MAX_PER_IP: '1000000000',
      SIGN_IN_MAX_PER_ACCOUNT: '1000000000',
    },
    /running at http:\/\/localhost:(\d+)/,
  );
  const post = (url: string, body: unknown, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const tokenOf = async (res: Promise<Response>) =>
    ((await (await res).json()) as { data: { access_token: string } }).data.access_token;
  const admin = await tokenOf(
    post(`${api.url}/api/auth/sign-in`, { email: 'admin@example.com', password: config.demoPassword }),
  );
  const dispatcher = await tokenOf(post(`${api.url}/api/auth/sign-in`, credentials));
  const driverToken = await tokenOf(
    post(`${api.url}/api/auth/app/sign-in`, { email: 'driver@example.com', password: config.demoPassword }),
  );
  for (const s of reads) {
    log(`API: ${s.name}…`);
    put(s.name, 'api', await load(`${api.url}${s.path}`, { headers: { authorization: `Bearer ${admin}` } }));
  }
  log('API: sign-in…');
  put(
    'sign-in',
    'api',
    await load(`${api.url}/api/auth/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }),
  );
  log('API: location ingest…');
  put(
    'location ingest',
    'api',
    await load(`${api.url}/api/driver/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${driverToken}` },
      body: JSON.stringify({ points }),
    }),
  );
  log(`API: SSE fan-out to ${SUBSCRIBERS} subscribers…`);
  const base = Date.now() - 30_000;
  const apiFan = await fanOut(
    (signal) =>
      fetch(`${api.url}/api/events`, { headers: { authorization: `Bearer ${dispatcher}` }, signal }),
    // Each accepted location moves the driver: one driver.updated event to every subscriber.
    (i) =>
      post(
        `${api.url}/api/driver/locations`,
        { points: [{ lat: 43.85, lng: 18.4, recorded_at: new Date(base + i * 10).toISOString() }] },
        driverToken,
      ),
  );
  await api.stop();

  // 3. The baseline, on the same data.
  const baseline = await startProcess(
    [path.join(root, 'apps/api/dist/bench/baseline.js'), specFile],
    env,
    /baseline listening on (\d+)/,
  );
  for (const s of reads) {
    log(`baseline: ${s.name}…`);
    put(s.name, 'base', await load(`${baseline.url}${s.path}`));
  }
  log('baseline: sign-in…');
  put(
    'sign-in',
    'base',
    await load(`${baseline.url}/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(credentials),
    }),
  );
  log('baseline: location ingest…');
  put(
    'location ingest',
    'base',
    await load(`${baseline.url}/locations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ points }),
    }),
  );
  log(`baseline: SSE fan-out to ${SUBSCRIBERS} subscribers…`);
  const baseFan = await fanOut(
    (signal) => fetch(`${baseline.url}/events`, { signal }),
    () => post(`${baseline.url}/trigger`, {}),
  );
  await baseline.stop();
  log('argon2id alone…');
  const argon = await argon2Alone(argonHash, config.demoPassword);

  // 4. The report.
  const ratio = (a: number, b: number) => {
    const r = a / b;
    return `${r.toFixed(2)}${r < 0.5 ? ' (below half)' : ''}`;
  };
  const rows = [...results].map(([name, { api: a, base: b }]) => {
    const scale = name === 'location ingest' ? points.length : 1;
    const unit = name === 'location ingest' ? 'points/s' : 'req/s';
    if (!a || !b) return `| ${name} | — | — | — | — | — | — |`;
    return `| ${name} | ${(a.rps * scale).toFixed(0)} ${unit} | ${a.p50} / ${a.p99} ms | ${(b.rps * scale).toFixed(0)} ${unit} | ${b.p50} / ${b.p99} ms | ${ratio(a.rps, b.rps)} | ${a.errors} / ${b.errors} |`;
  });
  rows.push(
    `| SSE fan-out (${EVENTS} events × ${SUBSCRIBERS} subscribers) | ${apiFan.perSecond.toFixed(0)} events/s (${apiFan.delivered} of ${apiFan.expected} in ${apiFan.seconds.toFixed(2)} s) | — | ${baseFan.perSecond.toFixed(0)} events/s (${baseFan.delivered} of ${baseFan.expected} in ${baseFan.seconds.toFixed(2)} s) | — | ${ratio(apiFan.perSecond, baseFan.perSecond)} | ${apiFan.expected - apiFan.delivered} / ${baseFan.expected - baseFan.delivered} |`,
  );
  const sizesFile = path.join(out, 'first-load.json');
  const sizes = existsSync(sizesFile)
    ? (JSON.parse(readFileSync(sizesFile, 'utf8')) as Record<string, { kb: number; files: number }>)
    : {};
  let commit = '';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {}
  const report = [
    `# Dostava benchmark, ${new Date().toISOString()}${commit ? ` (commit ${commit})` : ''}`,
    '',
    `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Linux ${release()}, Node ${process.version}.`,
    `Database: ${databaseUrl ? `PostgreSQL ${version} (DATABASE_URL)` : `PGlite (PostgreSQL ${version}) in ${pgliteDir}`}.`,
    `Data: ${total.toLocaleString('en')} orders over two years, 300 restaurants, 1,000 drivers, 50,000 customers (seeding took ${seedSeconds.toFixed(0)} s this run).`,
    `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run. The API runs as \`dist/server.js\` (NODE_ENV=production, pool ${POOL}); the baseline is a bare node:http process answering the same SQL statements, captured from the services, through bare ${databaseUrl ? 'pg' : 'PGlite'} (pool ${POOL}); they take turns on the same data.`,
    '',
    '| scenario | API throughput | API p50 / p99 | baseline throughput | baseline p50 / p99 | API ÷ baseline | errors (API / baseline) |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Sign-in includes one argon2id verification (m=19456 KiB, t=2, p=1) on both sides; alone, on this machine: ${argon.perSecond.toFixed(1)} verifications/s on ${argon.threads} threads, ${argon.ms.toFixed(0)} ms each.`,
    '',
    'First-load JS of the web app (gzip, from the production build):',
    ...(Object.keys(sizes).length
      ? Object.entries(sizes).map(([page, s]) => `- ${page}: ${s.kb.toFixed(1)} KB in ${s.files} files`)
      : ['- (no size report: build the web app first)']),
  ].join('\n');
  const file = path.join(out, `results-${new Date().toISOString().replace(/[:.]/g, '-')}.md`);
  writeFileSync(file, `${report}\n`);
  console.log(`\n${report}\n\nResults written to ${file}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
