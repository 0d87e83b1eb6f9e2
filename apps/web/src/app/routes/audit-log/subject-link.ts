import type { AuditEntry, CurrentUser } from '@dostava/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { allows, type RouteHandle } from '../../route-access';

/** Where each kind of logged record is opened; kinds without a page of their own have none. */
const PAGES: Record<string, (id: string, entry: AuditEntry) => string | null> = {
  orders: (id) => `/orders/${id}`,
  restaurants: (id) => `/restaurant/${id}`,
  users: (id) => `/edit-user/${id}`,
  products: (id, entry) =>
    entry.subject.restaurant_id ? `/restaurant/${entry.subject.restaurant_id}/edit-product/${id}` : null,
  categories: (id) => `/edit-category/${id}`,
  vehicles: (id) => `/edit-vehicle/${id}`,
  settlements: (id) => `/settlements/${id}`,
  end_shift_requests: (id) => `/end-shift/${id}`,
  restaurant_payout_requests: (_id, entry) =>
    entry.subject.restaurant_id ? `/restaurant/${entry.subject.restaurant_id}` : null,
};

/**
 * The address of an entry's subject, when the record still exists and the viewer's role may open that
 * screen: the same route access (decision 0018) the router applies, so a link never leads to "forbidden".
 */
export function subjectLink(
  entry: AuditEntry,
  user: Pick<CurrentUser, 'role' | 'restaurant_id'> | null,
  routes: RouteObject[],
): string | null {
  const page = PAGES[entry.entity];
  if (!user || !page || !entry.entity_id || !entry.subject.exists) return null;
  const path = page(entry.entity_id, entry);
  if (!path) return null;
  const matches = matchRoutes(routes, path);
  const match = matches?.at(-1);
  if (!match || match.route.path === '*') return null;
  const access = (match.route.handle as RouteHandle | undefined)?.access ?? {};
  return allows(access, user, match.params) ? path : null;
}
