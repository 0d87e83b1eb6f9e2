import { createHash } from 'node:crypto';
import pg from 'pg';
import { isPlannedEachCall, KEPT } from './statements.js';

/** A statement's name: its text's, so that one text has one name on every connection. */
export const statementName = (text: string): string =>
  `dostava_${createHash('sha256').update(text).digest('base64url').slice(0, 16)}`;

/** What pg's connection remembers of the statements it has parsed (pg 8: `parsedStatements`). */
type Connection = pg.Connection & { parsedStatements: Record<string, string> };
type Call = (...args: unknown[]) => unknown;

/**
 * A statement cache for node-postgres, as the one for PGlite (pglite-statements.ts): drizzle sends
 * its statements unnamed, so PostgreSQL parses and plans each again at every call. Here every statement
 * that pg sends by the extended protocol anyway (it has values, so it is a single statement) goes
 * under a name made of its text, and pg's own named statements do the rest: a connection parses a
 * name once (`parsedStatements`) and afterwards only binds and runs it. Statements without values
 * stay unnamed, in the simple protocol, which takes several at once (pg-boss's schema) and plans
 * `begin`, `commit` and the like cheaply; so do the texts marked by `planEachCall`.
 *
 * pg keeps a connection's statements without bound: here a connection keeps KEPT, and past that the
 * least recently used is closed (the protocol's Close, which works in a failed transaction too, where
 * DEALLOCATE is refused) and forgotten by pg, so that it is parsed again if it comes back. A statement PostgreSQL no longer
 * knows (26000), whose plan no longer fits its tables (0A000), or that failed in pg before the server
 * answered (pg closes it then but still counts it parsed) is parsed afresh at its next call; one that
 * never parsed (a syntax error) pg does not remember, nor does this. Installed on each pooled client
 * when it connects, above whatever already wraps `Client.prototype.query` (the tests' guard).
 */
export function nameStatements(client: pg.Client): void {
  const connection = client.connection as Connection;
  /** Text → its name, for the statements this connection keeps; least recently used first. */
  const kept = new Map<string, string>();
  const close = (name: string) => {
    delete connection.parsedStatements[name];
    connection.close({ type: 'S', name }, false);
  };
  const query = client.query as Call;
  client.query = function (this: pg.Client, ...args: unknown[]) {
    const [config, second] = args;
    const options = typeof config === 'object' && config !== null ? (config as pg.QueryConfig) : undefined;
    const text = options ? options.text : config;
    const values = Array.isArray(second) ? second : options?.values;
    if (
      typeof text !== 'string' ||
      !values?.length ||
      typeof (options as { submit?: unknown })?.submit === 'function'
    ) {
      return query.apply(this, args);
    }
    if (isPlannedEachCall(text)) {
      if (options?.name) args[0] = { ...options, name: undefined };
      return query.apply(this, args);
    }
    let name = kept.get(text);
    if (name) {
      kept.delete(text);
    } else {
      for (const [oldest, old] of kept) {
        if (kept.size < KEPT) break;
        kept.delete(oldest);
        close(old);
      }
      name = statementName(text);
      // Still parsed for pg after a failure made this forget it: closed, to be parsed afresh.
      if (connection.parsedStatements[name] !== undefined) close(name);
    }
    kept.set(text, name);
    args[0] = { ...options, text, name };
    const failed = (error: unknown) => {
      const code = error instanceof pg.DatabaseError ? error.code : undefined;
      if (
        code === undefined ||
        code === '26000' ||
        code === '0A000' ||
        connection.parsedStatements[name] === undefined
      )
        kept.delete(text);
    };
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (error: Error | null, result: unknown) => {
        if (error) failed(error);
        return last(error, result);
      };
      return query.apply(this, args);
    }
    const answer = query.apply(this, args) as Promise<unknown>;
    answer.catch(failed);
    return answer;
  } as typeof client.query;
}
