import type { CurrentUser } from '@dostava/shared';

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

/** The side navigation of each role, as SPEC section 2 lays it out. */
export function navigationFor(user: Pick<CurrentUser, 'role' | 'restaurant_id'>): NavGroup[] {
  switch (user.role) {
    case 'admin':
    case 'app_manager':
      return [
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
            // One screen: a link, not a group of one.
            { label: 'nav.restaurants', path: '/restaurants' },
            {
              label: 'nav.orders',
              children: [
                { label: 'nav.all_orders', path: '/orders' },
                { label: 'nav.active_orders', path: '/active-orders' },
                { label: 'nav.dispatch_settings', path: '/dispatch-settings' },
              ],
            },
            { label: 'nav.cash_register', path: '/end-shift' },
            { label: 'nav.settlement', path: '/settlements' },
            { label: 'nav.drivers_meals', path: '/drivers-meals' },
          ],
        },
        { subheader: 'nav.versions', items: [{ label: 'nav.app_versions', path: '/app-versions' }] },
        { subheader: 'nav.system', items: [{ label: 'nav.log', path: '/log' }] },
      ];
    case 'dispatcher':
      return [
        {
          items: [
            { label: 'nav.orders', path: '/active-orders' },
            { label: 'nav.drivers', path: '/drivers-location' },
            { label: 'nav.cash_register', path: '/end-shift' },
          ],
        },
      ];
    default: {
      const id = user.restaurant_id;
      const restaurant: NavItem[] = [
        { label: 'nav.information', path: `/restaurant/${id}` },
        { label: 'nav.products', path: `/resturant/${id}/products` },
      ];
      if (user.role === 'restaurant_manager') {
        restaurant.push({ label: 'nav.employees', path: `/resturant/${id}/employees` });
      }
      return [
        { subheader: 'nav.overview', items: [{ label: 'nav.dashboard', path: '/' }] },
        {
          subheader: 'nav.my_restaurant',
          items: [...(id === null ? [] : restaurant)],
        },
        {
          subheader: 'nav.orders',
          items: [
            { label: 'nav.all_orders', path: '/restaurant-orders' },
            { label: 'nav.active_orders', path: '/restaurant-active-orders' },
          ],
        },
      ];
    }
  }
}
