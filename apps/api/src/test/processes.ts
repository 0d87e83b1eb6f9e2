import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { openDatabase } from '../db/client.js';
import { seedIfEmpty } from '../db/seed/index.js';
import { rowsOf } from '../lib/sql.js';
import { createServerDatabase } from './databases.js';
import { DEMO_PASSWORD } from './helpers.js';

/**
 * Real processes for the reliability suite: the built API server (`dist/server.js`), a private
 * PostgreSQL server that a test may stop and start, and a private Redis it may kill. Nothing here
 * touches the machine's shared PostgreSQL or Redis.
 */
const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVER = path.join(apiRoot, 'dist/server.js');

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls `probe` until it finds something. The limit is generous: on a loaded machine (CI's, a
 * newcomer's) a condition can take many times as long as on a quiet one.
 */
export async function until<T>(
  probe: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 60_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await wait(everyMs);
  }
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------------------------------------------
// The API server

export interface Backend {
  kind: 'pglite' | 'postgres';
  /** The API's DATA_DIR (PGlite's files live in its pgdata/). */
  dataDir: string;
  databaseUrl: string | undefined;
}

/** A fresh data directory (and database, on a server), migrated and seeded with the demo data. */
export async function prepareBackend(postgres?: PostgresServer): Promise<Backend> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'dostava-reliability-'));
  const databaseUrl = postgres ? await postgres.createDatabase() : undefined;
  const database = await openDatabase({ databaseUrl, pgliteDir: path.join(dataDir, 'pgdata') });
  await database.migrate();
  await seedIfEmpty(database.db, { dataDir, demoPassword: DEMO_PASSWORD, orders: 300, days: 30 });
  await database.close();
  return { kind: postgres ? 'postgres' : 'pglite', dataDir, databaseUrl };
}

/** Opens the backend's database directly (PGlite only while no server process holds it). */
export function openBackend(backend: Backend) {
  return openDatabase({
    databaseUrl: backend.databaseUrl,
    pgliteDir: path.join(backend.dataDir, 'pgdata'),
    poolSize: 2,
  });
}

export interface ApiProcess {
  url: string;
  child: ChildProcess;
  /** What the process printed, for the message of a failing test. */
  output(): string;
  /** SIGKILL: no shutdown hook runs, in-flight requests die with the process. */
  kill(): Promise<void>;
  /** SIGTERM: a graceful stop. */
  stop(): Promise<void>;
}

export const JWT_SECRET = `reliability-${randomBytes(16).toString('hex')}`;

/** The built server as a process, with what it prints; `startApi` waits for it to listen. */
export function spawnApi(backend: Backend, env: Record<string, string> = {}) {
  if (!existsSync(SERVER))
    throw new Error(`${SERVER} is missing: build first (npm run test:reliability does)`);
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: backend.dataDir,
      WEB_DIST: path.join(backend.dataDir, 'no-web'),
      SEED: '0',
      JWT_SECRET,
      LOG_LEVEL: 'warn',
      DRAIN_SECONDS: '0',
      RATE_LIMIT_MAX: '1000000',
      SIGN_IN_MAX_PER_IP: '1000000',
      SIGN_IN_MAX_PER_ACCOUNT: '1000000',
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-(Number(process.env.API_OUTPUT_KEEP) || 20_000));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  /** Its exit code, once it has exited and its output is read. */
  const exited = new Promise<number | null>((resolve) => child.once('close', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

export async function startApi(backend: Backend, env: Record<string, string> = {}): Promise<ApiProcess> {
  const { child, output, exited } = spawnApi(backend, env);
  const port = await Promise.race([
    // Migrating and seeding (a fresh database's demo data) can take minutes on a loaded machine.
    until(() => output().match(/running at http:\/\/localhost:(\d+)/)?.[1], 'the API to listen', 300_000),
    exited.then(() => {
      throw new Error(`the API exited before listening:\n${output()}`);
    }),
  ]);
  const url = `http://127.0.0.1:${port}`;
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  return { url, child, output, kill: () => end('SIGKILL'), stop: () => end('SIGTERM') };
}

// ---------------------------------------------------------------------------------------------------
// A private PostgreSQL server

function postgresBinaries(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

const isRoot = process.getuid?.() === 0;
/** PostgreSQL refuses to run as root: as root, the server runs as the `postgres` system user. */
function asServerUser(command: string, args: string[]): [string, string[]] {
  return isRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
}

/** Whether this machine can run a private PostgreSQL server (its binaries, and a user to run it). */
export function canRunPostgres(): boolean {
  if (!postgresBinaries()) return false;
  if (!isRoot) return true;
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface PostgresServer {
  port: number;
  url(database?: string): string;
  createDatabase(): Promise<string>;
  /** Stops the server (`fast`: sessions are terminated; `immediate`: as in a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  destroy(): void;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBinaries();
  if (!bin) throw new Error('no PostgreSQL binaries under /usr/lib/postgresql');
  const dir = mkdtempSync(path.join(tmpdir(), 'dostava-pg-'));
  if (isRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), -1);
  const data = path.join(dir, 'data');
  const port = await freePort();
  // Asynchronous, so that requests in flight keep being answered while the server stops or starts.
  const run = async (tool: string, args: string[]) => {
    const [command, argv] = asServerUser(path.join(bin, tool), args);
    await promisify(execFile)(command, argv);
  };
  await run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on`;
  const start = () =>
    run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', '-t', '300', 'start']);
  await start();
  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    createDatabase: () => createServerDatabase(url(), `dostava_${randomBytes(5).toString('hex')}`),
    stop: (mode = 'fast') => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '300', 'stop']),
    start,
    destroy() {
      try {
        const stop = ['-D', data, '-m', 'immediate', '-w', 'stop'];
        execFileSync(...asServerUser(path.join(bin, 'pg_ctl'), stop), { stdio: 'ignore' });
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// A private Redis

export function canRunRedis(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface RedisServer {
  url: string;
  start(): Promise<void>;
  /** SIGKILL: the server vanishes, as in a crash. */
  kill(): Promise<void>;
  /** SIGSTOP: the server keeps its connections and port but answers nothing (a hang, a partition). */
  pause(): void;
  /** SIGCONT: a paused server works again, with the connections it kept. */
  resume(): void;
}

export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async () => {
    const started = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = started;
    let output = '';
    started.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    await until(() => output.includes('Ready to accept connections'), 'redis to start', undefined, 50);
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    start,
    async kill() {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
  };
}

// ---------------------------------------------------------------------------------------------------
// What the demo seed holds, read before a server takes the database

export interface Demo {
  customers: string[];
  drivers: string[];
  /** Restaurant staff accounts with their restaurant. */
  kitchens: { email: string; restaurant_id: number }[];
  /** Products on each restaurant's menu. */
  menus: Map<number, { id: number; price: number }[]>;
  orderIds: number[];
}

export async function readDemo(backend: Backend): Promise<Demo> {
  const database = await openBackend(backend);
  try {
    const q = <T>(text: string) => rowsOf<T>(database.db, sql.raw(text));
    // These tests place orders at any hour of the day: the demo's opening hours are cleared, so every
    // restaurant takes orders (a restaurant without a schedule is open around the clock).
    await database.db.execute(sql.raw('delete from restaurant_hours_exceptions'));
    await database.db.execute(sql.raw('delete from restaurant_hours'));
    const users = await q<{ email: string; role: string; restaurant_id: number | null }>(
      `select email, role, restaurant_id from users where is_active order by id`,
    );
    const products = await q<{ id: number; price: number; restaurant_id: number }>(
      `select id, price, restaurant_id from products where show_on_menu order by id`,
    );
    const menus = new Map<number, { id: number; price: number }[]>();
    for (const p of products) menus.set(p.restaurant_id, [...(menus.get(p.restaurant_id) ?? []), p]);
    const orders = await q<{ id: number }>('select id from orders order by id');
    return {
      customers: users.filter((u) => u.role === 'customer').map((u) => u.email),
      drivers: users.filter((u) => u.role === 'driver').map((u) => u.email),
      kitchens: users
        .filter(
          (u) => (u.role === 'restaurant_manager' || u.role === 'restaurant_employee') && u.restaurant_id,
        )
        .map((u) => ({ email: u.email, restaurant_id: u.restaurant_id as number })),
      menus,
      orderIds: orders.map((o) => o.id),
    };
  } finally {
    await database.close();
  }
}

export interface Setup {
  postgres?: PostgresServer;
  backend: Backend;
  demo: Demo;
}

/**
 * For a describe block: a seeded backend — PGlite on disk, or a database on a private PostgreSQL
 * server — ready before its tests and removed after them (after the block's own afterAll hooks,
 * which stop its API processes).
 */
export function useBackend(kind: 'pglite' | 'postgres'): Setup {
  const setup = {} as Setup;
  beforeAll(async () => {
    if (kind === 'postgres') setup.postgres = await startPostgres();
    setup.backend = await prepareBackend(setup.postgres);
    setup.demo = await readDemo(setup.backend);
  });
  afterAll(() => {
    setup.postgres?.destroy();
    if (setup.backend) rmSync(setup.backend.dataDir, { recursive: true, force: true });
  });
  return setup;
}

/** A customer's order of these items from one restaurant, delivered to the same Sarajevo address. */
export const orderBody = (
  restaurant_id: number,
  items: { product_id: number | undefined; quantity: number }[],
  payment: 'cash' | 'card' = 'cash',
) => ({
  restaurant_id,
  items,
  address: 'Titova 7, Sarajevo',
  phone: '+387 61 111 222',
  lat: 43.859,
  lng: 18.421,
  payment,
});

// ---------------------------------------------------------------------------------------------------
// The operations commands (`npm run backup` / `npm run restore`), run as the operator runs them

export interface OpsRun {
  code: number | null;
  /** stdout and stderr together, for assertions and a failing test's message. */
  output: string;
}

/** Runs `dist/ops/<command>.js` with the backend's settings (DATA_DIR, DATABASE_URL), as the server has them. */
export function runOps(command: 'backup' | 'restore', args: string[], backend: Backend): Promise<OpsRun> {
  const script = path.join(apiRoot, 'dist/ops', `${command}.js`);
  if (!existsSync(script))
    throw new Error(`${script} is missing: build first (npm run test:reliability does)`);
  const child = spawn(process.execPath, [script, ...args], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      DATA_DIR: backend.dataDir,
      ...(backend.databaseUrl ? { DATABASE_URL: backend.databaseUrl } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}
