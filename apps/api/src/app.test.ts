import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from './lib/sql.js';
import { createTestContext, type TestContext } from './test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('the API core', () => {
  it('reports health with the database status', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', db: 'up', redis: 'off' });
  });

  it('a seeded database has its planner statistics (PGlite runs no autovacuum)', async () => {
    // The statistics ANALYZE writes (pg_statistic, in the catalogue), not pg_stat_user_tables'
    // last_analyze: the activity counters are not part of a copied database (the tests' template).
    const rows = await rowsOf<{ relname: string; analyzed: boolean }>(
      t.database.db,
      sql`select c.relname, exists (select 1 from pg_statistic s where s.starelid = c.oid) as analyzed
        from pg_class c where c.relkind = 'r' and c.relnamespace = 'public'::regnamespace
          and c.relname in ('orders', 'order_items', 'order_status_history', 'users') order by c.relname`,
    );
    expect(rows).toEqual(
      ['order_items', 'order_status_history', 'orders', 'users'].map((relname) => ({
        relname,
        analyzed: true,
      })),
    );
  });

  it('answers unknown API paths with the error contract, in the caller language', async () => {
    const res = await t.request({ method: 'GET', url: '/api/nope', lang: 'en' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'route_not_found', message: 'There is no such address in the API.' });
    expect((await t.request({ method: 'GET', url: '/api/nope' })).json().message).toBe(
      'Ova adresa ne postoji u API-ju.',
    );
  });

  it('publishes the OpenAPI document with every route', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/api/auth/sign-in',
      '/api/auth/refresh',
      '/api/restaurants',
      '/api/restaurants/{id}',
      '/api/uploads',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect((await t.request({ method: 'GET', url: '/api/docs/' })).statusCode).toBe(200);
  });

  it('tells the web app its map provider and admits exactly the tile host in the CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({
      currency: 'BAM',
      map: { provider: 'leaflet', google_maps_api_key: null },
    });
    expect(res.headers['content-security-policy']).toContain('https://tile.openstreetmap.org');
  });

  it('sends security headers and a request id', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('never leaks a stack trace', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/restaurants',
      payload: 'x'.repeat(2 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBeLessThan(500);
    expect(res.body).not.toMatch(/at .*\.(js|ts):\d+/);
  });
});
