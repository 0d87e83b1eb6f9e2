export const ROLES = [
  'admin',
  'app_manager',
  'dispatcher',
  'restaurant_manager',
  'restaurant_employee',
  'driver',
  'customer',
] as const;
export type Role = (typeof ROLES)[number];

/** Roles admitted to the back office (`POST /auth/sign-in`). */
export const STAFF_ROLES = [
  'admin',
  'app_manager',
  'dispatcher',
  'restaurant_manager',
  'restaurant_employee',
] as const satisfies readonly Role[];
/** Roles of the mobile apps (`POST /auth/app/sign-in`). */
export const APP_ROLES = ['driver', 'customer'] as const satisfies readonly Role[];
/** Roles that always belong to one restaurant and only ever see that restaurant. */
export const RESTAURANT_ROLES = [
  'restaurant_manager',
  'restaurant_employee',
] as const satisfies readonly Role[];

export const isStaffRole = (role: Role): boolean => (STAFF_ROLES as readonly Role[]).includes(role);
export const isAppRole = (role: Role): boolean => (APP_ROLES as readonly Role[]).includes(role);
export const isRestaurantRole = (role: Role): boolean => (RESTAURANT_ROLES as readonly Role[]).includes(role);

const ADMINS = ['admin', 'app_manager'] as const;
const RESTAURANT_STAFF = ['restaurant_manager', 'restaurant_employee'] as const;

/**
 * The permission matrix: which roles may perform each action. The API enforces it (plus ownership:
 * restaurant roles act only on their own restaurant); the web app uses it to shape menus and buttons.
 */
export const PERMISSIONS = {
  'restaurants.list': [...ADMINS],
  /** Reading the list of restaurants: dispatchers filter the board by restaurant and call kitchens. */
  'restaurants.browse': [...ADMINS, 'dispatcher'],
  'restaurants.read': [...ADMINS, ...RESTAURANT_STAFF],
  'restaurants.create': [...ADMINS],
  'restaurants.update': [...ADMINS, 'restaurant_manager'],
  /** The operation's commission is the operation's decision: a restaurant never sets its own. */
  'restaurants.commission': [...ADMINS],
  'restaurants.delete': [...ADMINS],
  /**
   * The payout account (IBAN) of a restaurant: changed directly, and payout requests approved or
   * rejected, by the operation only. Settlements pay it, so a restaurant never sets it alone.
   */
  'restaurants.payout': [...ADMINS],
  /** A restaurant manager asks for a new payout account of their own restaurant; Admins decide. */
  'restaurants.payout_request': ['restaurant_manager'],
  /**
   * Reading the payout account and its change requests: bank details are for the restaurant's manager
   * and the operation, not for its employees (issue 32).
   */
  'restaurants.payout_read': [...ADMINS, 'restaurant_manager'],
  /**
   * The weekly opening hours and their dated exceptions (holidays, special hours): the operation and
   * the restaurant's manager; its staff read them with `restaurants.read`.
   */
  'restaurants.hours': [...ADMINS, 'restaurant_manager'],
  /**
   * Busy and pause (issue 24): the kitchen (manager and employee, their own restaurant) and the
   * operation (Admins and the dispatcher, any restaurant) set it; the same roles read it.
   */
  'restaurants.capacity': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'categories.read': [...ADMINS, ...RESTAURANT_STAFF],
  'categories.write': [...ADMINS],
  'products.read': [...ADMINS, ...RESTAURANT_STAFF],
  'products.write': [...ADMINS, 'restaurant_manager'],
  /** Restaurant employees may only switch a product on or off the menu. */
  'products.toggle': [...ADMINS, ...RESTAURANT_STAFF],
  /** Out of stock until a time: whoever switches products on and off the menu (issue 24). */
  'products.snooze': [...ADMINS, ...RESTAURANT_STAFF],
  /** Every account; App Managers are kept away from Admin accounts by the service. */
  'users.manage': [...ADMINS],
  /** Restaurant managers manage the Restaurant Employee accounts of their own restaurant. */
  'employees.manage': [...ADMINS, 'restaurant_manager'],
  'drivers.read': [...ADMINS, 'dispatcher'],
  'vehicles.read': [...ADMINS, 'dispatcher'],
  'vehicles.write': [...ADMINS],
  /** Lists and details; restaurant roles see their own restaurant, dispatchers the active board. */
  'orders.read': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'orders.status': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'orders.dispatch': [...ADMINS, 'dispatcher'],
  /** The operation's dispatch mode and its rules, and a restaurant's own mode (decision 0024). */
  'dispatch.settings': [...ADMINS],
  /**
   * Every order, not only the active ones (restaurant roles: their own restaurant's). Without it a
   * reader (the dispatcher) sees the active orders, and a search or an id reaches the recent ones too
   * (one rule, `historyScope` in the API's orders-queries.ts; anything older is not found).
   */
  'orders.history': [...ADMINS, ...RESTAURANT_STAFF],
  'orders.export': [...ADMINS],
  'events.subscribe': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'cash.read': [...ADMINS, 'dispatcher'],
  'cash.handle': [...ADMINS],
  'settlements.manage': [...ADMINS],
  'meals.manage': [...ADMINS],
  'app_versions.manage': [...ADMINS],
  'audit_log.read': [...ADMINS],
  'uploads.create': [...ADMINS, 'restaurant_manager', 'restaurant_employee', 'dispatcher'],
  'search.use': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'dashboard.read': [...ADMINS, ...RESTAURANT_STAFF],
  /** Integrators, their API keys and the webhook endpoints (issue 40): Admins only. */
  'integrations.manage': ['admin'],
  /** Delivery zones (issue 37): dispatchers read them (the board's filter, the map); Admins draw them. */
  'zones.read': [...ADMINS, 'dispatcher'],
  /** Zones, fee rules, restaurants' delivery areas and the quote simulator: the operation's decision. */
  'zones.write': [...ADMINS],
  /** Incidents (issue 38): whoever is concerned reports and reads them; restaurant staff their own orders. */
  'incidents.report': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  'incidents.read': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  /** Moving an incident along, resolving it, asking for a refund: the operation. */
  'incidents.manage': [...ADMINS, 'dispatcher'],
  /** A refund over the threshold waits for these roles; a dispatcher never approves one. */
  'refunds.approve': [...ADMINS],
  'incidents.settings': [...ADMINS],
  /** An order's customer tracking link: seen, copied, revoked and re-issued by whoever reads the order (issue 39). */
  'tracking.manage': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  /** The customer notifications' templates and rules (issue 39). */
  'notifications.manage': [...ADMINS],
  /** An order's proof of delivery (issue 38): whoever reads the order; restaurant staff their own. */
  'proofs.read': [...ADMINS, 'dispatcher', ...RESTAURANT_STAFF],
  /** What a delivery needs, per restaurant and by order value, and how long images are kept. */
  'proofs.settings': [...ADMINS],
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export interface Actor {
  role: Role;
  restaurant_id: number | null;
}

/**
 * May `actor` perform `permission`, on the restaurant `restaurantId` when the action concerns one?
 * Restaurant roles are always confined to their own restaurant.
 */
export function can(actor: Actor, permission: Permission, restaurantId?: number | null): boolean {
  if (!(PERMISSIONS[permission] as readonly Role[]).includes(actor.role)) return false;
  if (isRestaurantRole(actor.role) && restaurantId !== undefined) {
    return restaurantId !== null && actor.restaurant_id === restaurantId;
  }
  return true;
}
