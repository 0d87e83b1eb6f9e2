import type { CurrentUser } from '@dostava/shared';
import { isRestaurantRole, type Role } from '@dostava/shared/roles';
import type { RouteObject } from 'react-router';
import { allows, type Screen, screensOf } from './route-access';

export interface NavItem {
  /** Catalogue key of the label. */
  label: string;
  path?: string;
  children?: NavItem[];
}

export interface NavGroup {
  /** Catalogue key of the subheader; none for an untitled group. */
  subheader?: string;
  items: NavItem[];
}

/**
 * The three side navigations of SPEC section 2 and their groups, in order. Which screens fill them
 * is not listed here: each route's `handle.menu` places it, and the route's access rule decides who
 * sees the entry (decision 0018).
 */
const MENUS = {
  /** Admins and App Managers. */
  operation: [
    { id: 'overview', subheader: 'nav.overview' },
    { id: 'management', subheader: 'nav.management' },
    { id: 'versions', subheader: 'nav.versions' },
    { id: 'system', subheader: 'nav.system' },
  ],
  /** The dispatcher: one untitled group, the board first. */
  dispatch: [{ id: 'main' }],
  /** Restaurant staff: their own restaurant's screens. */
  restaurant: [
    { id: 'overview', subheader: 'nav.overview' },
    { id: 'my_restaurant', subheader: 'nav.my_restaurant' },
    { id: 'orders', subheader: 'nav.orders' },
  ],
} as const satisfies Record<string, readonly { id: string; subheader?: string }[]>;

export type MenuName = keyof typeof MENUS;

/** Where a screen sits in one of the side navigations. */
export type MenuPlacement = {
  [M in MenuName]: {
    menu: M;
    group: (typeof MENUS)[M][number]['id'];
    /** Catalogue key of the collapsible entry it sits under; entries with the same parent gather there. */
    parent?: string;
    /** Catalogue key of the entry's label. */
    label: string;
    /** Position in the menu: lower first, within its group (a parent sits where its first entry does). */
    order: number;
  };
}[MenuName];

/** The side navigation a role gets. */
export function menuOf(role: Role): MenuName {
  if (isRestaurantRole(role)) return 'restaurant';
  return role === 'dispatcher' ? 'dispatch' : 'operation';
}

/** The screen's path with the user's own restaurant in the parameter its access rule names. */
function pathFor(screen: Screen, user: Pick<CurrentUser, 'restaurant_id'>): string {
  const param = screen.handle?.access?.ownRestaurantParam;
  return param ? screen.path.replace(`:${param}`, String(user.restaurant_id)) : screen.path;
}

/** The side navigation of the user's role: the screens placed in its menu that the user may open. */
export function navigationFor(
  user: Pick<CurrentUser, 'role' | 'restaurant_id'>,
  routes: RouteObject[],
): NavGroup[] {
  const menu = menuOf(user.role);
  const entries = screensOf(routes)
    .flatMap((screen) => {
      const access = screen.handle?.access;
      const placement = screen.handle?.menu?.find((p) => p.menu === menu);
      if (!access || !placement) return [];
      const param = access.ownRestaurantParam;
      const params = param ? { [param]: String(user.restaurant_id) } : {};
      return allows(access, user, params) ? [{ placement, path: pathFor(screen, user) }] : [];
    })
    .sort((a, b) => a.placement.order - b.placement.order);

  return MENUS[menu].map((group) => {
    const items: NavItem[] = [];
    for (const { placement, path } of entries) {
      if (placement.group !== group.id) continue;
      const item = { label: placement.label, path };
      if (!placement.parent) {
        items.push(item);
        continue;
      }
      const parent = items.find((i) => i.children && i.label === placement.parent);
      if (parent?.children) parent.children.push(item);
      else items.push({ label: placement.parent, children: [item] });
    }
    return 'subheader' in group ? { subheader: group.subheader, items } : { items };
  });
}
