import { isRestaurantRole, type Role } from '@dostava/shared/roles';

/**
 * The three side navigations of SPEC section 2 and their groups, in order. Which screens fill them
 * is not listed here: each route's `handle.menu` places it, and the route's access rule decides who
 * sees the entry (decision 0018).
 */
export const MENUS = {
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
