import type { CurrentUser } from '@dostava/shared';
import { can } from '@dostava/shared/roles';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { appConfigQueryOptions } from '../api/app-config/get-app-config';
import { zonesQueryOptions } from '../api/zones/zones';
import { RouteProgress } from '../components/route-progress';
import { meQueryOptions } from '../features/auth/api/auth';
import { dashboardQueryOptions } from '../features/dashboard/api/dashboard';
import { parseDashboardPeriod } from '../features/dashboard/components/dashboard-period';
import { getSession } from '../lib/session';
import { RequireAuth } from './guards';
import { queryClient } from './providers';
import { RootLayout } from './root-layout';
import type { RouteHandle } from './route-access';

/**
 * A screen's first data asked for at once, beside the screen's chunk, not after it has loaded and
 * rendered (a request waiting on a chunk waiting on the entry: issue 34); the screen's own queries find
 * the requests in flight (the same keys). Not awaited: the screen shows its skeleton meanwhile. Only for
 * a signed-in user the screen lets in; `load` imports the feature's query options (a small chunk).
 */
function prefetchFor(permission: Parameters<typeof can>[1], load: (user: CurrentUser) => Promise<unknown>) {
  const { token, user } = getSession();
  if (token && user && can(user, permission)) void load(user).catch(() => {});
  return null;
}

/**
 * What the layout around every screen asks on a page load, asked beside the chunks: the server's
 * configuration (the operation's time zone) and the user's revalidation. Answered after the first
 * render, each re-rendered the whole layout and the screen once more (issue 34).
 */
function prefetchShell() {
  void queryClient.prefetchQuery(appConfigQueryOptions());
  const { token, user } = getSession();
  if (token && user) void queryClient.prefetchQuery(meQueryOptions());
  // The header's notice of disabled webhook endpoints (Admins): asked only once the screen had
  // rendered, the page counted as shown one request later (issue 34).
  prefetchFor('integrations.manage', () =>
    import('../features/webhooks/api/webhooks').then((m) =>
      queryClient.prefetchQuery(m.disabledWebhookEndpointsQueryOptions()),
    ),
  );
  return null;
}

/** The zones of a screen's zone filter, asked beside its chunk rather than once the filter renders. */
const prefetchZones = () => prefetchFor('zones.read', () => queryClient.prefetchQuery(zonesQueryOptions()));

const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    handle: {
      title: 'nav.dashboard',
      access: {},
      // The dispatcher starts at the board and has no Dashboard entry (SPEC section 2).
      menu: [
        { menu: 'operation', group: 'overview', label: 'nav.dashboard', order: 1 },
        { menu: 'restaurant', group: 'overview', label: 'nav.dashboard', order: 1 },
      ],
    } satisfies RouteHandle,
    // The figures are asked for at once, beside the page's chunk, not after the page has rendered;
    // the page's `useDashboard` finds the request in flight (same period, same key). Not awaited:
    // the page shows its skeleton meanwhile, as before.
    loader: ({ request }) => {
      const { token, user } = getSession();
      const period = parseDashboardPeriod(new URL(request.url).searchParams);
      if (token && user && can(user, 'dashboard.read') && !period.error) {
        void queryClient.prefetchQuery(dashboardQueryOptions(period.query));
        // The cards below the figures (ratings, incidents), which otherwise ask only once the figures
        // have answered and rendered.
        void import('./routes/dashboard/dashboard-prefetch')
          .then((m) => m.prefetchDashboardCards(queryClient, user, period.query))
          .catch(() => {});
      }
      return null;
    },
    // A period change is the page's own: its query follows the URL, nothing to load before.
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import('./routes/dashboard/dashboard-page').then((m) => ({ Component: m.DashboardPage })),
  },
  {
    path: 'profile',
    handle: { title: 'account.profile', access: {} } satisfies RouteHandle,
    lazy: () => import('./routes/account/profile-page').then((m) => ({ Component: m.ProfilePage })),
  },
  {
    path: 'settings',
    handle: { title: 'account.settings', access: {} } satisfies RouteHandle,
    lazy: () => import('./routes/account/settings-page').then((m) => ({ Component: m.SettingsPage })),
  },
  {
    path: 'restaurants',
    handle: {
      title: 'restaurants.title',
      access: { permission: 'restaurants.list' },
      // One screen: a link, not a group of one.
      menu: [{ menu: 'operation', group: 'management', label: 'nav.restaurants', order: 6 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/restaurants/restaurants-page').then((m) => ({ Component: m.RestaurantsPage })),
  },
  {
    path: 'add-restaurant',
    handle: { title: 'restaurants.add', access: { permission: 'restaurants.create' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/restaurants/add-restaurant-page').then((m) => ({ Component: m.AddRestaurantPage })),
  },
  {
    path: 'restaurant/:id',
    handle: {
      title: 'restaurants.edit',
      access: { permission: 'restaurants.read', ownRestaurantParam: 'id' },
      menu: [{ menu: 'restaurant', group: 'my_restaurant', label: 'nav.information', order: 2 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/restaurants/edit-restaurant-page').then((m) => ({ Component: m.EditRestaurantPage })),
  },
  {
    path: 'categories',
    handle: {
      title: 'categories.title',
      access: { permission: 'categories.write' },
      menu: [{ menu: 'operation', group: 'management', label: 'nav.categories', order: 5 }],
    } satisfies RouteHandle,
    lazy: () => import('./routes/categories/categories-page').then((m) => ({ Component: m.CategoriesPage })),
  },
  {
    path: 'add-category',
    handle: { title: 'categories.add', access: { permission: 'categories.write' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/categories/add-category-page').then((m) => ({ Component: m.AddCategoryPage })),
  },
  {
    path: 'edit-category/:id',
    handle: { title: 'categories.edit', access: { permission: 'categories.write' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/categories/edit-category-page').then((m) => ({ Component: m.EditCategoryPage })),
  },
  {
    path: 'resturant/:id/products',
    handle: {
      title: 'products.title',
      access: { permission: 'products.read', ownRestaurantParam: 'id' },
      menu: [{ menu: 'restaurant', group: 'my_restaurant', label: 'nav.products', order: 3 }],
    } satisfies RouteHandle,
    lazy: () => import('./routes/products/products-page').then((m) => ({ Component: m.ProductsPage })),
  },
  {
    path: 'restaurant/:id/products',
    lazy: () =>
      import('./routes/products/products-redirect').then((m) => ({ Component: m.ProductsRedirect })),
  },
  {
    path: 'restaurant/:restaurant_id/add-product',
    handle: {
      title: 'products.add',
      access: { permission: 'products.write', ownRestaurantParam: 'restaurant_id' },
    } satisfies RouteHandle,
    lazy: () => import('./routes/products/add-product-page').then((m) => ({ Component: m.AddProductPage })),
  },
  {
    // A restaurant employee may open it too, and sees the product read-only.
    path: 'restaurant/:restaurant_id/edit-product/:id',
    handle: {
      title: 'products.edit',
      access: { permission: 'products.read', ownRestaurantParam: 'restaurant_id' },
    } satisfies RouteHandle,
    lazy: () => import('./routes/products/edit-product-page').then((m) => ({ Component: m.EditProductPage })),
  },
  {
    path: 'users',
    handle: {
      title: 'users.title',
      access: { permission: 'users.manage' },
      menu: [
        { menu: 'operation', group: 'management', parent: 'nav.users', label: 'nav.users_list', order: 2 },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/users/users-page').then((m) => ({ Component: m.UsersPage })),
  },
  {
    path: 'add-user',
    handle: { title: 'users.add', access: { permission: 'users.manage' } } satisfies RouteHandle,
    lazy: () => import('./routes/users/add-user-page').then((m) => ({ Component: m.AddUserPage })),
  },
  {
    path: 'edit-user/:id',
    handle: { title: 'users.edit', access: { permission: 'users.manage' } } satisfies RouteHandle,
    lazy: () => import('./routes/users/edit-user-page').then((m) => ({ Component: m.EditUserPage })),
  },
  {
    path: 'resturant/:id/users',
    handle: { title: 'pages.restaurant_users', access: { permission: 'users.manage' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/users/restaurant-users-page').then((m) => ({ Component: m.RestaurantUsersPage })),
  },
  {
    path: 'drivers',
    handle: {
      title: 'drivers.title',
      access: { permission: 'users.manage' },
      menu: [{ menu: 'operation', group: 'management', parent: 'nav.users', label: 'nav.drivers', order: 3 }],
    } satisfies RouteHandle,
    lazy: () => import('./routes/drivers/drivers-page').then((m) => ({ Component: m.DriversPage })),
  },
  {
    path: 'drivers/:id/breaks',
    handle: { title: 'drivers.breaks_title', access: { permission: 'drivers.read' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/drivers/driver-breaks-page').then((m) => ({ Component: m.DriverBreaksPage })),
  },
  {
    path: 'vehicles',
    handle: {
      title: 'vehicles.title',
      access: { permission: 'vehicles.write' },
      menu: [
        { menu: 'operation', group: 'management', parent: 'nav.users', label: 'nav.vehicles', order: 4 },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/vehicles/vehicles-page').then((m) => ({ Component: m.VehiclesPage })),
  },
  {
    path: 'add-vehicle',
    handle: { title: 'vehicles.add', access: { permission: 'vehicles.write' } } satisfies RouteHandle,
    lazy: () => import('./routes/vehicles/add-vehicle-page').then((m) => ({ Component: m.AddVehiclePage })),
  },
  {
    path: 'edit-vehicle/:id',
    handle: { title: 'vehicles.edit', access: { permission: 'vehicles.write' } } satisfies RouteHandle,
    lazy: () => import('./routes/vehicles/edit-vehicle-page').then((m) => ({ Component: m.EditVehiclePage })),
  },
  {
    path: 'resturant/:id/employees',
    handle: {
      title: 'employees.title',
      access: { permission: 'employees.manage', ownRestaurantParam: 'id' },
      menu: [{ menu: 'restaurant', group: 'my_restaurant', label: 'nav.employees', order: 4 }],
    } satisfies RouteHandle,
    lazy: () => import('./routes/employees/employees-page').then((m) => ({ Component: m.EmployeesPage })),
  },
  {
    path: 'add-employee',
    handle: { title: 'employees.add', access: { permission: 'employees.manage' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/employees/add-employee-page').then((m) => ({ Component: m.AddEmployeePage })),
  },
  {
    path: 'edit-employee/:id',
    handle: { title: 'employees.edit', access: { permission: 'employees.manage' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/employees/edit-employee-page').then((m) => ({ Component: m.EditEmployeePage })),
  },
  {
    path: 'end-shift',
    handle: {
      title: 'nav.cash_register',
      access: { permission: 'cash.read' },
      menu: [
        { menu: 'operation', group: 'management', label: 'nav.cash_register', order: 10 },
        { menu: 'dispatch', group: 'main', label: 'nav.cash_register', order: 3 },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/cash-register/end-shift-page').then((m) => ({ Component: m.EndShiftPage })),
  },
  {
    path: 'end-shift/:id',
    handle: {
      title: 'pages.end_shift_request',
      access: { permission: 'cash.read' },
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/cash-register/end-shift-detail-page').then((m) => ({
        Component: m.EndShiftDetailPage,
      })),
  },
  {
    path: 'orders',
    handle: {
      title: 'nav.all_orders',
      access: { permission: 'orders.history', side: 'operation' },
      menu: [
        { menu: 'operation', group: 'management', parent: 'nav.orders', label: 'nav.all_orders', order: 7 },
      ],
    } satisfies RouteHandle,
    // The plain list (a reload of the menu's link); a filtered or paged one is the page's own to ask.
    loader: ({ request }) => {
      prefetchZones();
      if (new URL(request.url).search === '')
        prefetchFor('orders.history', () =>
          import('../features/orders/api/orders').then((m) =>
            queryClient.prefetchQuery(m.plainOrdersQueryOptions()),
          ),
        );
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import('./routes/orders/orders-page').then((m) => ({ Component: m.OrdersPage })),
  },
  {
    // Restaurant staff open their own restaurant's orders; the API refuses anyone else's.
    path: 'orders/:id',
    handle: {
      title: 'pages.order_details',
      access: { permission: 'orders.read' },
    } satisfies RouteHandle,
    lazy: () => import('./routes/orders/order-detail-page').then((m) => ({ Component: m.OrderDetailPage })),
  },
  {
    // The order's printable proof-of-delivery sheet (issue 38).
    path: 'orders/:id/proof',
    handle: { title: 'proofs.card_title', access: { permission: 'proofs.read' } } satisfies RouteHandle,
    lazy: () => import('./routes/proofs/proof-sheet-page').then((m) => ({ Component: m.ProofSheetPage })),
  },
  {
    path: 'proof-settings',
    handle: {
      title: 'proofs.settings_title',
      access: { permission: 'proofs.settings' },
      menu: [
        { menu: 'operation', group: 'management', parent: 'nav.orders', label: 'proofs.nav', order: 10.5 },
      ],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/proofs/proof-settings-page').then((m) => ({ Component: m.ProofSettingsPage })),
  },
  {
    path: 'active-orders',
    handle: {
      title: 'nav.active_orders',
      access: { permission: 'orders.dispatch' },
      menu: [
        {
          menu: 'operation',
          group: 'management',
          parent: 'nav.orders',
          label: 'nav.active_orders',
          order: 8,
        },
        { menu: 'dispatch', group: 'main', label: 'nav.orders', order: 1 },
      ],
    } satisfies RouteHandle,
    // Its first page, lane counts and what surrounds them, beside the page's chunk (board-prefetch.ts).
    loader: ({ request }) =>
      prefetchFor('orders.dispatch', (user) =>
        import('./routes/orders/board-prefetch').then((m) =>
          m.prefetchBoardPage(queryClient, request.url, user),
        ),
      ),
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () => import('./routes/orders/active-orders-page').then((m) => ({ Component: m.ActiveOrdersPage })),
  },
  {
    path: 'dispatch-settings',
    handle: {
      title: 'dispatch.settings_title',
      access: { permission: 'dispatch.settings' },
      menu: [
        {
          menu: 'operation',
          group: 'management',
          parent: 'nav.orders',
          label: 'nav.dispatch_settings',
          order: 9,
        },
      ],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/dispatch/dispatch-settings-page').then((m) => ({ Component: m.DispatchSettingsPage })),
  },
  {
    path: 'notifications',
    handle: {
      title: 'notifications.title',
      access: { permission: 'notifications.manage' },
      menu: [
        {
          menu: 'operation',
          group: 'management',
          parent: 'nav.orders',
          label: 'notifications.nav',
          order: 10,
        },
      ],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/notifications/notifications-page').then((m) => ({ Component: m.NotificationsPage })),
  },
  {
    path: 'settlements',
    handle: {
      title: 'nav.settlement',
      access: { permission: 'settlements.manage' },
      menu: [{ menu: 'operation', group: 'management', label: 'nav.settlement', order: 11 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/settlements/settlements-page').then((m) => ({ Component: m.SettlementsPage })),
  },
  {
    path: 'settlements/:id',
    handle: { title: 'pages.settlement', access: { permission: 'settlements.manage' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/settlements/settlement-detail-page').then((m) => ({
        Component: m.SettlementDetailPage,
      })),
  },
  {
    path: 'settlements/:id/print',
    handle: { title: 'pages.settlement', access: { permission: 'settlements.manage' } } satisfies RouteHandle,
    lazy: () =>
      import('./routes/settlements/settlement-print-page').then((m) => ({
        Component: m.SettlementPrintPage,
      })),
  },
  {
    path: 'restaurant-orders',
    handle: {
      title: 'nav.all_orders',
      access: { permission: 'orders.history', side: 'restaurant' },
      menu: [{ menu: 'restaurant', group: 'orders', label: 'nav.all_orders', order: 5 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/orders/restaurant-orders-page').then((m) => ({ Component: m.RestaurantOrdersPage })),
  },
  {
    path: 'restaurant-active-orders',
    handle: {
      title: 'nav.active_orders',
      access: { permission: 'orders.read', side: 'restaurant' },
      menu: [{ menu: 'restaurant', group: 'orders', label: 'nav.active_orders', order: 6 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/orders/active-orders-page').then((m) => ({
        Component: m.RestaurantActiveOrdersPage,
      })),
  },
  {
    path: 'app-versions',
    handle: {
      title: 'nav.app_versions',
      access: { permission: 'app_versions.manage' },
      menu: [{ menu: 'operation', group: 'versions', label: 'nav.app_versions', order: 13 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/app-versions/app-versions-page').then((m) => ({ Component: m.AppVersionsPage })),
  },
  {
    path: 'add-app-version',
    handle: {
      title: 'pages.add_app_version',
      access: { permission: 'app_versions.manage' },
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/app-versions/add-app-version-page').then((m) => ({ Component: m.AddAppVersionPage })),
  },
  {
    path: 'integrations',
    handle: {
      title: 'integrations.integrators',
      access: { permission: 'integrations.manage' },
      menu: [
        {
          menu: 'operation',
          group: 'system',
          parent: 'integrations.title',
          label: 'integrations.integrators',
          order: 15,
        },
      ],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/integrations/integrators-page').then((m) => ({ Component: m.IntegratorsPage })),
  },
  {
    path: 'integrations/:id',
    handle: {
      title: 'integrations.integrator',
      access: { permission: 'integrations.manage' },
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/integrations/integrator-page').then((m) => ({ Component: m.IntegratorPage })),
  },
  {
    path: 'webhooks',
    handle: {
      title: 'integrations.endpoints',
      access: { permission: 'integrations.manage' },
      menu: [
        {
          menu: 'operation',
          group: 'system',
          parent: 'integrations.title',
          label: 'integrations.webhooks',
          order: 16,
        },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/webhooks/webhooks-page').then((m) => ({ Component: m.WebhooksPage })),
  },
  {
    path: 'webhooks/:id',
    handle: {
      title: 'integrations.deliveries',
      access: { permission: 'integrations.manage' },
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/webhooks/webhook-endpoint-page').then((m) => ({ Component: m.WebhookEndpointPage })),
  },
  {
    path: 'log',
    handle: {
      title: 'audit_log.title',
      access: { permission: 'audit_log.read' },
      menu: [{ menu: 'operation', group: 'system', label: 'nav.log', order: 14 }],
    } satisfies RouteHandle,
    lazy: () => import('./routes/audit-log/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
  },
  {
    path: 'incidents',
    handle: {
      title: 'incidents.title',
      access: { permission: 'incidents.read' },
      menu: [
        { menu: 'operation', group: 'management', label: 'incidents.nav', order: 11 },
        { menu: 'dispatch', group: 'main', label: 'incidents.nav', order: 4 },
        { menu: 'restaurant', group: 'orders', label: 'incidents.nav', order: 7 },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/incidents/incidents-page').then((m) => ({ Component: m.IncidentsPage })),
  },
  {
    path: 'drivers-meals',
    handle: {
      title: 'nav.drivers_meals',
      access: { permission: 'meals.manage' },
      menu: [{ menu: 'operation', group: 'management', label: 'nav.drivers_meals', order: 12 }],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/driver-meals/driver-meals-page').then((m) => ({ Component: m.DriverMealsPage })),
  },
  // Delivery zones, fees and the quote simulator (issue 37): the map and Geoman load with these chunks.
  {
    path: 'zones',
    handle: {
      title: 'zones.title',
      access: { permission: 'zones.write' },
      menu: [
        { menu: 'operation', group: 'management', parent: 'zones.title', label: 'zones.nav', order: 12.1 },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/zones/zones-page').then((m) => ({ Component: m.ZonesPage })),
  },
  {
    path: 'fee-rules',
    handle: {
      title: 'zones.fees.title',
      access: { permission: 'zones.write' },
      menu: [
        {
          menu: 'operation',
          group: 'management',
          parent: 'zones.title',
          label: 'zones.nav_fees',
          order: 12.2,
        },
      ],
    } satisfies RouteHandle,
    lazy: () => import('./routes/zones/fee-rules-page').then((m) => ({ Component: m.FeeRulesPage })),
  },
  {
    path: 'quote-simulator',
    handle: {
      title: 'zones.simulator.title',
      access: { permission: 'zones.write' },
      menu: [
        {
          menu: 'operation',
          group: 'management',
          parent: 'zones.title',
          label: 'zones.nav_simulator',
          order: 12.3,
        },
      ],
    } satisfies RouteHandle,
    lazy: () =>
      import('./routes/zones/quote-simulator-page').then((m) => ({ Component: m.QuoteSimulatorPage })),
  },
  {
    // The map library loads with this route's chunk only.
    path: 'drivers-location',
    handle: {
      title: 'pages.drivers_location',
      access: { permission: 'drivers.read' },
      menu: [{ menu: 'dispatch', group: 'main', label: 'nav.drivers', order: 2 }],
    } satisfies RouteHandle,
    // The drivers, the orders layer and the zones, beside the page's chunk.
    loader: ({ request }) => {
      prefetchZones();
      // The map's library too, once the configuration names its provider: not after the page has
      // rendered and read the configuration itself.
      prefetchFor('drivers.read', () =>
        Promise.all([
          import('../features/drivers-location/api/drivers-location').then((m) =>
            Promise.all([
              queryClient.prefetchQuery(m.driverLocationsQueryOptions()),
              queryClient.prefetchQuery(m.orderMapQueryOptions(m.zoneOfUrl(request.url))),
            ]),
          ),
          Promise.all([
            queryClient.fetchQuery(appConfigQueryOptions()),
            import('../features/drivers-location/components/drivers-map'),
          ]).then(([config, m]) => m.preloadMapView(config.map)),
        ]),
      );
      return null;
    },
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
    lazy: () =>
      import('./routes/drivers-location/drivers-location-page').then((m) => ({
        Component: m.DriversLocationPage,
      })),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <RouteProgress />,
    children: [
      {
        path: '404',
        lazy: () => import('./routes/errors/not-found-page').then((m) => ({ Component: m.NotFoundPage })),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            loader: prefetchShell,
            // Once per page load: the layout's own queries keep these current afterwards.
            shouldRevalidate: () => false,
            lazy: () => import('./layouts/dashboard-layout').then((m) => ({ Component: m.DashboardLayout })),
            children: dashboardRoutes,
          },
        ],
      },
      { path: '*', element: <Navigate to="/404" replace /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
