import { randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, jsonb, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { createServerDatabase, dropServerDatabase } from '../test/databases.js';
import { openDatabase } from './client.js';
import { nameStatements, statementName } from './pg-statements.js';
import { KEPT, planEachCall } from './statements.js';

const serverUrl = process.env.TEST_DATABASE_URL;

const t = pgTable('t', {
  id: integer().primaryKey(),
  name: text(),
  at: timestamp({ withTimezone: true }),
  price: numeric({ precision: 10, scale: 2 }),
  tags: text().array(),
  doc: jsonb(),
});

/** What a query answers, without pg's own bookkeeping. */
const answer = ({ rows, fields, rowCount, command }: pg.QueryResult) => ({ rows, fields, rowCount, command });

/** The statements a connection keeps prepared (asked without values: unnamed, not among them). */
async function prepared(client: pg.Pool | pg.PoolClient | pg.Client): Promise<string[]> {
  const { rows } = await client.query<{ statement: string }>(
    'select statement from pg_prepared_statements order by statement',
  );
  return rows.map((r) => r.statement);
}

describe.runIf(serverUrl)('nameStatements: node-postgres keeps statements prepared by text', () => {
  const database = `dostava_statements_${randomBytes(6).toString('hex')}`;
  let url: string;
  /** One connection, its statements named; and a bare pool to compare with. */
  let named: pg.Pool;
  let plain: pg.Pool;
  /** Every Parse pg sends on any connection. */
  const parse = vi.spyOn(pg.Connection.prototype, 'parse');
  /** The names a text was parsed under since the test began ('' unnamed). */
  const parsed = (text: string) =>
    parse.mock.calls.filter(([q]) => q.text === text).map(([q]) => (q.name as string | undefined) ?? '');

  /** `work` on one client of the naming pool, released after. */
  const onOneClient = async (work: (client: pg.PoolClient) => Promise<void>) => {
    const client = await named.connect();
    try {
      await work(client);
    } finally {
      client.release();
    }
  };

  beforeAll(async () => {
    url = await createServerDatabase(serverUrl ?? '', database);
    plain = new pg.Pool({ connectionString: url, max: 1 });
    named = new pg.Pool({ connectionString: url, max: 1 });
    named.on('connect', nameStatements);
    await plain.query(`
      create table t (id int primary key, name text, at timestamptz, price numeric(10,2), tags text[], doc jsonb);
      insert into t values (1, 'one', '2026-11-29T10:00:00Z', 12.50, '{a,b}', '{"x":1}'), (2, null, null, null, null, null);
      create table changing (id int primary key, a text);
      insert into changing values (1, 'a');`);
  });
  afterAll(async () => {
    parse.mockRestore();
    await Promise.all([named?.end(), plain?.end()]);
    if (serverUrl) await dropServerDatabase(serverUrl, database);
  });
  beforeEach(() => {
    parse.mockClear();
  });

  it('parses a text once per connection under its text’s name, then only binds and runs it', async () => {
    const text = 'select id, name from t where id = $1';
    for (let i = 0; i < 3; i++) {
      expect((await named.query(text, [1])).rows).toEqual([{ id: 1, name: 'one' }]);
    }
    expect(parsed(text)).toEqual([statementName(text)]);
    expect(await prepared(named)).toContain(text);
    // Another connection parses it once too, under the same name.
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      nameStatements(other);
      for (let i = 0; i < 2; i++)
        expect((await other.query(text, [2])).rows).toEqual([{ id: 2, name: null }]);
    } finally {
      await other.end();
    }
    expect(parsed(text)).toEqual([statementName(text), statementName(text)]);
  });

  it('answers as an unnamed statement does: rows, row arrays, types, the caller’s parsers, drizzle', async () => {
    const text = 'select id, name, at, price, tags, doc from t where id = any($1::int[]) order by id';
    const parsers: pg.CustomTypesConfig = {
      getTypeParser: ((oid: number, format?: 'text') =>
        oid === 1184 ? (v: string) => `at ${v}` : pg.types.getTypeParser(oid, format)) as never,
    };
    for (const config of [{ text }, { text, rowMode: 'array' }, { text, rowMode: 'array', types: parsers }]) {
      for (const params of [[[1, 2]], [[2]], [[]]]) {
        expect(answer(await named.query(config, params))).toStrictEqual(
          answer(await plain.query(config, params)),
        );
      }
    }
    // Parsed once under its name; the bare pool parses it unnamed at each of its nine calls.
    expect(parsed(text)).toEqual([statementName(text), ...Array(9).fill('')]);
    const [viaNamed, viaPlain] = [drizzle({ client: named }), drizzle({ client: plain })];
    const select = (db: typeof viaNamed) =>
      db
        .select()
        .from(t)
        .where(inArray(t.id, [1, 2]))
        .orderBy(t.id);
    expect(await select(viaNamed)).toStrictEqual(await select(viaPlain));
    const update = (db: typeof viaNamed) => db.execute(sql`update t set price = price where id <= ${2}`);
    expect(answer(await update(viaNamed))).toStrictEqual(answer(await update(viaPlain)));
    expect((await prepared(named)).filter((s) => s.startsWith('select "id", "name"'))).toHaveLength(1);
  });

  it('leaves the texts marked by planEachCall unnamed, whatever name the caller gave', async () => {
    const text = "select name from t where name like $1 || '%'";
    planEachCall(text);
    expect((await named.query({ text, name: 'by_the_caller', values: ['on'] })).rows).toEqual([
      { name: 'one' },
    ]);
    expect((await named.query(text, ['on'])).rows).toEqual([{ name: 'one' }]);
    expect(parsed(text)).toEqual(['', '']);
    expect(await prepared(named)).not.toContain(text);
  });

  it('leaves statements without values unnamed: several in one text still run', async () => {
    const script =
      'create table if not exists script (a int); insert into script values (1); select count(*)::int as n from script';
    const results = (await named.query(script)) as unknown as pg.QueryResult[];
    expect(results.at(-1)?.rows).toEqual([{ n: 1 }]);
    expect(parsed(script)).toEqual([]);
  });

  it(`keeps at most ${KEPT} statements a connection, closing the least recently used`, async () => {
    await onOneClient(async (client) => {
      const first = 'select 0 + $1::int as n';
      await client.query(first, [1]);
      for (let i = 1; i <= KEPT; i++) {
        await client.query(`select ${i} + $1::int as n`, [1]);
        if (i === KEPT - 1) await client.query(first, [1]); // used again: not the least recent any more
      }
      const texts = await prepared(client);
      expect(texts).toHaveLength(KEPT);
      expect(texts).toContain(first);
      expect(texts).not.toContain('select 1 + $1::int as n');
      // The one closed works again: parsed afresh, and kept.
      parse.mockClear();
      expect((await client.query('select 1 + $1::int as n', [1])).rows).toEqual([{ n: 2 }]);
      expect(parsed('select 1 + $1::int as n')).toHaveLength(1);
      expect(await prepared(client)).toContain('select 1 + $1::int as n');
    });
  });

  it('closes the least recently used inside a failed transaction too', async () => {
    await onOneClient(async (client) => {
      for (let i = 0; i < KEPT; i++) await client.query(`select ${i} * $1::int as m`, [1]);
      await client.query('begin');
      await expect(client.query('select 1 / $1::int', [0])).rejects.toMatchObject({ code: '22012' });
      // A new text in the failed transaction closes the oldest (DEALLOCATE would be refused here), and
      // is refused itself, never parsed.
      await expect(client.query('select 9 + $1::int as refused', [1])).rejects.toMatchObject({
        code: '25P02',
      });
      await client.query('rollback');
      const texts = await prepared(client);
      expect(texts).not.toContain('select 1 * $1::int as m');
      expect(texts).toHaveLength(KEPT - 1);
      expect((await client.query('select 9 + $1::int as refused', [1])).rows).toEqual([{ refused: 10 }]);
    });
  });

  it('parses a statement afresh when a change to its table changed its result (0A000)', async () => {
    await onOneClient(async (client) => {
      const text = 'select * from changing where id = $1';
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'a' }]);
      await client.query('alter table changing add column b int');
      // PostgreSQL refuses the old plan once; the statement is then parsed again, under the same name.
      await expect(client.query(text, [1])).rejects.toMatchObject({ code: '0A000' });
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'a', b: null }]);
      expect((await client.query(text, [1])).rows).toEqual([{ id: 1, a: 'a', b: null }]);
      expect(parsed(text)).toEqual([statementName(text), statementName(text)]);
    });
  });

  it('fails a bad statement with PostgreSQL’s error, keeps nothing of it, and goes on', async () => {
    await onOneClient(async (client) => {
      const bad = 'select nope from t where id = $1';
      // Twice: the second is parsed again (never bound to a statement that does not exist, 26000).
      for (let i = 0; i < 2; i++) {
        await expect(client.query(bad, [1])).rejects.toMatchObject({ code: '42703' });
      }
      expect(parsed(bad)).toHaveLength(2);
      expect(await prepared(client)).not.toContain(bad);
      // A statement that parses is kept even when a call of it fails.
      const insert = 'insert into t (id) values ($1)';
      await expect(client.query(insert, [1])).rejects.toMatchObject({ code: '23505' });
      expect((await client.query(insert, [3])).rowCount).toBe(1);
      expect(parsed(insert)).toHaveLength(1);
      expect((await client.query('delete from t where id = $1', [3])).rowCount).toBe(1);
    });
  });

  it('names the API’s statements, transactions and job queue included, and rolls back', async () => {
    const api = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      const insert = (id: number, name: string) => sql`insert into t (id, name) values (${id}, ${name})`;
      const failing = api.db.transaction(async (tx) => {
        await tx.execute(insert(3, 'three'));
        await tx.execute(insert(3, 'again'));
      });
      await expect(failing).rejects.toMatchObject({ cause: { code: '23505' } });
      const count = sql`select count(*)::int as n from t where id = ${3}`;
      expect(await rowsOf(api.db, count)).toEqual([{ n: 0 }]);
      await api.db.transaction(async (tx) => {
        await tx.execute(insert(3, 'three'));
      });
      expect(await rowsOf(api.db, count)).toEqual([{ n: 1 }]);
      // Parsed once on the one connection, through both transactions; the job queue's SQL too.
      const text = 'insert into t (id, name) values ($1, $2)';
      expect(parsed(text)).toEqual([statementName(text)]);
      expect(await api.executeSql('select $1::int + 1 as n', [1])).toMatchObject({ rows: [{ n: 2 }] });
      expect(await api.executeSql('select $1::int + 1 as n', [2])).toMatchObject({ rows: [{ n: 3 }] });
      expect(parsed('select $1::int + 1 as n')).toEqual([statementName('select $1::int + 1 as n')]);
      await api.executeSql('delete from t where id = $1', [3]);
    } finally {
      await api.close();
    }
  });
});
