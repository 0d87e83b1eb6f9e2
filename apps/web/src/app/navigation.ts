import type { CurrentUser } from '@dostava/shared';
import type { RouteObject } from 'react-router';
import { MENUS, menuOf } from './menus';
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
