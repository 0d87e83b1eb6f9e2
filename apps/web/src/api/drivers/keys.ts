import type { DriverListParams } from './list-drivers';

/** Query keys of the drivers domain; invalidating `all` refreshes every list and record. */
export const driverKeys = {
  all: ['drivers'] as const,
  lists: () => [...driverKeys.all, 'list'] as const,
  list: (query: DriverListParams) => [...driverKeys.lists(), query] as const,
  detail: (id: number) => [...driverKeys.all, 'detail', id] as const,
};
