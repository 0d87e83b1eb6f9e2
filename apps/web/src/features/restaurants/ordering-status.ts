import type { Capacity, OrderingState } from '@dostava/shared';
import type { TFunction } from 'i18next';
import { formatDateTime } from '../../lib/format';
import { zonedParts } from '../../lib/time-zone';

const pad = (n: number) => String(n).padStart(2, '0');
const dayNumber = (p: { year: number; month: number; day: number }) =>
  Date.UTC(p.year, p.month - 1, p.day) / 86_400_000;

/**
 * When a restaurant takes orders again, on the operation's clock: its time today, a weekday and time
 * within the week, a date and time further off.
 */
function when(at: string, now: Date) {
  const then = zonedParts(new Date(at));
  const today = zonedParts(now);
  const days = dayNumber(then) - dayNumber(today);
  const weekday = new Date(dayNumber(then) * 86_400_000).getUTCDay() || 7;
  return { days, weekday, time: `${pad(then.hour)}:${pad(then.minute)}` };
}

/** A capacity (busy, paused) as an ordering state, so that it is said in the same words everywhere. */
export function capacityOrdering(capacity: Capacity): OrderingState {
  const paused = capacity.mode === 'paused';
  return {
    takes_orders: !paused,
    reason: paused ? 'paused' : null,
    busy_minutes: capacity.busy_minutes,
    opens_at: paused ? capacity.paused_until : null,
    closes_at: null,
  };
}

/**
 * What the restaurants list and a restaurant's page say about taking orders now: "Open", "Closed
 * until 11:00", "Opens Monday 08:00", "Paused until 19:30", and beside it "Busy +20 min".
 */
export function orderingLabels(
  state: OrderingState,
  t: TFunction,
  now = new Date(),
): { status: string; busy: string | null } {
  const busy =
    state.busy_minutes > 0 ? t('restaurants.ordering.busy', { minutes: state.busy_minutes }) : null;
  if (state.takes_orders) return { status: t('restaurants.ordering.open'), busy };
  const paused = state.reason === 'paused';
  if (!state.opens_at)
    return { status: t(paused ? 'restaurants.ordering.paused' : 'restaurants.ordering.closed'), busy };
  const at = when(state.opens_at, now);
  const day = t(`restaurants.ordering.on_day.${at.weekday}`);
  let status: string;
  if (at.days <= 0)
    status = t(paused ? 'restaurants.ordering.paused_until' : 'restaurants.ordering.closed_until', {
      time: at.time,
    });
  else if (at.days < 7)
    status = t(paused ? 'restaurants.ordering.paused_until_day' : 'restaurants.ordering.opens_on', {
      day,
      time: at.time,
    });
  else
    status = t(paused ? 'restaurants.ordering.paused_until_date' : 'restaurants.ordering.opens_at', {
      when: formatDateTime(state.opens_at),
    });
  return { status, busy };
}

/** An instant as a sentence names it: "today at 16:00", "tomorrow at 08:00", "Monday at 08:00", "on 24 Dec…". */
export function momentText(at: string, t: TFunction, now = new Date()): string {
  const then = when(at, now);
  if (then.days <= 0) return t('restaurants.hours.at_today', { time: then.time });
  if (then.days === 1) return t('restaurants.hours.at_tomorrow', { time: then.time });
  if (then.days < 7)
    return t('restaurants.hours.at_day', {
      day: t(`restaurants.ordering.on_day.${then.weekday}`),
      time: then.time,
    });
  return t('restaurants.hours.at_date', { when: formatDateTime(at) });
}
