import { type Hours, type HoursBody, hoursToRows, type OpeningState, openingState } from '@dostava/shared';
import type { TFunction } from 'i18next';
import { operationTimeZone, zonedParts } from '../../lib/time-zone';
import { momentText } from './ordering-status';

const DAY_MS = 86_400_000;

/** The next closed stretch a schedule gives from `now`: from (null: now) until (null: not within a year). */
export interface Closure {
  from: string | null;
  until: string | null;
}

/** How far ahead a save's closures are looked at: the coming week. */
const AHEAD_MS = 7 * DAY_MS;

/** The closed stretches a schedule gives from `now` on, over the coming week, in order. */
function closures(rows: ReturnType<typeof hoursToRows>, now: Date, zone: string): Closure[] {
  const found: Closure[] = [];
  const end = now.getTime() + AHEAD_MS;
  let t = now.getTime();
  // A week holds at most a few closures a day (several ranges): a bound, not a guess of how many.
  for (let i = 0; i < 60 && t <= end; i++) {
    const state: OpeningState = openingState(rows.hours, rows.exceptions, t, zone);
    if (state.open) {
      if (state.closes_at === null) break;
      t = Date.parse(state.closes_at);
      continue;
    }
    found.push({ from: t === now.getTime() ? null : new Date(t).toISOString(), until: state.opens_at });
    if (state.opens_at === null) break;
    t = Date.parse(state.opens_at);
  }
  return found;
}

const sameDay = (a: Date, b: Date) => {
  const x = zonedParts(a);
  const y = zonedParts(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/**
 * The closure a save would bring that staff must confirm (issue 36): within the coming week the
 * schedule closes the restaurant now or later today, or for more than a day, where the saved schedule
 * did not. The first such closure; null when there is nothing to say.
 */
export function closureToConfirm(
  body: HoursBody,
  saved: Hours,
  now = new Date(),
  zone = operationTimeZone(),
): Closure | null {
  const before = hoursToRows({
    days: saved.days,
    exceptions: saved.exceptions.map((e) => ({ ...e, note: e.note ?? undefined })),
  });
  const known = closures(before, now, zone);
  for (const closure of closures(hoursToRows(body), now, zone)) {
    if (known.some((old) => old.from === closure.from && old.until === closure.until)) continue;
    const from = closure.from === null ? now : new Date(closure.from);
    const long = closure.until === null || Date.parse(closure.until) - from.getTime() > DAY_MS;
    if (sameDay(from, now) || long) return closure;
  }
  return null;
}

/** The confirmation's sentence: when it closes and when it takes orders again. */
export function closureText(closure: Closure, t: TFunction, now = new Date()): string {
  const until = closure.until === null ? null : momentText(closure.until, t, now);
  if (closure.from === null)
    return until === null
      ? t('restaurants.hours.confirm_now_never')
      : t('restaurants.hours.confirm_now', { until });
  const from = momentText(closure.from, t, now);
  return until === null
    ? t('restaurants.hours.confirm_later_never', { from })
    : t('restaurants.hours.confirm_later', { from, until });
}
