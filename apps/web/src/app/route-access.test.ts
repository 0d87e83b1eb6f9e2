import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { allows, type RouteHandle } from './route-access';
import { routes } from './router';

/** Every route of the app with its full path, in the order the router holds them. */
function flatten(list: RouteObject[], prefix = ''): { path: string; handle?: RouteHandle }[] {
  return list.flatMap((route) => {
    const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}` : prefix;
    const own = route.index || route.path ? [{ path, handle: route.handle as RouteHandle | undefined }] : [];
    return [...own, ...flatten(route.children ?? [], path)];
  });
}

const screens = flatten(routes);
const access = (path: string) => {
  const screen = screens.find((s) => s.path === path);
  if (!screen?.handle?.access) throw new Error(`no access rule for ${path}`);
  return screen.handle.access;
};
const admin = { role: 'admin', restaurant_id: null } as const;
const dispatcher = { role: 'dispatcher', restaurant_id: null } as const;
const manager = { role: 'restaurant_manager', restaurant_id: 7 } as const;
const employee = { role: 'restaurant_employee', restaurant_id: 7 } as const;

describe('screen access', () => {
  it('every screen that renders a page says who may open it', () => {
    const open = screens.filter(
      (s) => !['/404', '/*', '/restaurant/:id/products'].includes(s.path) && !s.handle?.access,
    );
    expect(open.map((s) => s.path)).toEqual([]);
    expect(screens.length).toBeGreaterThan(35);
  });

  it('follows the permission table: a dispatcher has the board, the map and the cash register', () => {
    expect(allows(access('/active-orders'), dispatcher, {})).toBe(true);
    expect(allows(access('/drivers-location'), dispatcher, {})).toBe(true);
    expect(allows(access('/end-shift'), dispatcher, {})).toBe(true);
    expect(allows(access('/orders/:id'), dispatcher, {})).toBe(true);
    for (const path of [
      '/orders',
      '/drivers',
      '/vehicles',
      '/restaurants',
      '/settlements',
      '/log',
      '/dispatch-settings',
    ]) {
      expect(allows(access(path), dispatcher, {}), path).toBe(false);
    }
  });

  it('keeps the two versions of a screen apart: the operation’s and the restaurant’s order list', () => {
    expect(allows(access('/orders'), admin, {})).toBe(true);
    expect(allows(access('/dispatch-settings'), admin, {})).toBe(true);
    expect(allows(access('/dispatch-settings'), { role: 'app_manager', restaurant_id: null }, {})).toBe(true);
    expect(allows(access('/dispatch-settings'), manager, { id: '7' })).toBe(false);
    expect(allows(access('/restaurant-orders'), admin, {})).toBe(false);
    expect(allows(access('/restaurant-orders'), employee, {})).toBe(true);
    expect(allows(access('/orders'), employee, {})).toBe(false);
    expect(allows(access('/restaurant-active-orders'), dispatcher, {})).toBe(false);
  });

  it('confines restaurant roles to their own restaurant and managers’ work to managers', () => {
    const products = access('/resturant/:id/products');
    expect(allows(products, employee, { id: '7' })).toBe(true);
    expect(allows(products, employee, { id: '8' })).toBe(false);
    expect(allows(products, admin, { id: '8' })).toBe(true);
    const addProduct = access('/restaurant/:restaurant_id/add-product');
    expect(allows(addProduct, manager, { restaurant_id: '7' })).toBe(true);
    expect(allows(addProduct, employee, { restaurant_id: '7' })).toBe(false);
    expect(allows(access('/resturant/:id/employees'), employee, { id: '7' })).toBe(false);
  });

  it('lets every staff member open the dashboard, profile and settings', () => {
    for (const user of [admin, dispatcher, manager, employee]) {
      for (const path of ['/', '/profile', '/settings']) expect(allows(access(path), user, {})).toBe(true);
    }
    expect(allows(access('/'), { role: 'driver', restaurant_id: null }, {})).toBe(false);
  });
});
