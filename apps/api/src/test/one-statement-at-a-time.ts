import pg from 'pg';
import { afterEach, expect } from 'vitest';

/**
 * A connection runs one statement at a time. A transaction holds one (drizzle's `tx` on PostgreSQL),
 * so reads sent side by side on it (a `Promise.all` given a `tx`) queue inside pg: pg 8 warns once per
 * process and goes on, pg 9 refuses them. `readTogether` (lib/sql.ts) runs such reads one after another
 * in a transaction; here, in every API test on PostgreSQL, a statement sent to a connection that is
 * still busy with another fails, and so does the test that caused it, even where the failure was
 * swallowed (work after a commit logs its errors and goes on).
 */
type Client = pg.Client & { pipeline?: boolean };

/** Statements sent on each connection whose answer has not come back (pg's own queue also holds, for a
 * moment, a failed statement the pool has already handed back: not ours to count). */
const inFlight = new WeakMap<object, number>();
const sentWhileBusy: string[] = [];
const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
pg.Client.prototype.query = function (this: Client, ...args: unknown[]) {
  const first = args[0] as { text?: string; submit?: unknown } | string | undefined;
  // A submittable (a cursor, a stream) answers on its own terms: not counted.
  if (typeof first === 'object' && typeof first?.submit === 'function') return query.apply(this, args);
  const busy = inFlight.get(this) ?? 0;
  if (busy > 0 && !this.pipeline) {
    const text = typeof first === 'string' ? first : first?.text;
    const error = new Error(
      `a statement sent on a connection still running another (run them one after another in a transaction: readTogether): ${String(text).slice(0, 200)}`,
    );
    sentWhileBusy.push(error.stack ?? error.message);
    throw error;
  }
  inFlight.set(this, busy + 1);
  const done = () => inFlight.set(this, (inFlight.get(this) ?? 1) - 1);
  const last = args.at(-1);
  if (typeof last === 'function') {
    args[args.length - 1] = function (this: unknown, ...answer: unknown[]) {
      done();
      return last.apply(this, answer);
    };
    return query.apply(this, args);
  }
  try {
    const answer = query.apply(this, args) as Promise<unknown> | undefined;
    if (answer && typeof answer.then === 'function') answer.then(done, done);
    else done();
    return answer;
  } catch (error) {
    done();
    throw error;
  }
} as typeof pg.Client.prototype.query;

/** The statements refused since the last call (a test that sends some on purpose takes them). */
export const takeSentWhileBusy = () => sentWhileBusy.splice(0);

afterEach(() => {
  const found = takeSentWhileBusy();
  expect(found, 'statements sent on a busy connection').toEqual([]);
});
