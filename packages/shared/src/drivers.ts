import { z } from 'zod';
import { listQuery } from './common.js';
import { VEHICLE_TYPES } from './vehicles.js';

export const SHIFT_STATES = ['off_shift', 'available', 'delivering', 'on_break'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

export const driverSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  shift_state: z.enum(SHIFT_STATES),
  fcm_token_active: z.boolean(),
  vehicle: z
    .object({ id: z.number().int(), type: z.enum(VEHICLE_TYPES), plate_number: z.string() })
    .nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  last_location_at: z.string().nullable(),
  /** The order the driver is delivering now, when there is one. */
  current_order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
});
export type Driver = z.infer<typeof driverSchema>;

export const DRIVER_SORTS = ['last_name', 'shift_state', 'last_location_at'] as const;
export const driverListQuery = listQuery(DRIVER_SORTS, 'last_name').extend({
  shift_state: z.enum(SHIFT_STATES).optional(),
  vehicle_type: z.enum(VEHICLE_TYPES).optional(),
});
export type DriverListQuery = z.input<typeof driverListQuery>;
