import type { CapacityState } from '@dostava/shared';
import type { TFunction } from 'i18next';
import { orderingLabels } from './ordering-status';

export interface StripRestaurant {
  id: number;
  name: string;
  /** "Paused until 21:15", "Busy +20 min", "Closed until 08:00", in the restaurant's page's words. */
  state: string;
  kind: 'paused' | 'busy' | 'closed';
}

/**
 * What the dispatcher's strip says (issue 36): each restaurant busy or paused on its own (few, and a
 * dispatcher acts on them), the restaurants closed by their hours behind one count (at night most
 * are), soonest to open first.
 */
export function stripSummary(
  list: readonly CapacityState[],
  t: TFunction,
  now = new Date(),
): { attention: StripRestaurant[]; closed: StripRestaurant[] } {
  const attention: StripRestaurant[] = [];
  const closed: (StripRestaurant & { opens: number })[] = [];
  for (const c of list) {
    const { status, busy } = orderingLabels(c.ordering, t, now);
    const base = { id: c.restaurant_id, name: c.restaurant_name };
    if (c.ordering.reason === 'closed') {
      const opens = c.ordering.opens_at ? Date.parse(c.ordering.opens_at) : Number.POSITIVE_INFINITY;
      closed.push({ ...base, state: status, kind: 'closed', opens });
    } else if (c.ordering.reason === 'paused') attention.push({ ...base, state: status, kind: 'paused' });
    else if (busy) attention.push({ ...base, state: busy, kind: 'busy' });
  }
  closed.sort((a, b) => a.opens - b.opens || a.name.localeCompare(b.name));
  return { attention, closed: closed.map(({ opens: _opens, ...rest }) => rest) };
}
