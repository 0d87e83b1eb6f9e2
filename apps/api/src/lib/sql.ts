import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client.js';

/** Runs raw SQL and returns its rows, the same way on PGlite and on node-postgres. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}
