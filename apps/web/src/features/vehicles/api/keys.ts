import type { VehicleListParams } from './list-vehicles';

/** Query keys of the vehicles domain; invalidating `all` refreshes every list and record. */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  lists: () => [...vehicleKeys.all, 'list'] as const,
  list: (query: VehicleListParams) => [...vehicleKeys.lists(), query] as const,
  detail: (id: number) => [...vehicleKeys.all, 'detail', id] as const,
};
