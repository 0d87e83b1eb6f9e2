import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.js';

/** A database handle or a transaction: service functions take either as their first argument. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'pg';
  migrate(): Promise<void>;
  /** Cheap liveness probe for /health. */
  ping(): Promise<void>;
  close(): Promise<void>;
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
  /** Hears every statement sent (the benchmark captures the services' SQL with it). */
  logQuery?: (sql: string, params: unknown[]) => void;
}

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
    });
    const db = drizzlePg({ client: pool, schema, ...logger(options) });
    return {
      db: db as unknown as Db,
      kind: 'pg',
      migrate: () => migratePg(db, { migrationsFolder }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  if (options.pgliteDir) mkdirSync(options.pgliteDir, { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  takeTurns(client);
  const db = drizzlePglite({ client, schema, ...logger(options) });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
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
  const inTurn =
    <A extends unknown[], R>(method: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      const turn = tail
        .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
        .then(() => method.apply(client, args));
      tail = turn.catch(() => undefined);
      return turn;
    };
  client.query = inTurn(client.query) as PGlite['query'];
  client.exec = inTurn(client.exec);
  client.transaction = inTurn(client.transaction) as PGlite['transaction'];
}
