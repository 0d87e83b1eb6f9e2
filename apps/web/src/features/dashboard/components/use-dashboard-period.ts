import { customRangeError, type DashboardQuery, PERIODS, type Period } from '@dostava/shared';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

const DEFAULT_PERIOD: Period = 'this_month';
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

/** The dashboard's period (and a custom range), kept in the URL. */
export function useDashboardPeriod() {
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo<PeriodState>(() => {
    const raw = searchParams.get('period') ?? '';
    const period = (PERIODS as readonly string[]).includes(raw) ? (raw as Period) : DEFAULT_PERIOD;
    const from = isoDate(searchParams.get('from'));
    const to = isoDate(searchParams.get('to'));
    if (period !== 'custom') return { period, from: '', to: '', error: null, query: { period } };
    let error: string | null = null;
    if (!from || !to) error = 'validation.required';
    else error = customRangeError(from, to);
    return { period, from, to, error, query: { period, from, to } };
  }, [searchParams]);

  /** One navigation for all the changes: a period and its range arrive together. */
  const setPeriod = useCallback(
    (changes: { period?: Period; from?: string; to?: string }) =>
      setSearchParams(
        () => {
          const next = new URLSearchParams(window.location.search);
          for (const [key, value] of Object.entries(changes)) {
            if (!value || (key === 'period' && value === DEFAULT_PERIOD)) next.delete(key);
            else next.set(key, value);
          }
          if (changes.period && changes.period !== 'custom') {
            next.delete('from');
            next.delete('to');
          }
          return next;
        },
        { replace: true },
      ),
    [setSearchParams],
  );

  return { ...state, setPeriod };
}
