import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client.js';
import { readTogether } from './sql.js';

let database: Database;
beforeAll(async () => {
  // In memory; PostgreSQL instead when the suite runs against a server.
  database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL });
});
afterAll(() => database.close());

/** Two reads that say when they start and end, each a round trip to the database. */
function reads(db: Database['db'], log: string[]) {
  const read = (name: string) => async () => {
    log.push(`${name} starts`);
    await db.execute('select pg_sleep(0.02)');
    log.push(`${name} ends`);
    return name;
  };
  return [read('a'), read('b')] as const;
}

describe('readTogether', () => {
  it('runs independent reads side by side on the pool', async () => {
    const log: string[] = [];
    expect(await readTogether(database.db, reads(database.db, log))).toEqual(['a', 'b']);
    expect(log.slice(0, 2)).toEqual(['a starts', 'b starts']);
  });

  it('runs them one after another in a transaction (its one connection takes one statement at a time)', async () => {
    const log: string[] = [];
    const answers = await database.db.transaction((tx) => readTogether(tx, reads(tx, log)));
    expect(answers).toEqual(['a', 'b']);
    expect(log).toEqual(['a starts', 'a ends', 'b starts', 'b ends']);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)(
  'a statement sent on a busy connection (test/one-statement-at-a-time.ts)',
  () => {
    it('is refused, and reported to the test', async () => {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      try {
        const first = client.query('select pg_sleep(0.05)');
        expect(() => client.query('select 1')).toThrow(
          /a statement sent on a connection still running another/,
        );
        // The first one runs on, and the connection takes the next statement once it has answered.
        await first;
        expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
      } finally {
        await client.end();
      }
      // The guard's own report: taken here, so that this test, which meant it, passes.
      const { takeSentWhileBusy } = await import('../test/one-statement-at-a-time.js');
      expect(takeSentWhileBusy()).toHaveLength(1);
    });
  },
);
