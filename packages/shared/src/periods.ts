// The dashboard's periods and the date-range checks, without zod: the web app's dashboard route
// starts its query from the URL before any schema is loaded (`@dostava/shared/periods`). The zod
// schemas (`dashboard.ts`, `validation.ts`) use these same functions: one check, written once.

export const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'custom',
] as const;
export type Period = (typeof PERIODS)[number];
/** A custom range may span at most this many days (the chart stays readable, the query cheap). */
export const MAX_CUSTOM_DAYS = 366;

/**
 * What is wrong with a range whose `from` comes after its `to` (a date-only `to` means the whole day),
 * as a catalogue key, or null: the API's filters refuse it with this message, and the web app's date
 * filters show the same one in place before asking.
 */
export function rangeOrderError(from: string | undefined, to: string | undefined): string | null {
  if (!from || !to) return null;
  const dateOnly = to.length === 10 || from.length === 10;
  const backwards = dateOnly ? to.slice(0, 10) < from.slice(0, 10) : Date.parse(to) < Date.parse(from);
  return backwards ? 'validation.range_reversed' : null;
}

/**
 * What is wrong with a custom range of two ISO dates, as a catalogue key (null when it is fine): the
 * API refuses it with this message and the dashboard shows it before asking.
 */
export function customRangeError(from: string, to: string): string | null {
  const reversed = rangeOrderError(from, to);
  if (reversed) return reversed;
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days > MAX_CUSTOM_DAYS) return 'validation.period_range';
  return null;
}
