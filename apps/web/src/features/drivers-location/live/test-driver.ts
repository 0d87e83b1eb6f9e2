import type { DriverLocation } from '@dostava/shared';

/** A driver on the map for the tests: available, located in Sarajevo, unless `patch` says otherwise. */
export const testDriver = (id: number, patch: Partial<DriverLocation> = {}): DriverLocation => ({
  id,
  first_name: 'Ana',
  last_name: `Driver ${id}`,
  shift_state: 'available',
  state: 'available',
  active_orders: 0,
  vehicle: null,
  location: { lat: 43.85, lng: 18.41 },
  last_location_at: '2026-01-01T10:00:00.000Z',
  current_order: null,
  end_shift_requested: false,
  ...patch,
});
