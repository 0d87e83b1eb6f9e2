import type { CurrentUser } from '@dostava/shared';
import { isRestaurantRole, type Role, STAFF_ROLES } from '@dostava/shared/roles';

export interface RouteAccess {
  roles: readonly Role[];
  /** The URL parameter holding a restaurant id that restaurant roles may only open for their own. */
  ownRestaurantParam?: string;
}

export interface RouteHandle {
  /** Catalogue key of the page title. */
  title?: string;
  access?: RouteAccess;
}

export const ADMINS = ['admin', 'app_manager'] as const satisfies readonly Role[];
export const RESTAURANT_STAFF = [
  'restaurant_manager',
  'restaurant_employee',
] as const satisfies readonly Role[];
export const ALL_STAFF = STAFF_ROLES;

export function allows(
  access: RouteAccess,
  user: Pick<CurrentUser, 'role' | 'restaurant_id'>,
  params: Record<string, string | undefined>,
): boolean {
  if (!access.roles.includes(user.role)) return false;
  if (access.ownRestaurantParam && isRestaurantRole(user.role)) {
    return user.restaurant_id !== null && params[access.ownRestaurantParam] === String(user.restaurant_id);
  }
  return true;
}
