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
