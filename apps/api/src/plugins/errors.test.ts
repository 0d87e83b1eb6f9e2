import { randomBytes } from 'node:crypto';
import { type Language, pickLanguage } from '@dostava/shared';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorsPlugin } from './errors.js';

/**
 * The error handler's backstop for constraint violations a service did not foresee: PostgreSQL's own
 * errors, as drizzle wraps them (on PGlite, and on the server when TEST_DATABASE_URL is set), are a
 * translated 409, never a 500.
 */
let app: FastifyInstance;
let close: () => Promise<void>;

beforeAll(async () => {
  const serverUrl = process.env.TEST_DATABASE_URL;
  let db: ReturnType<typeof drizzle>;
  if (serverUrl) {
    const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: serverUrl, max: 2 });
    db = drizzlePg({ client: pool }) as unknown as ReturnType<typeof drizzle>;
    close = () => pool.end();
  } else {
    const client = new PGlite();
    db = drizzle({ client });
    close = () => client.close();
  }
  // Tables of their own (node-postgres drops a connection after a failed query, and with it any
  // temporary table), removed afterwards.
  const suffix = randomBytes(4).toString('hex');
  const parent = sql.raw(`errors_test_parent_${suffix}`);
  const child = sql.raw(`errors_test_child_${suffix}`);
  const kept = sql.raw(`errors_test_kept_${suffix}`);
  await db.execute(sql`create table ${parent} (id int primary key)`);
  await db.execute(sql`create table ${child} (parent_id int references ${parent} (id))`);
  await db.execute(sql`create table ${kept} (parent_id int references ${parent} (id) on delete restrict)`);
  await db.execute(sql`insert into ${parent} values (1), (2)`);
  await db.execute(sql`insert into ${child} values (1)`);
  await db.execute(sql`insert into ${kept} values (2)`);
  const closeDb = close;
  close = async () => {
    await db.execute(sql`drop table ${child}, ${kept}, ${parent}`);
    await closeDb();
  };

  app = Fastify();
  app.decorateRequest('language', 'bs' as Language);
  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
  });
  await app.register(errorsPlugin);
  app.post('/duplicate', async () => db.execute(sql`insert into ${parent} values (1)`));
  app.post('/referenced', async () => db.execute(sql`delete from ${parent} where id = 1`));
  app.post('/restricted', async () => db.execute(sql`delete from ${parent} where id = 2`));
  app.post('/missing', async () => db.execute(sql`insert into ${child} values (3)`));
  // What PostgreSQL raises when it rolls back one of two concurrent transactions.
  for (const code of ['40P01', '40001']) {
    app.post(`/concurrent-${code}`, async () =>
      db.execute(sql.raw(`do $$ begin raise exception 'concurrent' using errcode = '${code}'; end $$`)),
    );
  }
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await close?.();
});

const hit = (url: string, lang = 'en') =>
  app.inject({ method: 'POST', url, headers: { 'accept-language': lang } });

describe('constraint violations no service caught', () => {
  it('a unique violation is a translated 409', async () => {
    const res = await hit('/duplicate');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'duplicate',
      message: 'This already exists: someone may have just made the same change. Reload and check.',
    });
    expect((await hit('/duplicate', 'bs')).json().message).toBe(
      'Ovo već postoji: neko je možda upravo napravio istu izmjenu. Osvježite i provjerite.',
    );
  });

  it('deleting a record others still point at is a 409 that offers deactivation', async () => {
    // A plain reference (foreign_key_violation) and an ON DELETE RESTRICT one (restrict_violation).
    for (const url of ['/referenced', '/restricted']) {
      const res = await hit(url);
      expect(res.statusCode, url).toBe(409);
      expect(res.json()).toEqual({
        error: 'has_history',
        message:
          'This record has a history (orders, settlements …) that must be kept, so it cannot be deleted. Deactivate or hide it instead.',
      });
    }
  });

  it('pointing at a record that is not there (deleted meanwhile) is a 409 conflict', async () => {
    const res = await hit('/missing');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'conflict',
      message: 'The record was changed by someone else. Reload and try again.',
    });
  });

  it('a deadlock or serialization failure (one of two concurrent writes rolled back) is a 409 conflict', async () => {
    for (const code of ['40P01', '40001']) {
      const res = await hit(`/concurrent-${code}`);
      expect(res.statusCode, code).toBe(409);
      expect(res.json().error).toBe('conflict');
    }
  });
});
