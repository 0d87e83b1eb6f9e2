import { isAppRole, isRestaurantRole, PERMISSIONS, type Role } from '@dostava/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './test/helpers.js';

/**
 * The authorization matrix: every API route × every role (and no sign-in), generated from the route
 * table and the shared permission matrix, asserting what the table promises — and never a 500.
 */
let t: TestContext;
const ACCOUNTS: Record<Role, string> = {
  admin: 'admin@example.com',
  app_manager: 'appmanager@example.com',
  dispatcher: 'dispatcher@example.com',
  restaurant_manager: 'manager@example.com',
  restaurant_employee: 'employee@example.com',
  driver: 'driver@example.com',
  customer: 'customer@example.com',
};
const tokens = {} as Record<Role, string>;

beforeAll(async () => {
  t = await createTestContext();
  for (const [role, email] of Object.entries(ACCOUNTS))
    tokens[role as Role] = (await t.signIn(email)).access_token;
});
afterAll(() => t.close());

/** Would the table let `role` through the route's gate (before any ownership check)? */
function admitted(route: (typeof t.app.routeTable)[number], role: Role): boolean {
  if (route.auth === 'public') return true;
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
        if (res.statusCode >= 500) failures.push(`${label} (server error)`);
        else if (!allowed && res.statusCode !== 403) failures.push(`${label} (should be refused with 403)`);
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
});
