import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock.js';
import { nameStatements } from './pg-statements.js';
import { keepStatements } from './pglite-statements.js';
import * as schema from './schema/index.js';

/** A database handle or a transaction: service functions take either as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /** Whether every migration of this build is applied (readiness: another instance may be migrating). */
  migrated(): Promise<boolean>;
  /**
   * Runs `work` while holding the database-wide start-up lock: instances starting together migrate
   * and seed one after another, so each migration runs once and the seed never twice. PGlite is held
   * by one process: nothing to wait for.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Runs raw SQL with positional parameters, for libraries that bring their own SQL (the job queue,
   * lib/jobs.ts). Without parameters the text may hold several statements.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  /** Connections in use and statements waiting for one, for the metrics. */
  stats(): { size: number; idle: number; waiting: number };
  close(): Promise<void>;
  /** PGlite's data directory as a tarball that `pgliteLoad` opens again (the tests' template). */
  dump?(): Promise<Blob>;
}

// src/db and dist/db sit at the same depth, so both find the one migrations folder in src.
const migrationsFolder = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../src/db/migrations',
);

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  poolSize?: number;
  /** PGlite's directory; undefined keeps it in memory. */
  pgliteDir?: string | undefined;
  /** A PGlite data directory dumped by `dumpDataDir` to start from (the tests' seeded template). */
  pgliteLoad?: Blob | undefined;
  /** Hears every statement sent (the benchmark captures the services' SQL with it). */
  logQuery?: (sql: string, params: unknown[]) => void;
}

export interface JournalEntry {
  tag: string;
  when: number;
}
/** The migrations of this build, oldest first, as drizzle-kit wrote them. */
export const migrationJournal: readonly JournalEntry[] = (
  JSON.parse(readFileSync(path.join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  }
).entries;

export interface MigrationState {
  applied: number;
  /** The tag of the newest migration applied (Drizzle keeps its `when` as created_at). */
  last: string | null;
  last_created_at: number | null;
}

/** The migrations Drizzle recorded in a database (none when it was never migrated). */
export async function migrationState(
  query: (text: string) => Promise<Record<string, unknown>[]>,
): Promise<MigrationState> {
  const [exists] = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as found`);
  if (!exists?.found) return { applied: 0, last: null, last_created_at: null };
  const [row] = await query(
    'select count(*)::int as applied, max(created_at)::text as last from drizzle.__drizzle_migrations',
  );
  const applied = Number(row?.applied ?? 0);
  const last = row?.last === null || row?.last === undefined ? null : Number(row.last);
  return {
    applied,
    last: last === null ? null : (migrationJournal.find((e) => e.when === last)?.tag ?? `unknown (${last})`),
    last_created_at: last,
  };
}
/**
 * The contrib extensions the migrations create (0016: trigram search without accents): PGlite loads
 * them only when told, so every PGlite opened on the app's data passes these.
 */
export const pgliteExtensions = { pg_trgm, unaccent };

/** pg_advisory_lock's key for the start-up lock: any fixed 64-bit number unique to this application. */
const START_LOCK = 4_716_201_926;

const logger = ({ logQuery }: DatabaseOptions) => (logQuery ? { logger: { logQuery } } : {});

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    // A client losing its server (a restart, a failover) emits 'error'; without a listener Node ends
    // the process. Idle clients report through the pool; a checked-out one (held by a transaction
    // between statements) only on itself. Either way the statement in flight fails on its own (503)
    // and the pool drops the broken client, so the next request reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => {
      client.on('error', () => {});
      // Each statement with values parsed once per connection under its text's name (pg-statements.ts).
      nameStatements(client);
    });
    const db = drizzlePg({ client: pool, schema, ...logger(options) });
    return {
      db: db as unknown as Db,
      kind: 'pg',
      migrate: () => migratePg(db, { migrationsFolder }),
      migrated: async () =>
        (await migrationState(async (text) => (await pool.query(text)).rows)).applied >=
        migrationJournal.length,
      exclusive: async (work) => {
        // A session lock on a connection of its own, held while the work runs on the pool.
        const holder = await pool.connect();
        try {
          await holder.query('select pg_advisory_lock($1)', [START_LOCK]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [START_LOCK]);
          }
        } finally {
          holder.release();
        }
      },
      executeSql: async (text, values) => {
        const { rows } = await pool.query(text, values);
        return { rows };
      },
      ping: async () => {
        await pool.query('select 1');
      },
      stats: () => ({ size: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  // One process at a time on a data directory: a second server would lose the first one's writes.
  const lock = options.pgliteDir ? await lockDataDir(options.pgliteDir) : undefined;
  let client: PGlite;
  try {
    if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
    client = new PGlite({
      dataDir: options.pgliteDir,
      extensions: pgliteExtensions,
      ...(options.pgliteLoad ? { loadDataDir: options.pgliteLoad } : {}),
    });
    await client.waitReady;
  } catch (error) {
    lock?.release();
    throw error;
  }
  keepStatements(client);
  const turns = takeTurns(client);
  const db = drizzlePglite({ client, schema, ...logger(options) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    migrated: async () =>
      (await migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows))
        .applied >= migrationJournal.length,
    exclusive: (work) => work(),
    // PGlite's query() takes one statement (the extended protocol); exec() takes several but no
    // parameters: pg-boss sends its schema and maintenance as parameterless multi-statement scripts.
    executeSql: async (text, values) => {
      if (values && values.length > 0) {
        const { rows } = await client.query<Record<string, unknown>>(text, values);
        return { rows };
      }
      const results = await client.exec(text);
      return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
    },
    ping: async () => {
      await client.query('select 1');
    },
    stats: () => ({
      size: 1,
      idle: turns.waiting() === 0 ? 1 : 0,
      waiting: Math.max(0, turns.waiting() - 1),
    }),
    dump: () => client.dumpDataDir('none'),
    close: async () => {
      try {
        await client.close();
      } finally {
        lock?.release();
      }
    },
  };
}

/**
 * PGlite runs each statement synchronously on the main thread and hands its lock from one waiting
 * query to the next in microtasks, so under load the event loop never reaches its I/O phase: new
 * connections, requests that need no database and event-stream heartbeats waited seconds (a new
 * connection 5-20 s at 100 concurrent requests). Here every top-level query, exec and transaction
 * waits its turn in one queue and yields one macrotask first, so I/O is served between statements.
 * (Statements inside a transaction run on its own handle, not through this queue.)
 */
function takeTurns(client: PGlite) {
  let tail: Promise<unknown> = Promise.resolve();
  let queued = 0;
  const inTurn =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      queued += 1;
      const turn = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => method.apply(client, args))
        .finally(() => {
          queued -= 1;
        });
      tail = turn.catch(() => undefined);
      return turn;
    };
  client.query = inTurn(client.query) as PGlite['query'];
  client.exec = inTurn(client.exec);
  client.transaction = inTurn(client.transaction) as PGlite['transaction'];
  /** Statements running or waiting their turn. */
  return { waiting: () => queued };
}
