/** Query keys of the drivers map. */
export const driverLocationKeys = {
  all: ['driver-locations'] as const,
  orders: ['driver-locations-orders'] as const,
  driver: (id: number) => ['driver-locations-driver', id] as const,
};
