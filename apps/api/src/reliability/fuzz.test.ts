import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { createTestContext, type TestContext } from '../test/helpers.js';

/**
 * Property-based fuzzing of every write endpoint with random and hostile bodies and query strings:
 * never a 500, and a refused (4xx) request never changes anything.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let cases = 0;

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'driver', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
});
afterAll(() => {
  console.log(`fuzz: ${cases} requests tried`);
  return t.close();
});

const TABLES = [
  'restaurants',
  'categories',
  'products',
  'users',
  'vehicles',
  'orders',
  'order_items',
  'settlements',
  'driver_meals',
  'end_shift_requests',
  'app_versions',
  'driver_locations',
  'driver_breaks',
  'shifts',
  'audit_log',
];

/** A fingerprint of the data: row counts and the latest change of every table that has one. */
async function fingerprint(): Promise<string> {
  const counts = await rowsOf<Record<string, unknown>>(
    t.database.db,
    sql.raw(`select ${TABLES.map((table) => `(select count(*) from ${table}) as ${table}`).join(', ')},
      (select max(updated_at) from restaurants) r, (select max(updated_at) from products) p, (select max(updated_at) from users) u,
      (select max(status_changed_at) from orders) o, (select max(updated_at) from categories) c, (select max(updated_at) from drivers) d`),
  );
  return JSON.stringify(counts[0]);
}

const hostileString = fc.oneof(
  fc.string(),
  fc.constantFrom(
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '%00',
    '../../etc/passwd',
    '💥'.repeat(50),
    'x'.repeat(5000),
    '1e309',
    '-0',
    'NaN',
    '{{constructor}}',
    '__proto__',
    // The edges of issue 14: NUL bytes (PostgreSQL text refuses them) and dates past what
    // PostgreSQL or JavaScript can hold.
    '\u0000',
    'Pite\u0000 sa sirom',
    '9999-12-31',
    '0000-01-01',
    '0001-01-01',
    '+020000-01-01',
    '2026-02-30',
    '9999-12-31T23:59:59Z',
  ),
);
const hostileValue = fc.oneof(
  hostileString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(-1, 0, 2 ** 31, 2 ** 31 - 1, -(2 ** 53), 1.5, Number.MAX_SAFE_INTEGER, 99, 100_000_00),
  // Orders whose quantities × prices would overflow int4 if nothing bounded them.
  fc.array(fc.record({ product_id: fc.constantFrom(1, 2, 3), quantity: fc.constantFrom(99, 2 ** 31 - 1) }), {
    minLength: 1,
    maxLength: 50,
  }),
  fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 5 }),
);
const FIELDS = [
  'name',
  'email',
  'password',
  'role',
  'restaurant_id',
  'price',
  'category_id',
  'status',
  'reason',
  'version',
  'driver_id',
  'items',
  'points',
  'lat',
  'lng',
  'from',
  'to',
  'amount',
  'declared_amount',
  'ids',
  'phone',
  'percentage',
  'app_type',
  'priority',
  'plate_number',
  'type',
  'date',
  'refresh_token',
  'is_active',
  '__proto__',
  'constructor',
];
const hostileBody = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 }),
  fc.dictionary(fc.string(), hostileValue, { maxKeys: 4 }),
  fc.anything({ maxDepth: 2 }),
);

const QUERY_KEYS = [
  'page',
  'per_page',
  'sort',
  'q',
  'status',
  'active',
  'restaurant_id',
  'driver_id',
  'from',
  'to',
  'period',
  'role',
  'type',
  'app_type',
  'version',
  'category_id',
  'show_on_menu',
  'shift_state',
  'vehicle_type',
  'user_id',
  'entity',
];

/** The caller most routes admit: the customer or driver app, or an Admin in the back office. */
const tokenFor = (route: (typeof t.app.routeTable)[number]) =>
  route.auth === 'app' ? (route.roles?.includes('customer') ? tokens.customer : tokens.driver) : tokens.admin;

describe('fuzzing the read endpoints', () => {
  it('never answers 500 to hostile query strings', async () => {
    const reads = t.app.routeTable.filter((r) => r.method === 'GET' && r.url !== '/api/events');
    for (const route of reads) {
      const token = tokenFor(route);
      await fc.assert(
        fc.asyncProperty(
          fc.dictionary(fc.constantFrom(...QUERY_KEYS), fc.oneof(hostileString, fc.integer().map(String)), {
            maxKeys: 5,
          }),
          async (query) => {
            cases++;
            const search = new URLSearchParams(query).toString();
            const res = await t.request({
              method: 'GET',
              url: `${route.url.replace(/:id\b/g, '1')}?${search}`,
              token,
            });
            if (res.statusCode >= 500)
              throw new Error(`GET ${route.url}?${search} answered ${res.statusCode}: ${res.body}`);
          },
        ),
        { numRuns: 20, seed: 7 },
      );
    }
  }, 300_000);
});

describe('fuzzing the write endpoints', () => {
  it('never answers 500 and never changes data on a refusal', async () => {
    const writes = t.app.routeTable.filter(
      (r) => r.method !== 'GET' && !r.url.includes('logout') && !r.url.includes('sessions'),
    );
    expect(writes.length).toBeGreaterThan(30);
    for (const route of writes) {
      const token = tokenFor(route);
      await fc.assert(
        fc.asyncProperty(
          hostileBody,
          fc.constantFrom('1', '2', '999999', '0', '-1', 'abc', '1.5', '9999999999'),
          fc.string({ maxLength: 30 }),
          async (body, id, query) => {
            cases++;
            const before = await fingerprint();
            const res = await t.request({
              method: route.method as 'POST',
              url: `${route.url.replace(/:id\b/g, encodeURIComponent(id))}?q=${encodeURIComponent(query)}`,
              token,
              payload: body as object,
            });
            if (res.statusCode >= 500)
              throw new Error(`${route.method} ${route.url} answered ${res.statusCode}: ${res.body}`);
            if (res.statusCode >= 400) {
              const after = await fingerprint();
              if (after !== before)
                throw new Error(
                  `${route.method} ${route.url} refused with ${res.statusCode} but changed data`,
                );
            }
          },
        ),
        { numRuns: 25, seed: 42 },
      );
    }
  }, 300_000);
});
