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

function closureOf(state: OpeningState): Closure | null {
  if (!state.open) return { from: null, until: state.opens_at };
  if (state.closes_at === null) return null;
  return { from: state.closes_at, until: state.opens_at };
}

const sameDay = (a: Date, b: Date) => {
  const x = zonedParts(a);
  const y = zonedParts(b);
  return x.year === y.year && x.month === y.month && x.day === y.day;
};

/**
 * The closure a save would bring that staff must confirm (issue 36): the schedule closes the
 * restaurant now or later today, or for more than a day, and the saved schedule did not already do
 * so. Null when there is nothing to say.
 */
export function closureToConfirm(
  body: HoursBody,
  saved: Hours,
  now = new Date(),
  zone = operationTimeZone(),
): Closure | null {
  const next = hoursToRows(body);
  const closure = closureOf(openingState(next.hours, next.exceptions, now, zone));
  if (!closure) return null;
  const before = hoursToRows({
    days: saved.days,
    exceptions: saved.exceptions.map((e) => ({ ...e, note: e.note ?? undefined })),
  });
  const old = closureOf(openingState(before.hours, before.exceptions, now, zone));
  if (old && old.from === closure.from && old.until === closure.until) return null;
  const from = closure.from === null ? now : new Date(closure.from);
  const today = sameDay(from, now);
  const long = closure.until === null || Date.parse(closure.until) - from.getTime() > DAY_MS;
  return today || long ? closure : null;
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
