import type { Driver } from '@dostava/shared';
import { useQueries } from '@tanstack/react-query';
import { driversQueryOptions } from '../../drivers/api/list-drivers';

/** Drivers who may take an order now: those available, then those already delivering. */
export function useAvailableDrivers(enabled = true): { drivers: Driver[]; isLoading: boolean } {
  const results = useQueries({
    queries: (['available', 'delivering'] as const).map((shift_state) => ({
      ...driversQueryOptions({ page: 1, per_page: 100, sort: 'last_name', shift_state }),
      enabled,
      staleTime: 15_000,
    })),
  });
  return {
    drivers: results.flatMap((result) => result.data?.data ?? []),
    isLoading: results.some((result) => result.isLoading),
  };
}
