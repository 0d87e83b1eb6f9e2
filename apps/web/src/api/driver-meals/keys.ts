import type { DriverMealListParams } from '@dostava/shared';

/** Query keys of the driver meals; invalidating `all` refreshes every list. */
export const driverMealKeys = {
  all: ['driver-meals'] as const,
  lists: () => [...driverMealKeys.all, 'list'] as const,
  list: (query: DriverMealListParams) => [...driverMealKeys.lists(), query] as const,
};
