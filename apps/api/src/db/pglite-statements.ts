import {
  messages,
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';
import { isPlannedEachCall, KEPT } from './statements.js';

const { serialize } = protocol;
const { CommandCompleteMessage, DatabaseError, DataRowMessage, RowDescriptionMessage } = messages;

/** Whatever PGlite would have added to its own errors: the failed statement and its values. */
function withQuery(error: unknown, query: string, params: unknown[], options?: QueryOptions): unknown {
  if (error instanceof DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const COUNTED = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/**
 * A statement cache for PGlite, as pgx and asyncpg keep one by default. PGlite's `query()` sends
 * every statement unnamed, so PostgreSQL parses and plans it again at each call, and planning, not
 * execution, was most of a statement's time (an order's detail row: 16 ms planned, 0.5 ms run;
 * decision 0031). Here each text is parsed once per PGlite under a name of its own and then only
 * bound and run, in one protocol exchange instead of PGlite's five; after five calls PostgreSQL
 * keeps a generic plan where its estimate is no worse than the plans made for the values
 * (plan_cache_mode auto). The least recently used of KEPT texts is closed when a new one comes;
 * texts marked by `planEachCall` are parsed unnamed at each call, as PGlite does.
 *
 * The answer is read here too, the way PGlite's `parseResults` reads it, but with each column's
 * parser looked up once: PGlite merges its 318 parsers with the caller's into a new object at every
 * statement that brings its own (drizzle's every one), 0.4 ms each. Installed under the client's
 * `query` and under each transaction's.
 */
export function keepStatements(client: PGlite) {
  /** Text → the statement's name on this PGlite and its parameters' types; oldest first. */
  const kept = new Map<string, { name: string; types: number[] }>();
  let count = 0;

  /** One statement's answer, shaped as PGlite's `query()` shapes it. */
  function resultOf<T>(answer: readonly unknown[], options: QueryOptions | undefined): Results<T> {
    const rows: T[] = [];
    let fields: { name: string; dataTypeID: number }[] = [];
    let parsers: ((value: string, type: number) => unknown)[] = [];
    let result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
    for (const message of answer) {
      if (message instanceof RowDescriptionMessage) {
        fields = message.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
        parsers = fields.map(
          (f) => options?.parsers?.[f.dataTypeID] ?? client.parsers[f.dataTypeID] ?? String,
        );
      } else if (message instanceof DataRowMessage) {
        const values = fields.map((field, i) => {
          const value = message.fields[i];
          return value === null || value === undefined ? null : parsers[i]?.(value, field.dataTypeID);
        });
        // The caller names the row's type, as with PGlite's own query().
        rows.push(
          (options?.rowMode === 'array'
            ? values
            : Object.fromEntries(fields.map((f, i) => [f.name, values[i]]))) as T,
        );
      } else if (message instanceof CommandCompleteMessage) {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5" end in a row count; "CREATE TABLE" does not.
        const parts = message.text.split(' ');
        const command = parts[0] ?? '';
        const rowCount = Number.parseInt(parts.at(-1) ?? '', 10);
        result = {
          rows,
          fields,
          command,
          affectedRows: COUNTED.has(command) ? rowCount : 0,
          ...(Number.isNaN(rowCount) ? {} : { rowCount }),
        };
      }
    }
    return result;
  }

  async function run<T>(query: string, params: unknown[], options: QueryOptions | undefined, top: boolean) {
    // Inside PGlite's mutexes, as its close() checks: a statement that comes after close() began fails
    // with PGlite's own "PGlite is closing/closed" (a 503), never on a torn-down database.
    await client._checkReady();
    const keep = !isPlannedEachCall(query);
    let statement = keep ? kept.get(query) : undefined;
    try {
      if (statement) {
        kept.delete(query);
        kept.set(query, statement);
      } else {
        const request: Uint8Array[] = [];
        let name = '';
        if (keep) {
          for (const [oldest, old] of kept) {
            if (kept.size < KEPT) break;
            kept.delete(oldest);
            request.push(serialize.close({ type: 'S', name: old.name }));
          }
          count += 1;
          name = `dostava_${count}`;
        }
        request.push(
          serialize.parse({ name, text: query, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        );
        const described = await client.execProtocolStream(concat(request), { syncToFs: false });
        statement = { name, types: parse.parseDescribeStatementResults(described) };
        if (keep) kept.set(query, statement);
      }
      const { types } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = types[i] ?? 0;
        const serializer = options?.serializers?.[oid] ?? client.serializers[oid];
        return serializer ? serializer(param) : String(param);
      });
      const results = await client.execProtocolStream(
        concat([
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: 'P' }),
          serialize.execute({}),
          serialize.sync(),
        ]),
        { syncToFs: false },
      );
      if (top) await client.syncToFs();
      return resultOf<T>(results, options);
    } catch (error) {
      // A statement PostgreSQL no longer knows, or whose plan no longer fits its tables (a restore
      // replaced them), is parsed afresh at its next call.
      const code = error instanceof DatabaseError ? error.code : undefined;
      if (keep && statement && (code === '26000' || code === '0A000')) kept.delete(query);
      throw withQuery(error, query, params, options);
    }
  }

  const transaction = client.transaction.bind(client);

  client.query = <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    client._runExclusiveTransaction(() => client.runExclusive(() => run<T>(text, params, options, true)));

  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) =>
      callback({
        ...tx,
        query: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
          if (tx.closed) throw new Error('Transaction is closed');
          return client.runExclusive(() => run<R>(text, params, options, false));
        },
        get closed() {
          return tx.closed;
        },
      }),
    );
}
