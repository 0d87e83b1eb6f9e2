import { z } from 'zod';
import { DRIVER_STATES, SHIFT_STATES } from './drivers.js';
import { msg } from './messages.js';
import { calendarDate, dateRangeRule, instant } from './validation.js';
import { VEHICLE_TYPES } from './vehicles.js';

export const MAX_LOCATION_BATCH = 100;
/** How far ahead of the server clock a phone's timestamp may be before it counts as "in the future". */
export const CLOCK_SKEW_SECONDS = 120;

export const locationPoint = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  recorded_at: instant().refine((v) => Date.parse(v) <= Date.now() + CLOCK_SKEW_SECONDS * 1000, {
    error: msg('validation.not_in_future'),
  }),
});
export const locationsBody = z.object({ points: z.array(locationPoint).min(1).max(MAX_LOCATION_BATCH) });
export type LocationsBody = z.infer<typeof locationsBody>;

export const driverLocationSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  shift_state: z.enum(SHIFT_STATES),
  state: z.enum(DRIVER_STATES),
  active_orders: z.number().int(),
  vehicle: z.object({ type: z.enum(VEHICLE_TYPES), plate_number: z.string() }).nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  last_location_at: z.string().nullable(),
  current_order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  /** An end-of-shift request waits for the cash register: free to the eye, skipped by dispatch. */
  end_shift_requested: z.boolean(),
});
export type DriverLocation = z.infer<typeof driverLocationSchema>;

export const breakSchema = z.object({
  id: z.number().int(),
  started_at: z.string(),
  ended_at: z.string().nullable(),
  /** Seconds; for a break still running, up to now. */
  duration_seconds: z.number().int(),
});
export type Break = z.infer<typeof breakSchema>;
export const breaksResponse = z.object({
  data: z.array(breakSchema),
  /** Per day in the operation's time zone (YYYY-MM-DD), newest first. */
  days: z.array(z.object({ day: z.string(), breaks: z.number().int(), total_seconds: z.number().int() })),
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
});
export const breaksQuery = z
  .object({
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);

// What the driver app's shift and break calls answer with.
export const shiftStartedSchema = z.object({ shift_id: z.number().int(), started_at: z.string() });
export const locationsAcceptedSchema = z.object({
  /** How many points of the batch were stored. */
  accepted: z.number().int(),
});
export const breakStartedSchema = z.object({ break_id: z.number().int(), started_at: z.string() });
export const breakEndedSchema = z.object({ break_id: z.number().int(), duration_seconds: z.number().int() });
