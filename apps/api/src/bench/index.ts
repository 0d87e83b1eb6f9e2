import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { type ClientRequest, get as httpGet } from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, release, totalmem } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { verify } from '@node-rs/argon2';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { EventBus } from '../lib/bus.js';
import { rowsOf } from '../lib/sql.js';
import { TokenService } from '../lib/tokens.js';
import { signIn } from '../modules/auth/auth-service.js';
import { dashboard } from '../modules/dashboard/dashboard-service.js';
import { recordLocations, startShift } from '../modules/drivers/driver-app-service.js';
import { createOrder } from '../modules/orders/orders-commands.js';
import { boardCounts, getOrder, listOrders } from '../modules/orders/orders-queries.js';
import { search } from '../modules/search/search-service.js';
import { issueLink, liveToken, loadSnapshot, orderOfToken } from '../modules/tracking/tracking-service.js';
import type { BaselineSpec, Captured } from './baseline.js';
import { timeRound } from './dispatch-round.js';
import { timeQuote } from './quote.js';
import { seedLarge } from './seed-large.js';
import { openTrackingPages, type PagesResult, pagesBenchLine, trackingTokens } from './tracking-pages.js';
import { benchWebhooks, webhookBenchLine } from './webhooks.js';

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
const ROUNDS = Math.max(1, Number(env.BENCH_ROUNDS ?? 3));
const SUBSCRIBERS = 500;
/** Customers with their tracking page open at once (BENCH_TRACKING_PAGES), each on their own order. */
const TRACKING_PAGES = Number(env.BENCH_TRACKING_PAGES ?? 2000);
const EVENTS = 200;
/** Processes that keep a core busy while the rounds run (BENCH_BUSY): the API and its baseline on a loaded machine. */
const BUSY = Math.max(0, Number(env.BENCH_BUSY ?? 0));
const POOL = 20;
/** Where the API and the baseline write a V8 CPU profile each when they stop (BENCH_PROFILE): where their time went. */
const PROFILE = env.BENCH_PROFILE ? path.resolve(env.BENCH_PROFILE) : undefined;
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

/** One side's run of one scenario: a rate (requests, points or events per second) and latencies. */
interface Result {
  rps: number;
  p50?: number;
  p99?: number;
  errors: number;
}
/** A measured workload: the same work asked of the API (`api`) and of the bare baseline (`base`). */
interface Scenario {
  name: string;
  /** Units per request (points per ingest call) and their name in the table; req/s by default. */
  scale?: number;
  unit?: string;
  /** Measured after every other scenario's rounds (it adds orders the board scenarios would count). */
  last?: boolean;
  api(url: string): Promise<Result>;
  base(url: string): Promise<Result>;
}
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
};
/** The fan-out's delivered events per second as a Result; undelivered events count as errors. */
const fanResult = (f: { perSecond: number; delivered: number; expected: number }): Result => ({
  rps: f.perSecond,
  errors: f.expected - f.delivered,
});
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
  const profile = PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROFILE}`] : [];
  const child = spawn(process.execPath, [...profile, ...args], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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

/** Counts a mark in a stream of chunks, a mark split between two chunks included. */
function markCounter(mark: string) {
  const needle = Buffer.from(mark);
  let tail: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    const text = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    let found = 0;
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) found++;
    tail = text.subarray(Math.max(0, text.length - (needle.length - 1)));
    return found;
  };
}

/**
 * Delivered events per second to SUBSCRIBERS streams, EVENTS of them triggered one after another. The
 * streams are read with node:http and counted in their bytes: reading 500 streams through fetch's web
 * streams and a text decoder cost the bench's own process more than either server spent sending.
 */
async function fanOut(
  subscribe: { url: string; headers?: Record<string, string> },
  trigger: (i: number) => Promise<unknown>,
) {
  let delivered = 0;
  const requests: ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: SUBSCRIBERS },
      () =>
        new Promise<void>((resolve, reject) => {
          const req = httpGet(subscribe.url, { headers: subscribe.headers ?? {}, agent: false }, (res) => {
            const events = markCounter('event: driver.updated');
            const ready = markCounter('event: ready');
            res.on('data', (chunk: Buffer) => {
              if (ready(chunk)) resolve();
              delivered += events(chunk);
            });
            res.on('error', () => {});
          });
          req.on('error', reject);
          requests.push(req);
        }),
    ),
  );
  const started = Date.now();
  for (let i = 0; i < EVENTS; i++) await trigger(i);
  const expected = EVENTS * SUBSCRIBERS;
  while (delivered < expected && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 5));
  const seconds = (Date.now() - started) / 1000;
  for (const req of requests) req.destroy();
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
  // A customer's tracking page (issue 39): the link of an order on the road (or any active one).
  const [tracked] = await rowsOf<{ id: number }>(
    db,
    sql`select id from orders where status in ('in_delivery', 'ready_for_pickup', 'preparing_order') order by (status = 'in_delivery') desc, id limit 1`,
  );
  const trackedId = tracked?.id ?? detailId;
  const trackingToken = (await liveToken(db, trackedId)) ?? (await issueLink(db, trackedId, null));
  const pageTokens = await trackingTokens(db, TRACKING_PAGES);
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
    // Search as people type it (lib/search.ts: trigram indexes on unaccented text, migration 0016).
    {
      name: 'search: header, part of an order number ("2601")',
      path: '/api/search?q=2601',
      run: () => search(db, actor, '2601', 'bs'),
    },
    {
      name: 'search: header, a name without accents ("hadzic")',
      path: '/api/search?q=hadzic',
      run: () => search(db, actor, 'hadzic', 'bs'),
    },
    {
      name: 'search: orders list by buyer without accents ("sehic"), page 1',
      path: '/api/orders?q=sehic&page=1&per_page=20',
      run: () => listOrders(db, actor, { page: 1, per_page: 20, sort: '-created_at', q: 'sehic' }),
    },
    {
      name: 'search: board by part of an order number ("d1126"), page 1',
      path: '/api/orders?q=d1126&lane=all&sort=urgency&page=1&per_page=25',
      run: () => listOrders(db, actor, { page: 1, per_page: 25, sort: 'urgency', lane: 'all', q: 'd1126' }),
    },
    {
      name: 'dashboard, this month',
      path: '/api/dashboard?period=this_month',
      run: () => dashboard(db, actor, { period: 'this_month' }, config.timeZone),
    },
    {
      // Each open page asks every 2 s: the rate ÷ 0.5 is the open pages one instance serves. The API
      // answers from its in-memory snapshot; the baseline reads the database on every poll.
      name: 'tracking page poll (open pages served = rate × 2 s)',
      path: `/api/tracking/${trackingToken}`,
      run: async () => {
        await orderOfToken(db, trackingToken);
        return loadSnapshot(db, trackedId);
      },
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
    place: { statements: [], orderId: 0 },
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
  // Placing an order as a customer would, at one of the large seed's restaurants (no opening hours:
  // always open), its first product on the menu.
  const customerId = Number(
    (await rowsOf<{ id: number }>(db, sql`select id from users where email = 'customer@example.com'`))[0]?.id,
  );
  const menuItem = (
    await rowsOf<{ restaurant_id: number; product_id: number }>(
      db,
      sql`select r.id restaurant_id, p.id product_id from restaurants r join products p on p.restaurant_id = r.id
        where r.name = 'Restoran 150' and p.show_on_menu order by p.id limit 1`,
    )
  )[0];
  const placeBody = {
    restaurant_id: Number(menuItem?.restaurant_id),
    items: [{ product_id: Number(menuItem?.product_id), quantity: 2 }],
    address: 'Titova 10, Sarajevo',
    phone: '+387 61 111 222',
    lat: 43.86,
    lng: 18.41,
    note: null,
    payment: 'cash' as const,
  };
  // The placement as the API runs it: through the app's own order hooks (the proof required, the
  // customer's notification, the tracking link, the webhooks' outbox) and the route's read of the
  // tracking token, so that the baseline replays every statement the API sends for it. The app is
  // built on the capturing database and never listens; its job queue is started first, so that the
  // notification's send is scheduled as on a running server (and its start-up is not captured).
  const app = await buildApp(config, { database, logger: false });
  await app.jobs.start();
  const place = () =>
    createOrder(
      db,
      { bus: app.bus, timeZone: config.timeZone, hooks: app.orderHooks },
      { user_id: customerId, role: 'customer', restaurant_id: null },
      placeBody,
    );
  // One placement first: what a running server holds in memory (the zones and fee rules, the
  // notification settings) is read once, and the baseline replays an order placed after it.
  await place();
  let placed = 0;
  const placeStatements = await capture(async () => {
    placed = (await place()).id;
    await liveToken(db, placed);
  });
  await app.close();
  spec.place = { statements: placeStatements, orderId: placed };
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

  // 2. The API and the baseline take turns, round after round: machine noise (other work on a shared
  // machine) then hits both sides alike, and the spread of the per-round ratios shows how much it
  // moved them. On PostgreSQL the turns are per scenario (see the loop below); one process holds
  // PGlite at a time, so there each side runs its whole list in its own process, A/B/A/B.
  const apiEnv = {
    ...env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_POOL_SIZE: String(POOL),
    SEED: '0',
    LOG_LEVEL: 'silent',
    DRAIN_SECONDS: '0',
    JWT_SECRET: config.jwtSecret,
    WEBHOOK_SECRET_KEY: config.webhookSecretKey.toString('hex'),
    // The tokens signed in the first round serve every round.
    ACCESS_TOKEN_TTL_SECONDS: '86400',
    RATE_LIMIT_MAX: '1000000000',
    SIGN_IN_MAX_PER_IP: '1000000000',
    SIGN_IN_MAX_PER_ACCOUNT: '1000000000',
    TRACKING_MAX_PER_IP: '1000000000',
    TRACKING_MAX_PER_TOKEN: '1000000000',
  };
  const post = (url: string, body: unknown, token?: string) =>
    fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  const tokenOf = async (res: Promise<Response>) =>
    ((await (await res).json()) as { data: { access_token: string } }).data.access_token;
  const tokens = { admin: '', dispatcher: '', driver: '', customer: '' };
  const signInAll = async (url: string) => {
    if (tokens.admin) return;
    tokens.admin = await tokenOf(
      post(`${url}/api/auth/sign-in`, { email: 'admin@example.com', password: config.demoPassword }),
    );
    tokens.dispatcher = await tokenOf(post(`${url}/api/auth/sign-in`, credentials));
    tokens.driver = await tokenOf(
      post(`${url}/api/auth/app/sign-in`, { email: 'driver@example.com', password: config.demoPassword }),
    );
    tokens.customer = await tokenOf(
      post(`${url}/api/auth/app/sign-in`, { email: 'customer@example.com', password: config.demoPassword }),
    );
  };
  const fanBase = Date.now() - 30_000;
  let fanRound = 0;
  // Each scenario measures one side at a time; a new one is one more entry here.
  const scenarios: Scenario[] = [
    ...reads.map(
      (s): Scenario => ({
        name: s.name,
        api: (url) => load(`${url}${s.path}`, { headers: { authorization: `Bearer ${tokens.admin}` } }),
        base: (url) => load(`${url}${s.path}`),
      }),
    ),
    {
      name: 'sign-in',
      api: (url) =>
        load(`${url}/api/auth/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        }),
      base: (url) =>
        load(`${url}/sign-in`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(credentials),
        }),
    },
    {
      name: 'location ingest',
      scale: points.length,
      unit: 'points/s',
      api: (url) =>
        load(`${url}/api/driver/locations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.driver}` },
          body: JSON.stringify({ points }),
        }),
      base: (url) =>
        load(`${url}/locations`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ points }),
        }),
    },
    {
      // One at a time: its p50 is the time to place an order alone (issue 34: under 30 ms on PGlite).
      name: 'place an order (one at a time)',
      last: true,
      api: (url) =>
        load(`${url}/api/orders`, {
          method: 'POST',
          connections: 1,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens.customer}` },
          body: JSON.stringify(placeBody),
        }),
      base: (url) =>
        load(`${url}/orders`, {
          method: 'POST',
          connections: 1,
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(placeBody),
        }),
    },
    {
      name: `SSE fan-out (${EVENTS} events × ${SUBSCRIBERS} subscribers)`,
      unit: 'events/s',
      api: async (url) => {
        // Each accepted location moves the driver: one driver.updated event to every subscriber.
        const round = fanRound++;
        return fanResult(
          await fanOut(
            { url: `${url}/api/events`, headers: { authorization: `Bearer ${tokens.dispatcher}` } },
            (i) =>
              post(
                `${url}/api/driver/locations`,
                {
                  points: [
                    {
                      lat: 43.85,
                      lng: 18.4,
                      recorded_at: new Date(fanBase + (round * EVENTS + i) * 10).toISOString(),
                    },
                  ],
                },
                tokens.driver,
              ),
          ),
        );
      },
      base: async (url) =>
        fanResult(await fanOut({ url: `${url}/events` }, () => post(`${url}/trigger`, {}))),
    },
  ];
  // BENCH_ONLY (a pattern) measures a subset, e.g. BENCH_ONLY='detail|month' while profiling.
  const only = env.BENCH_ONLY ? new RegExp(env.BENCH_ONLY, 'i') : undefined;
  if (only) scenarios.splice(0, scenarios.length, ...scenarios.filter((s) => only.test(s.name)));
  const results = new Map<string, { api: Result[]; base: Result[] }>(
    scenarios.map((s) => [s.name, { api: [], base: [] }]),
  );
  const startApi = () =>
    startProcess([path.join(root, 'apps/api/dist/server.js')], apiEnv, /running at http:\/\/localhost:(\d+)/);
  const startBaseline = () =>
    startProcess(
      [path.join(root, 'apps/api/dist/bench/baseline.js'), specFile],
      env,
      /baseline listening on (\d+)/,
    );
  const measure = async (round: number, s: Scenario, side: 'api' | 'base', url: string) => {
    log(`round ${round}/${ROUNDS} ${side === 'api' ? 'API' : 'baseline'}: ${s.name}…`);
    results.get(s.name)?.[side].push(await s[side](url));
  };
  const runRounds = async (list: Scenario[]) => {
    if (list.length === 0) return;
    for (let round = 1; round <= ROUNDS; round++) {
      if (databaseUrl) {
        // Both processes stay up through the round and each scenario runs on one side right after the
        // other, the order swapped every round (API first, then baseline first): the two runs of a
        // pair meet the same spell of load from other work on the machine, seconds apart, not minutes.
        const api = await startApi();
        await signInAll(api.url);
        const baseline = await startBaseline();
        for (const s of list) {
          const sides = round % 2 ? (['api', 'base'] as const) : (['base', 'api'] as const);
          for (const side of sides) await measure(round, s, side, side === 'api' ? api.url : baseline.url);
        }
        await api.stop();
        await baseline.stop();
        continue;
      }
      // PGlite's directory takes one process at a time: each side runs the whole list in its turn.
      const api = await startApi();
      await signInAll(api.url);
      for (const s of list) await measure(round, s, 'api', api.url);
      await api.stop();
      const baseline = await startBaseline();
      for (const s of list) await measure(round, s, 'base', baseline.url);
      await baseline.stop();
    }
  };
  // Spinning processes, at the same priority as the rest: the machine is busy, not the API alone.
  const spinners = Array.from({ length: BUSY }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  );
  if (BUSY) log(`${BUSY} process(es) keep a core busy each while the rounds run`);
  try {
    await runRounds(scenarios.filter((s) => !s.last));
    await runRounds(scenarios.filter((s) => s.last));
  } finally {
    for (const spinner of spinners) spinner.kill('SIGKILL');
  }
  // N open tracking pages against one instance, its own metrics counting what they cost the database.
  let pages: PagesResult | undefined;
  if (!only || only.test('open tracking pages')) {
    const metricsPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
      });
    });
    const api = await startProcess(
      [path.join(root, 'apps/api/dist/server.js')],
      { ...apiEnv, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' },
      /running at http:\/\/localhost:(\d+)/,
    );
    log(`${TRACKING_PAGES.toLocaleString('en')} open tracking pages…`);
    try {
      pages = await openTrackingPages(
        api.url,
        `http://127.0.0.1:${metricsPort}`,
        pageTokens,
        TRACKING_PAGES,
        DURATION,
      );
    } finally {
      await api.stop();
    }
  }
  const pollBaseline = results.get('tracking page poll (open pages served = rate × 2 s)')?.base;
  log('one dispatch round, 500 orders × 200 drivers (first call cold), then 1,000 × 200…');
  const dispatchRound500 = timeRound(500, 200, 50);
  const dispatchRound = timeRound(1000, 200, 5);
  log("one quote's work, 500 zones × 200 restaurants…");
  const quoteWork = timeQuote(500, 200, 20_000);
  log('argon2id alone…');
  const argon = await argon2Alone(argonHash, config.demoPassword);
  log('webhooks: change to delivery, and a burst…');
  const webhooks = await benchWebhooks();

  // 4. The report.
  const fixed = (n: number) => n.toFixed(n < 10 ? 2 : 0);
  const rows = scenarios.map((s) => {
    const r = results.get(s.name);
    if (!r?.api.length || !r.base.length) return `| ${s.name} | — | — | — | — | — | — | — |`;
    const scale = s.scale ?? 1;
    const unit = s.unit ?? 'req/s';
    const ratios = r.api.map((a, i) => a.rps / (r.base[i]?.rps ?? Number.NaN));
    const ratio = median(ratios);
    const latency = (list: Result[]) =>
      list[0]?.p50 === undefined
        ? '—'
        : `${median(list.map((x) => x.p50 ?? 0))} / ${median(list.map((x) => x.p99 ?? 0))} ms`;
    const errors = (list: Result[]) => list.reduce((sum, x) => sum + x.errors, 0);
    return `| ${s.name} | ${fixed(median(r.api.map((x) => x.rps)) * scale)} ${unit} | ${latency(r.api)} | ${fixed(median(r.base.map((x) => x.rps)) * scale)} ${unit} | ${latency(r.base)} | ${ratio.toFixed(2)}${ratio < 0.5 ? ' (below half)' : ''} | ${Math.min(...ratios).toFixed(2)}–${Math.max(...ratios).toFixed(2)} | ${errors(r.api)} / ${errors(r.base)} |`;
  });
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
    `Load: autocannon, ${CONNECTIONS} connections, ${DURATION} s per run. The API runs as \`dist/server.js\` (NODE_ENV=production, pool ${POOL}); the baseline is a bare node:http process answering the same SQL statements, captured from the services, through bare ${databaseUrl ? 'pg' : 'PGlite'} (pool ${POOL}); they take turns on the same data in ${ROUNDS} rounds, ${databaseUrl ? 'each scenario on the API and on the baseline back to back, API first in odd rounds and baseline first in even ones' : 'the API then the baseline each round (A/B/A/B…)'}. Figures are medians over the rounds; the spread is the lowest and highest per-round ratio.`,
    BUSY
      ? `CPU kept busy: ${BUSY} process(es) spinning a core each (BENCH_BUSY=${BUSY}) while the rounds ran; the figures below the table were taken without them.`
      : 'CPU: quiet (nothing else asked for; BENCH_BUSY=N runs the rounds beside N spinning processes).',
    `Load average at the end: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}.`,
    '',
    '| scenario | API throughput | API p50 / p99 | baseline throughput | baseline p50 / p99 | API ÷ baseline (median) | spread over rounds | errors (API / baseline) |',
    '|---|---|---|---|---|---|---|---|',
    ...rows,
    '',
    `Automatic dispatch: one round (planRound, the Hungarian method over every waiting order and driver) for 1,000 waiting orders × 200 drivers (three in four free, the rest carrying one order) takes ${dispatchRound.ms.toFixed(0)} ms, the median of 5 rounds (${dispatchRound.assigned} orders assigned); its quality beside naive dispatch is \`npm run bench:dispatch\`.`,
    `Dispatch round latency, 500 waiting orders × 200 drivers: p50 ${dispatchRound500.ms.toFixed(0)} ms, p99 ${dispatchRound500.p99.toFixed(0)} ms over 50 rounds; the first call (cold) ${dispatchRound500.first.toFixed(0)} ms.`,
    `Delivery quote, the work beyond the request (zones that hold the point, the restaurant's area, the rules; from the in-memory snapshot), 500 zones × 200 restaurants: p50 ${quoteWork.p50.toFixed(1)} µs, p99 ${quoteWork.p99.toFixed(1)} µs over ${quoteWork.runs} quotes (${quoteWork.refused} refused).`,
    '',
    webhookBenchLine(webhooks),
    '',
    ...(pages
      ? [pagesBenchLine(pages, pollBaseline?.length ? median(pollBaseline.map((x) => x.rps)) : undefined), '']
      : []),
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
