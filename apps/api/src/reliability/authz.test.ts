import { isAppRole, isRestaurantRole, PERMISSIONS, type Role } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../db/seed/index.js';
import { rowsOf } from '../lib/sql.js';
import { createTestContext, type TestContext } from '../test/helpers.js';

/**
 * The authorization matrix: every API route × every role (and no sign-in), generated from the route
 * table and the shared permission matrix, asserting what the table promises — and never a 500.
 */
let t: TestContext;
/** One demo account per role, as the seed creates them. */
const ACCOUNTS = Object.fromEntries(DEMO_ACCOUNTS.map((a) => [a.role, a.email])) as Record<Role, string>;
const tokens = {} as Record<Role, string>;

const signInAll = async () => {
  for (const [role, email] of Object.entries(ACCOUNTS))
    tokens[role as Role] = (await t.signIn(email)).access_token;
};
/** Routes that end the caller's own session at once when admitted: the role signs in again after. */
const ENDS_OWN_SESSION = new Set(['/api/auth/logout']);

beforeAll(async () => {
  t = await createTestContext();
  await signInAll();
});
afterAll(() => t.close());

/** Would the table let `role` through the route's gate (before any ownership check)? */
function admitted(route: (typeof t.app.routeTable)[number], role: Role): boolean {
  if (route.auth === 'public') return true;
  // An integrator's key only (issue 40): no role's token opens it (integrations-routes.test.ts).
  if (route.auth === 'api_key') return false;
  if (route.auth === 'app' && !isAppRole(role)) return false;
  if (route.auth === 'backoffice' && isAppRole(role)) return false;
  if (route.permission && !(PERMISSIONS[route.permission] as readonly Role[]).includes(role)) return false;
  if (route.roles && !route.roles.includes(role)) return false;
  return true;
}

const concrete = (url: string) => url.replace(/:id\b/g, '999999');

describe('the authorization matrix', () => {
  it('covers every API route', () => {
    expect(t.app.routeTable.length).toBeGreaterThan(60);
  });

  it('refuses anonymous callers on every route that is not public', async () => {
    for (const route of t.app.routeTable) {
      if (route.auth === 'public') continue;
      const res = await t.request({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('admits and refuses each role exactly as the permission table says, never with a 500', async () => {
    const failures: string[] = [];
    for (const route of t.app.routeTable) {
      for (const role of Object.keys(ACCOUNTS) as Role[]) {
        const allowed = admitted(route, role);
        // The live stream of an admitted caller stays open; its gate is covered when refused.
        if (route.url === '/api/events' && allowed) continue;
        const res = await t.request({
          method: route.method as 'GET',
          url: concrete(route.url),
          token: tokens[role],
          ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
        });
        const label = `${role} ${route.method} ${route.url} → ${res.statusCode}`;
        if (ENDS_OWN_SESSION.has(route.url) && res.statusCode < 300)
          tokens[role] = (await t.signIn(ACCOUNTS[role])).access_token;
        if (res.statusCode >= 500) failures.push(`${label} (server error)`);
        else if (!allowed && res.statusCode !== (route.auth === 'api_key' ? 401 : 403))
          failures.push(`${label} (should be refused with ${route.auth === 'api_key' ? 401 : 403})`);
        else if (allowed && res.statusCode === 401) failures.push(`${label} (should be admitted)`);
        else if (allowed && res.statusCode === 403) {
          // Only ownership may still refuse an admitted restaurant role: id 999999 is nobody's restaurant.
          const ownership = isRestaurantRole(role) && route.url.includes(':id');
          if (!ownership) failures.push(`${label} (should be admitted)`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('confines restaurant roles to their own restaurant on every route that names a restaurant record', async () => {
    const db = t.database.db;
    const restaurantOf = async (email: string) =>
      Number(
        (await rowsOf<{ r: number }>(db, sql`select restaurant_id r from users where email = ${email}`))[0]
          ?.r,
      );
    const own = await restaurantOf('manager@example.com');
    const other = await restaurantOf('manager2@example.com');
    const first = async (query: ReturnType<typeof sql>) =>
      Number((await rowsOf<{ id: number }>(db, query))[0]?.id);
    /** `restaurant_id = own` for the own restaurant's record, `<> own` for another's. */
    const whose = (column: ReturnType<typeof sql>, mine: boolean) =>
      mine ? sql`${column} = ${own}` : sql`${column} <> ${own}`;
    const orderOf = (mine: boolean) =>
      first(sql`select id from orders where ${whose(sql`restaurant_id`, mine)} order by id limit 1`);
    /** Each route naming a restaurant's record: such a record's id (own or another's), a valid body. */
    const records: Record<string, { id: (mine: boolean) => Promise<number>; body?: object }> = {
      '/api/restaurants/:id': { id: async (mine) => (mine ? own : other), body: {} },
      '/api/restaurants/:id/products': {
        id: async (mine) => (mine ? own : other),
        body: { name: 'Kontrola pristupa', price: 500, category_id: 1 },
      },
      '/api/restaurants/:id/hours': {
        id: async (mine) => (mine ? own : other),
        body: { days: [], exceptions: [] },
      },
      '/api/restaurants/:id/payout-requests': {
        id: async (mine) => (mine ? own : other),
        body: { iban: 'BA39 1540 0120 2094 5888' },
      },
      '/api/products/:id': {
        id: (mine) =>
          first(sql`select id from products where ${whose(sql`restaurant_id`, mine)} order by id limit 1`),
        body: { show_on_menu: true },
      },
      '/api/restaurants/:id/capacity': {
        id: async (mine) => (mine ? own : other),
        body: { mode: 'busy', minutes: 10 },
      },
      '/api/products/:id/snooze': {
        id: (mine) =>
          first(sql`select id from products where ${whose(sql`restaurant_id`, mine)} order by id limit 1`),
        body: { mode: 'manual' },
      },
      '/api/orders/:id': {
        id: (mine) =>
          first(sql`select id from orders where ${whose(sql`restaurant_id`, mine)} order by id limit 1`),
      },
      '/api/restaurants/:id/delivery-area': { id: async (mine) => (mine ? own : other) },
      '/api/orders/:id/delivery-quote': {
        id: (mine) =>
          first(sql`select id from orders where ${whose(sql`restaurant_id`, mine)} order by id limit 1`),
      },
      '/api/orders/:id/status': {
        id: (mine) =>
          first(sql`select id from orders where ${whose(sql`restaurant_id`, mine)}
            order by status = 'created' desc, id limit 1`),
        body: { status: 'preparing_order' },
      },
      // Incidents, refunds, tracking and customer messages of an order (issues 38, 39): the order's.
      '/api/orders/:id/incidents': { id: orderOf, body: { type: 'cold', lines: [], photo_ids: [] } },
      '/api/orders/:id/refunds': { id: orderOf },
      '/api/orders/:id/notifications': { id: orderOf },
      '/api/orders/:id/tracking': { id: orderOf },
      '/api/orders/:id/tracking/revoke': { id: orderOf },
      '/api/orders/:id/tracking/reissue': { id: orderOf },
      // Proof of delivery (issue 38): the order's proof, and a private image attached to one.
      '/api/orders/:id/proof': { id: orderOf },
      '/api/uploads/private/:id': {
        id: (mine) =>
          first(sql`with u as (
              insert into uploads (file_name, original_name, mime_type, size, private)
              values (gen_random_uuid()::text || '.png', 'authz.png', 'image/png', 1, true) returning id),
            p as (
              insert into order_proofs (order_id, required, photo_id)
              select o.id, 'photo', u.id from orders o, u
              where ${whose(sql`o.restaurant_id`, mine)}
                and not exists (select 1 from order_proofs x where x.order_id = o.id)
              order by o.id limit 1 returning photo_id)
            select photo_id as id from p`),
      },
      '/api/incidents/:id': {
        // The seed has no incidents: one on an order of the restaurant wanted.
        id: async (mine) =>
          first(sql`insert into incidents (order_id, restaurant_id, type, lines, photo_ids, reporter_id, reporter_role)
            select o.id, o.restaurant_id, 'cold', '[]'::jsonb, '{}', (select id from users where role = 'admin' order by id limit 1), 'admin'
            from orders o where ${whose(sql`o.restaurant_id`, mine)} order by o.id limit 1
            returning id`),
      },
      '/api/users/:id': {
        id: (mine) =>
          // Not the signed-in demo employee: deleting it would end its session (at once) mid-test.
          first(sql`select id from users where role = 'restaurant_employee' and ${whose(sql`restaurant_id`, mine)}
            and email <> ${ACCOUNTS.restaurant_employee} order by id limit 1`),
        body: { first_name: 'Amra' },
      },
    };
    /** Routes with an id that is not a restaurant's record, and why. */
    const notRestaurantRecords: Record<string, string> = {
      '/api/restaurants/:id/menu': 'the menu every customer sees; staff may look at any',
      '/api/categories/:id': 'categories are shared by all restaurants',
      '/api/auth/sessions/:id': "the caller's own sessions",
    };
    const failures: string[] = [];
    let tried = 0;
    for (const route of t.app.routeTable) {
      if (!route.url.includes(':id')) continue;
      for (const role of ['restaurant_manager', 'restaurant_employee'] as const) {
        if (!admitted(route, role)) continue;
        if (notRestaurantRecords[route.url]) continue;
        const record = records[route.url];
        if (!record) {
          failures.push(`${route.method} ${route.url}: admits ${role}, but this test has no record for it`);
          continue;
        }
        // Another restaurant's record first, so a refusal there cannot depend on a change made here.
        for (const mine of [false, true]) {
          const id = await record.id(mine);
          const res = await t.request({
            method: route.method as 'GET',
            url: route.url.replace(':id', String(id)),
            token: tokens[role],
            ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: record.body ?? {} }),
          });
          tried++;
          const label = `${role} ${route.method} ${route.url} on ${mine ? 'its own' : 'another'} restaurant's record ${id} → ${res.statusCode} ${res.body.slice(0, 160)}`;
          if (res.statusCode >= 500) failures.push(`${label} (server error)`);
          else if (!mine && res.statusCode !== 403) failures.push(`${label} (should be 403)`);
          else if (mine && (res.statusCode === 403 || res.statusCode === 401)) {
            // Within its own restaurant a role may still lack the action (an employee editing products).
            const permitted =
              route.method === 'GET' ||
              role === 'restaurant_manager' ||
              route.url === '/api/products/:id' ||
              route.url === '/api/orders/:id/status';
            if (permitted) failures.push(`${label} (should be admitted)`);
          }
        }
      }
    }
    expect(tried).toBeGreaterThan(10);
    expect(failures).toEqual([]);
  });
});
