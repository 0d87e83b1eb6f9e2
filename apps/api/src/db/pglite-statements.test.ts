import { PGlite } from '@electric-sql/pglite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { keepStatements } from './pglite-statements.js';
import { KEPT, planEachCall } from './statements.js';

/** The kept statements' texts, as PostgreSQL lists them. */
async function prepared(client: PGlite): Promise<string[]> {
  const [result] = await client.exec('select statement from pg_prepared_statements order by statement');
  return (result?.rows ?? []).map((r) => String(r.statement));
}

describe('keepStatements: a statement cache for PGlite', () => {
  const table = `
    create table t (id int primary key, name text, at timestamptz, price numeric(10,2), tags text[], doc jsonb);
    insert into t values (1, 'one', '2026-11-29T10:00:00Z', 12.50, '{a,b}', '{"x":1}'), (2, null, null, null, null, null);`;
  /** PGlite as it comes, to compare with. */
  let plain: PGlite;
  let kept: PGlite;

  beforeAll(async () => {
    plain = new PGlite();
    await plain.exec(table);
  });
  afterAll(() => plain.close());
  beforeEach(async () => {
    kept = new PGlite();
    await kept.waitReady; // as openDatabase does: PGlite's own start-up reads stay its own
    keepStatements(kept);
    await kept.exec(table);
  });
  afterEach(async () => {
    if (!kept.closed) await kept.close();
  });

  it('answers as PGlite does, in both row modes and with its parsers, and keeps the statement named', async () => {
    const text =
      'select id, name, at, price, tags, doc from t where id = any($1::int[]) or name = $2 order by id';
    for (const options of [
      undefined,
      { rowMode: 'array' as const },
      { parsers: { 1184: (v: string) => `at ${v}` } },
    ]) {
      for (const params of [
        [[1, 2], null],
        [[2], 'one'],
        [[], 'none'],
      ]) {
        const expected = await plain.query(text, params, options);
        expect(await kept.query(text, params, options)).toStrictEqual(expected);
      }
    }
    expect(await prepared(kept)).toEqual([text]);
    expect(await prepared(plain)).toEqual([]);
  });

  it('counts the rows a write changed, inside and outside a transaction', async () => {
    const update = 'update t set name = $1 where id <= $2';
    expect(await kept.query(update, ['x', 2])).toStrictEqual(await plain.query(update, ['x', 2]));
    expect((await kept.query(update, ['x', 2])).affectedRows).toBe(2);
    const inTx = await kept.transaction(async (tx) => {
      const changed = await tx.query(update, ['y', 1]);
      return {
        changed: changed.affectedRows,
        read: (await tx.query('select name from t where id = $1', [1])).rows,
      };
    });
    expect(inTx).toEqual({ changed: 1, read: [{ name: 'y' }] });
  });

  it('fails a bad statement with PostgreSQL’s error, keeps nothing of it, and goes on', async () => {
    await expect(kept.query('select nope from t where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
      query: 'select nope from t where id = $1',
    });
    expect(await prepared(kept)).toEqual([]);
    // A statement that parses is kept even when a call of it fails.
    await expect(kept.query('insert into t (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect((await kept.query('select count(*)::int as n from t where id > $1', [0])).rows).toEqual([
      { n: 2 },
    ]);
  });

  it('rolls back a transaction whose kept statement failed, and the next one works', async () => {
    const insert = 'insert into t (id, name) values ($1, $2)';
    await expect(
      kept.transaction(async (tx) => {
        await tx.query(insert, [3, 'three']);
        await tx.query(insert, [3, 'again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await kept.query('select count(*)::int as n from t where id = $1', [3])).rows).toEqual([
      { n: 0 },
    ]);
    await kept.transaction(async (tx) => {
      await tx.query(insert, [3, 'three']);
    });
    expect((await kept.query('select name from t where id = $1', [3])).rows).toEqual([{ name: 'three' }]);
  });

  it('parses a statement afresh when its table no longer has the columns its plan returned', async () => {
    const text = 'select * from t where id = $1';
    expect((await kept.query<{ name: string }>(text, [1])).rows[0]?.name).toBe('one');
    await kept.exec('alter table t drop column doc');
    // PostgreSQL refuses the old plan once (its result changed); the statement is then parsed again.
    await kept.query(text, [1]).catch((error: { code?: string }) => expect(error.code).toBe('0A000'));
    expect(Object.keys((await kept.query<Record<string, unknown>>(text, [1])).rows[0] ?? {})).not.toContain(
      'doc',
    );
  });

  it(`keeps at most ${KEPT} statements, closing the least recently used`, async () => {
    const first = 'select 0 + $1::int as n';
    await kept.query(first, [1]);
    for (let i = 1; i <= KEPT; i++) {
      await kept.query(`select ${i} + $1::int as n`, [1]);
      if (i === KEPT - 1) await kept.query(first, [1]); // used again: not the least recent any more
    }
    const texts = await prepared(kept);
    expect(texts).toHaveLength(KEPT);
    expect(texts).toContain(first);
    expect(texts).not.toContain('select 1 + $1::int as n');
  });

  it('parses a text marked by planEachCall unnamed at each call, as PGlite does', async () => {
    const text = "select name from t where name like $1 || '%'";
    planEachCall(text);
    expect((await kept.query(text, ['on'])).rows).toEqual([{ name: 'one' }]);
    expect(await prepared(kept)).toEqual([]);
  });

  it('fails a statement sent after close() with PGlite’s own error, which the API answers 503', async () => {
    await kept.query('select 1 as n where $1::int = 1', [1]);
    await kept.close();
    await expect(kept.query('select 1 as n where $1::int = 1', [1])).rejects.toThrow('PGlite is closed');
  });
});
