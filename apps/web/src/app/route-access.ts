import type { CurrentUser } from '@dostava/shared';
import {
  isRestaurantRole,
  PERMISSIONS,
  type Permission,
  type Role,
  STAFF_ROLES,
} from '@dostava/shared/roles';
import type { RouteObject } from 'react-router';
import type { MenuPlacement } from './menus';

/**
 * Who may open a screen, in the words of the shared permission table (`PERMISSIONS`), which the API
 * enforces on the screen's requests: the router never lists roles by hand (decision 0018).
 */
export interface RouteAccess {
  /** What the screen is for; none: every staff member (dashboard, profile, settings). */
  permission?: Permission;
  /** A screen kept in two versions: the restaurant's, or the operation's (admins, dispatchers). */
  side?: 'restaurant' | 'operation';
  /** The URL parameter holding a restaurant id that restaurant roles may only open for their own. */
  ownRestaurantParam?: string;
}

export interface RouteHandle {
  /** Catalogue key of the page title. */
  title?: string;
  access?: RouteAccess;
  /**
   * Where the screen sits in the side navigations (one placement per menu it appears in); the access
   * rule above decides which users see the entry.
   */
  menu?: readonly MenuPlacement[];
}

/** A route that renders a page, with its full path. */
export interface Screen {
  path: string;
  handle?: RouteHandle;
}

/** Every screen of the route tree with its full path, in the order the router holds them. */
export function screensOf(routes: RouteObject[], prefix = ''): Screen[] {
  return routes.flatMap((route) => {
    const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}` : prefix;
    const handle: RouteHandle | undefined = route.handle;
    const own = route.index || route.path ? [{ path, handle }] : [];
    return [...own, ...screensOf(route.children ?? [], path)];
  });
}

export function allows(
  access: RouteAccess,
  user: Pick<CurrentUser, 'role' | 'restaurant_id'>,
  params: Record<string, string | undefined>,
): boolean {
  const roles: readonly Role[] = access.permission ? PERMISSIONS[access.permission] : STAFF_ROLES;
  if (!roles.includes(user.role)) return false;
  const restaurantRole = isRestaurantRole(user.role);
  if (access.side && restaurantRole !== (access.side === 'restaurant')) return false;
  if (access.ownRestaurantParam && restaurantRole) {
    return user.restaurant_id !== null && params[access.ownRestaurantParam] === String(user.restaurant_id);
  }
  return true;
}
