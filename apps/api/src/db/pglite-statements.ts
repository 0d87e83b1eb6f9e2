import {
  type PGlite,
  parse,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite';

const { serialize } = protocol;

/** Statements kept prepared at once; the least recently used is closed past this. */
export const KEPT = 300;

/** Whatever PGlite would have added to its own errors: the failed statement and its values. */
function withQuery(error: unknown, query: string, params: unknown[], options?: QueryOptions): unknown {
  if (error && typeof error === 'object' && 'severity' in error)
    Object.assign(error, { query, params, queryOptions: options });
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

/** Texts PostgreSQL must plan for each call's values (`planEachCall`): never kept prepared. */
const plannedEachCall = new Set<string>();

/**
 * Marks a statement's text to be planned afresh at each call, with its values: a trigram search
 * planned once for any pattern could not choose its index well (`preparedShape`).
 */
export function planEachCall(text: string): void {
  plannedEachCall.add(text);
}

/** The backend messages a result is read from (PGlite's parser gives them these shapes). */
type Message =
  | { name: 'rowDescription'; fields: { name: string; dataTypeID: number }[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: 'commandComplete'; text: string }
  | { name: string };

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
  // PGlite's own mutexes (one transaction at a time, one protocol exchange at a time) and readiness.
  const internals = client as unknown as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _checkReady(): Promise<void>;
  };
  /** Text → the statement's name on this PGlite and its parameters' types; oldest first. */
  const kept = new Map<string, { name: string; types: number[] }>();
  let count = 0;

  /** One statement's answer, shaped as PGlite's `query()` shapes it. */
  function resultOf<T>(messages: Message[], options: QueryOptions | undefined): Results<T> {
    const rows: unknown[] = [];
    let fields: { name: string; dataTypeID: number }[] = [];
    let parsers: ((value: string, type: number) => unknown)[] = [];
    let result: Results<T> = { rows: [], fields: [], affectedRows: 0 };
    for (const message of messages) {
      if (message.name === 'rowDescription' && 'fields' in message) {
        fields = (message.fields as { name: string; dataTypeID: number }[]).map((f) => ({
          name: f.name,
          dataTypeID: f.dataTypeID,
        }));
        parsers = fields.map(
          (f) => options?.parsers?.[f.dataTypeID] ?? client.parsers[f.dataTypeID] ?? String,
        );
      } else if (message.name === 'dataRow' && 'fields' in message) {
        const values = (message.fields as (string | null)[]).map((value, i) =>
          value === null
            ? null
            : (parsers[i] as (value: string, type: number) => unknown)(value, fields[i]?.dataTypeID ?? 0),
        );
        rows.push(
          options?.rowMode === 'array'
            ? values
            : Object.fromEntries(values.map((v, i) => [fields[i]?.name, v])),
        );
      } else if (message.name === 'commandComplete' && 'text' in message) {
        // "SELECT 2", "UPDATE 3", "INSERT 0 5" end in a row count; "CREATE TABLE" does not.
        const parts = message.text.split(' ');
        const command = parts[0] as string;
        const rowCount = Number.parseInt(parts.at(-1) as string, 10);
        result = {
          rows: rows as T[],
          fields,
          command,
          affectedRows: COUNTED.has(command) ? rowCount : 0,
          ...(Number.isNaN(rowCount) ? {} : { rowCount }),
        } as Results<T>;
      }
    }
    return result;
  }

  async function run<T>(query: string, params: unknown[], options: QueryOptions | undefined, top: boolean) {
    // Inside PGlite's mutexes, as its close() checks: a statement that comes after close() began fails
    // with PGlite's own "PGlite is closing/closed" (a 503), never on a torn-down database.
    await internals._checkReady();
    const keep = !plannedEachCall.has(query);
    let statement = keep ? kept.get(query) : undefined;
    try {
      if (statement) {
        kept.delete(query);
        kept.set(query, statement);
      } else {
        const messages: Uint8Array[] = [];
        let name = '';
        if (keep) {
          if (kept.size >= KEPT) {
            const [oldest, old] = kept.entries().next().value as [string, { name: string }];
            kept.delete(oldest);
            messages.push(serialize.close({ type: 'S', name: old.name }));
          }
          count += 1;
          name = `dostava_${count}`;
        }
        messages.push(
          serialize.parse({ name, text: query, types: options?.paramTypes ?? [] }),
          serialize.describe({ type: 'S', name }),
          serialize.sync(),
        );
        const described = await client.execProtocolStream(concat(messages), { syncToFs: false });
        statement = { name, types: parse.parseDescribeStatementResults(described) };
        if (keep) kept.set(query, statement);
      }
      const { types } = statement;
      const values = params.map((param, i) => {
        if (param === null || param === undefined) return null;
        const oid = types[i] as number;
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
      return resultOf<T>(results as Message[], options);
    } catch (error) {
      // A statement PostgreSQL no longer knows, or whose plan no longer fits its tables (a restore
      // replaced them), is parsed afresh at its next call.
      const code = (error as { code?: string }).code;
      if (keep && statement && (code === '26000' || code === '0A000')) kept.delete(query);
      throw withQuery(error, query, params, options);
    }
  }

  const transaction = client.transaction.bind(client);

  client.query = (<T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
    internals._runExclusiveTransaction(() =>
      client.runExclusive(() => run<T>(text, params, options, true)),
    )) as PGlite['query'];

  client.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const wrapped = Object.create(tx, {
        query: {
          value: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed) throw new Error('Transaction is closed');
            return client.runExclusive(() => run<R>(text, params, options, false));
          },
        },
      }) as Transaction;
      return callback(wrapped);
    })) as PGlite['transaction'];
}
