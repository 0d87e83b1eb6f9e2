import type { Period } from '@dostava/shared/periods';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { DEFAULT_PERIOD, type PeriodState, parseDashboardPeriod } from './dashboard-period';

export type { PeriodState } from './dashboard-period';

/** The dashboard's period (and a custom range), kept in the URL. */
export function useDashboardPeriod() {
  const [searchParams, setSearchParams] = useSearchParams();

  const state = useMemo<PeriodState>(() => parseDashboardPeriod(searchParams), [searchParams]);

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
