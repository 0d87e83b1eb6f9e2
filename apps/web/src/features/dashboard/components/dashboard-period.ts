import type { DashboardQuery } from '@dostava/shared';
import { customRangeError, PERIODS, type Period } from '@dostava/shared/periods';

// Without zod and without React: the index route's loader reads the same period from the URL as the
// page does (`useDashboardPeriod`), so the query it starts is the one the page asks for.

export const DEFAULT_PERIOD: Period = 'this_month';
const isoDate = (value: string | null) =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)) ? value : '';

export interface PeriodState {
  period: Period;
  from: string;
  to: string;
  /** A catalogue key when the custom range cannot be asked for. */
  error: string | null;
  query: DashboardQuery;
}

/** The dashboard's period (and a custom range) as the URL's search parameters give it. */
export function parseDashboardPeriod(searchParams: URLSearchParams): PeriodState {
  const raw = searchParams.get('period') ?? '';
  const period = (PERIODS as readonly string[]).includes(raw) ? (raw as Period) : DEFAULT_PERIOD;
  const from = isoDate(searchParams.get('from'));
  const to = isoDate(searchParams.get('to'));
  if (period !== 'custom') return { period, from: '', to: '', error: null, query: { period } };
  let error: string | null = null;
  if (!from || !to) error = 'validation.required';
  else error = customRangeError(from, to);
  return { period, from, to, error, query: { period, from, to } };
}
