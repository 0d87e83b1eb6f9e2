import type { Role } from '@dostava/shared/roles';
import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { menuOf } from './menus';
import { type NavGroup, type NavItem, navigationFor } from './navigation';
import { allows, type RouteHandle, screensOf } from './route-access';
import { routes } from './router';

const screens = screensOf(routes);
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

/** Today's side navigation of each role (SPEC section 2), as the hand-written menus gave it. */
const OPERATION_MENU: NavGroup[] = [
  { subheader: 'nav.overview', items: [{ label: 'nav.dashboard', path: '/' }] },
  {
    subheader: 'nav.management',
    items: [
      {
        label: 'nav.users',
        children: [
          { label: 'nav.users_list', path: '/users' },
          { label: 'nav.drivers', path: '/drivers' },
          { label: 'nav.vehicles', path: '/vehicles' },
        ],
      },
      { label: 'nav.categories', path: '/categories' },
      { label: 'nav.restaurants', path: '/restaurants' },
      {
        label: 'nav.orders',
        children: [
          { label: 'nav.all_orders', path: '/orders' },
          { label: 'nav.active_orders', path: '/active-orders' },
          { label: 'nav.dispatch_settings', path: '/dispatch-settings' },
          { label: 'notifications.nav', path: '/notifications' },
          { label: 'proofs.nav', path: '/proof-settings' },
        ],
      },
      { label: 'nav.cash_register', path: '/end-shift' },
      { label: 'nav.settlement', path: '/settlements' },
      { label: 'incidents.nav', path: '/incidents' },
      { label: 'nav.drivers_meals', path: '/drivers-meals' },
      {
        label: 'zones.title',
        children: [
          { label: 'zones.nav', path: '/zones' },
          { label: 'zones.nav_fees', path: '/fee-rules' },
          { label: 'zones.nav_simulator', path: '/quote-simulator' },
        ],
      },
    ],
  },
  { subheader: 'nav.versions', items: [{ label: 'nav.app_versions', path: '/app-versions' }] },
  { subheader: 'nav.system', items: [{ label: 'nav.log', path: '/log' }] },
];
/** Admins alone manage integrators and webhooks (issue 40): App Managers' menu is the same without them. */
const ADMIN_MENU: NavGroup[] = OPERATION_MENU.map((group) =>
  group.subheader === 'nav.system'
    ? {
        ...group,
        items: [
          ...group.items,
          {
            label: 'integrations.title',
            children: [
              { label: 'integrations.integrators', path: '/integrations' },
              { label: 'integrations.webhooks', path: '/webhooks' },
            ],
          },
        ],
      }
    : group,
);
const DISPATCHER_MENU: NavGroup[] = [
  {
    items: [
      { label: 'nav.orders', path: '/active-orders' },
      { label: 'nav.drivers', path: '/drivers-location' },
      { label: 'nav.cash_register', path: '/end-shift' },
      { label: 'incidents.nav', path: '/incidents' },
    ],
  },
];
const restaurantMenu = (own: NavItem[]): NavGroup[] => [
  { subheader: 'nav.overview', items: [{ label: 'nav.dashboard', path: '/' }] },
  { subheader: 'nav.my_restaurant', items: own },
  {
    subheader: 'nav.orders',
    items: [
      { label: 'nav.all_orders', path: '/restaurant-orders' },
      { label: 'nav.active_orders', path: '/restaurant-active-orders' },
      { label: 'incidents.nav', path: '/incidents' },
    ],
  },
];

describe('side navigation', () => {
  it('gives each role the menu of the specification', () => {
    expect(navigationFor(admin, routes)).toEqual(ADMIN_MENU);
    expect(navigationFor({ role: 'app_manager', restaurant_id: null }, routes)).toEqual(OPERATION_MENU);
    expect(navigationFor(dispatcher, routes)).toEqual(DISPATCHER_MENU);
    expect(navigationFor(manager, routes)).toEqual(
      restaurantMenu([
        { label: 'nav.information', path: '/restaurant/7' },
        { label: 'nav.products', path: '/resturant/7/products' },
        { label: 'nav.employees', path: '/resturant/7/employees' },
      ]),
    );
    expect(navigationFor(employee, routes)).toEqual(
      restaurantMenu([
        { label: 'nav.information', path: '/restaurant/7' },
        { label: 'nav.products', path: '/resturant/7/products' },
      ]),
    );
    // Without a restaurant the group keeps its subheader and has no entries.
    expect(navigationFor({ role: 'restaurant_manager', restaurant_id: null }, routes)).toEqual(
      restaurantMenu([]),
    );
    expect(navigationFor({ role: 'restaurant_employee', restaurant_id: null }, routes)).toEqual(
      restaurantMenu([]),
    );
  });

  const users: { role: Role; restaurant_id: number | null }[] = [
    admin,
    { role: 'app_manager', restaurant_id: null },
    dispatcher,
    manager,
    employee,
    { role: 'restaurant_manager', restaurant_id: null },
  ];
  const links = (groups: NavGroup[]): string[] => {
    const walk = (items: NavItem[]): string[] =>
      items.flatMap((item) => [...(item.path ? [item.path] : []), ...walk(item.children ?? [])]);
    return groups.flatMap((group) => walk(group.items));
  };

  it('links every menu entry to a screen the role may open', () => {
    for (const user of users) {
      for (const path of links(navigationFor(user, routes))) {
        const match = matchRoutes(routes, path)?.at(-1);
        const handle: RouteHandle | undefined = match?.route.handle;
        const access = handle?.access;
        expect(access, `${user.role} ${path}`).toBeDefined();
        if (access && match) expect(allows(access, user, match.params), `${user.role} ${path}`).toBe(true);
      }
    }
  });

  it('puts in a role’s menu every screen it may open that has a menu entry', () => {
    // Screens with an entry in some menu that a role may open, yet not in its own menu, by design:
    // the operation opens one restaurant's screens from the restaurants list, and the dispatcher
    // starts at the board without a Dashboard entry; the map is the dispatcher's entry, Admins open
    // it from a driver's breaks (SPEC section 2).
    const operation = [
      '/restaurant/:id',
      '/resturant/:id/products',
      '/resturant/:id/employees',
      '/drivers-location',
    ];
    const elsewhere: Partial<Record<Role, string[]>> = {
      admin: operation,
      app_manager: operation,
      dispatcher: ['/'],
    };
    for (const user of users) {
      const inMenu = screens.filter((s) => s.handle?.menu?.some((p) => p.menu === menuOf(user.role)));
      const missing = screens.filter((screen) => {
        const access = screen.handle?.access;
        if (!access || !screen.handle?.menu?.length || inMenu.includes(screen)) return false;
        const param = access.ownRestaurantParam;
        return allows(access, user, param ? { [param]: String(user.restaurant_id) } : {});
      });
      expect(
        missing.map((s) => s.path),
        user.role,
      ).toEqual(elsewhere[user.role] ?? []);
      // Within its menu, the entries are exactly the screens the user may open.
      const own = inMenu.filter((screen) => {
        const access = screen.handle?.access;
        const param = access?.ownRestaurantParam;
        return access && allows(access, user, param ? { [param]: String(user.restaurant_id) } : {});
      });
      expect(links(navigationFor(user, routes)).length, user.role).toBe(own.length);
    }
  });
});
