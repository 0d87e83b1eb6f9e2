import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client.js';
import { planEachCall } from '../db/statements.js';

/** Runs raw SQL and returns its rows, the same way on PGlite and on node-postgres. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const dialect = new PgDialect();

/**
 * Raw SQL that the server plans afresh with each call's values (marked by `planEachCall`, so neither
 * statement cache keeps it prepared): for reads whose best plan depends on the values. A period's
 * rollups are one: a generic plan, made once for any range, read the year's restaurant punctuality in
 * 14 ms where the plan for the year's dates takes 1.5 ms (decision 0031).
 */
export async function rowsPlannedEachCall<T>(db: Db, query: SQL): Promise<T[]> {
  planEachCall(dialect.sqlToQuery(query).sql);
  return rowsOf<T>(db, query);
}

/** A SQL number that may be null, decoded (a count or a numeric arrives as text from some drivers). */
export const numberOrNull = {
  mapFromDriverValue: (value: unknown): number | null => (value === null ? null : Number(value)),
};

/**
 * Runs raw SQL (a statement the query builder cannot say: a set-based insert from JSON, an update
 * returning what it replaced) and parses its rows: typed by the schema, not asserted.
 */
export async function parsedRows<T extends z.ZodType>(db: Db, schema: T, query: SQL): Promise<z.output<T>[]> {
  return (await rowsOf<unknown>(db, query)).map((row) => schema.parse(row));
}

/** What `readTogether` answers: each read's result, in order. */
type Answers<T extends readonly (() => unknown)[]> = {
  -readonly [K in keyof T]: Awaited<ReturnType<T[K]>>;
};

/**
 * Independent reads: side by side on the pool (each on a connection of its own), one after another
 * in a transaction, whose one connection takes one statement at a time (pg 8 queues the rest with a
 * deprecation warning; pg 9 refuses them). A read is a function answering a query, a promise, or a
 * value at once (a branch with nothing to read).
 */
export async function readTogether<const T extends readonly (() => unknown)[]>(
  db: Db,
  reads: T,
): Promise<Answers<T>> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Answers<T>;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Answers<T>;
}

/**
 * Statements built once per database handle (and prepared on the server) instead of on every call:
 * for the hottest reads, building the SQL cost more CPU than the database spent answering it.
 */
export function preparedFor<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}

/**
 * "Only rows whose `column` is this value, unless it is null": a filter a prepared statement takes as
 * its placeholder `name` (an integer id), so one statement serves with and without it.
 */
export const matchesUnlessNull = (column: SQLWrapper, name: string): SQL => {
  const value = sql.placeholder(name);
  return sql`(${value}::int is null or ${column} = ${value}::int)`;
};

/**
 * Raw SQL (what the query builder cannot say) built once and prepared on the server under `name`, its
 * values given by placeholder name at each call (`sql.placeholder`): for the hottest writes, whose
 * building cost more CPU than the statement itself (location ingest, issue 34).
 */
export function preparedRows<T>(name: string, query: SQL) {
  const built = dialect.sqlToQuery(query);
  const statements = preparedFor((db: Db) => db._.session.prepareQuery(built, undefined, name, false));
  return async (db: Db, values: Record<string, unknown>): Promise<T[]> =>
    ((await statements(db).execute(values)) as unknown as { rows: T[] }).rows;
}

/** Shapes kept per database handle: a search's shapes are few (kinds × which words and codes it has). */
const SHAPES_KEPT = 500;
const shapes = new WeakMap<Db, Map<string, unknown>>();

/**
 * A query built once per shape (`key`: what its SQL depends on) and kept, its values given by
 * placeholder at each call: the building, not the database, was the cost of the hottest reads. Built
 * with `.prepare('')` and marked by `planEachCall`, so that neither statement cache (PGlite's nor
 * node-postgres') names it: the server plans each call with its values (a trigram search planned once
 * for any pattern could not choose its index well).
 */
export function preparedShape<T extends { getQuery(): { sql: string } }>(
  db: Db,
  key: string,
  build: () => T,
): T {
  let kept = shapes.get(db);
  if (!kept) {
    kept = new Map();
    shapes.set(db, kept);
  }
  let statement = kept.get(key) as T | undefined;
  if (!statement) {
    if (kept.size >= SHAPES_KEPT) kept.delete(kept.keys().next().value as string);
    statement = build();
    planEachCall(statement.getQuery().sql);
    kept.set(key, statement);
  }
  return statement;
}
