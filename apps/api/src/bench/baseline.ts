import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { verify } from '@node-rs/argon2';
import pg from 'pg';

/**
 * The benchmark's baseline: a bare `node:http` server answering with the very SQL statements the API's
 * services sent for each scenario (captured by the benchmark), through bare `pg` (or bare PGlite when
 * the benchmark runs on the embedded database) — no framework, no validation, no auth, no ORM. What
 * the API adds on top of this is its own cost. Started by `bench/index.ts` with a spec file.
 */
export interface Captured {
  sql: string;
  params: unknown[];
}
export interface BaselineSpec {
  databaseUrl?: string;
  pgliteDir?: string;
  poolSize: number;
  /** GET path → statements answered in parallel (as the services run them). */
  reads: Record<string, Captured[]>;
  /** Sign-in: the user's select, argon2 verification of the password sent, then the writes. */
  signIn: Captured[];
  /** Location ingest: the statements of one batch (in a transaction when there are several). */
  ingest: Captured[];
  /**
   * Placing an order: its statements, run one after another in one transaction, the new order's id
   * (returned by the insert into orders) in place of the captured order's in every later statement.
   */
  place: { statements: Captured[]; orderId: number };
}

interface Database {
  query(sql: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }>;
  /** Runs the statements in one transaction on one connection. */
  transaction(statements: Captured[]): Promise<void>;
  /** Runs `work` in one transaction on one connection, with that connection's query. */
  session(work: (query: Database['query']) => Promise<void>): Promise<void>;
  close(): Promise<void>;
}

async function open(spec: BaselineSpec): Promise<Database> {
  if (spec.databaseUrl) {
    const pool = new pg.Pool({ connectionString: spec.databaseUrl, max: spec.poolSize });
    return {
      query: (sql, params) => pool.query(sql, params as unknown[]),
      async transaction(statements) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          for (const s of statements) await client.query(s.sql, s.params as unknown[]);
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      async session(work) {
        const client = await pool.connect();
        try {
          await client.query('begin');
          await work((sql, params) => client.query(sql, params as unknown[]));
          await client.query('commit');
        } catch (error) {
          await client.query('rollback');
          throw error;
        } finally {
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  const client = new PGlite(spec.pgliteDir, { extensions: { pg_trgm, unaccent } }); // the search's (migration 0016);
  await client.waitReady;
  return {
    query: (sql, params) => client.query<Record<string, unknown>>(sql, params as unknown[]),
    async transaction(statements) {
      await client.transaction(async (tx) => {
        for (const s of statements) await tx.query(s.sql, s.params as unknown[]);
      });
    },
    async session(work) {
      await client.transaction(async (tx) => {
        await work((sql, params) => tx.query<Record<string, unknown>>(sql, params as unknown[]));
      });
    },
    close: () => client.close(),
  };
}

/** A refresh token's hash is unique: each sign-in gets a fresh one, as the API makes. */
const fresh = (statements: Captured[]) =>
  statements.map((s) => ({
    sql: s.sql,
    params: s.params.map((p) =>
      typeof p === 'string' && /^[0-9a-f]{64}$/.test(p) ? randomBytes(32).toString('hex') : p,
    ),
  }));

async function main() {
  const spec = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8')) as BaselineSpec;
  const db = await open(spec);
  const subscribers = new Set<ServerResponse>();
  let eventId = 0;

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const readBody = (req: import('node:http').IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => resolve(body));
    });

  const server = createServer(async (req, res) => {
    try {
      const url = req.url ?? '';
      const read = spec.reads[url];
      if (req.method === 'GET' && read) {
        const results = await Promise.all(read.map((s) => db.query(s.sql, s.params)));
        return json(
          res,
          200,
          results.map((r) => r.rows),
        );
      }
      if (req.method === 'POST' && url === '/sign-in') {
        const { password } = JSON.parse(await readBody(req)) as { password: string };
        const [select, ...writes] = spec.signIn;
        if (!select) return json(res, 500, {});
        const user = (await db.query(select.sql, select.params)).rows[0];
        if (!user || !(await verify(String(user.password_hash), password))) return json(res, 401, {});
        await db.transaction(fresh(writes));
        return json(res, 200, { user_id: user.id });
      }
      if (req.method === 'POST' && (url === '/locations' || url === '/trigger')) {
        await readBody(req);
        const [only] = spec.ingest;
        if (spec.ingest.length === 1 && only) await db.query(only.sql, only.params);
        else await db.transaction(spec.ingest);
        if (url === '/trigger') {
          eventId++;
          const frame = `id: ${eventId}\nevent: driver.updated\ndata: ${JSON.stringify({ id: eventId, type: 'driver.updated', data: { driver_id: 1 } })}\n\n`;
          for (const subscriber of subscribers) subscriber.write(frame);
        }
        return json(res, 200, { accepted: 1 });
      }
      if (req.method === 'POST' && url === '/orders') {
        await readBody(req);
        const captured = spec.place.orderId;
        let id: unknown = captured;
        // The order's id stands alone as a parameter, or inside the prediction's JSON payload.
        const renamed = (p: unknown) =>
          p === captured
            ? id
            : typeof p === 'string' && p.includes(`"id":${captured}`)
              ? p.replaceAll(`"id":${captured}`, `"id":${id}`)
              : p;
        // What must be unique per order gets a fresh value, the same one wherever it recurs: the
        // webhook event's id and the tracking link's token.
        const unique = new Map<string, string>();
        const fresher = (p: unknown) => {
          if (typeof p !== 'string') return p;
          const kind = /^msg_[0-9a-f]{32}$/.test(p) ? 'msg' : /^[\w-]{32}$/.test(p) ? 'token' : undefined;
          if (!kind) return p;
          let value = unique.get(p);
          if (!value) {
            value =
              kind === 'msg'
                ? `msg_${randomBytes(16).toString('hex')}`
                : randomBytes(24).toString('base64url');
            unique.set(p, value);
          }
          return value;
        };
        await db.session(async (query) => {
          for (const s of spec.place.statements) {
            const result = await query(
              s.sql,
              s.params.map((p) => fresher(renamed(p))),
            );
            if (/^insert into "orders"/.test(s.sql)) id = result.rows[0]?.id;
          }
        });
        return json(res, 201, { id });
      }
      if (req.method === 'GET' && url === '/events') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        res.write('event: ready\ndata: {}\n\n');
        subscribers.add(res);
        req.on('close', () => subscribers.delete(res));
        return;
      }
      res.writeHead(404).end();
    } catch (error) {
      json(res, 500, { error: String(error) });
    }
  });
  server.listen(0, '127.0.0.1', () => {
    const address = server.address();
    console.log(`baseline listening on ${typeof address === 'object' && address ? address.port : 0}`);
  });
  process.on('SIGTERM', () => {
    for (const s of subscribers) s.end();
    server.close(() => db.close().then(() => process.exit(0)));
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
