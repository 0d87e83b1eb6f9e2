import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { instant } from './validation.js';
import { VEHICLE_TYPES } from './vehicles.js';

export const SHIFT_STATES = ['off_shift', 'available', 'delivering', 'on_break'] as const;
export type ShiftState = (typeof SHIFT_STATES)[number];

/**
 * What a dispatcher needs to know of a driver, derived in one SQL expression from the shift state and
 * the driver's active orders (the drivers list, the map and the driver picker all read it):
 * `assigned` holds one or more orders not yet picked up, `delivering` has one out for delivery.
 * Only `available` drivers are free; `assigned` and `delivering` are busy.
 */
export const DRIVER_STATES = ['available', 'assigned', 'delivering', 'on_break', 'off_shift'] as const;
export type DriverState = (typeof DRIVER_STATES)[number];
export const BUSY_DRIVER_STATES: readonly DriverState[] = ['assigned', 'delivering'];
/** States in which a driver may be given an order (a busy one only after the dispatcher confirms). */
export const ASSIGNABLE_DRIVER_STATES: readonly DriverState[] = ['available', 'assigned', 'delivering'];
/** A location older than this many minutes is flagged stale (the API's STALE_LOCATION_MINUTES). */
export const DEFAULT_STALE_LOCATION_MINUTES = 5;

export const driverSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  is_active: z.boolean(),
  shift_state: z.enum(SHIFT_STATES),
  state: z.enum(DRIVER_STATES),
  /** Active orders the driver carries (assigned or accepted, not yet delivered). */
  active_orders: z.number().int(),
  fcm_token_active: z.boolean(),
  vehicle: z
    .object({ id: z.number().int(), type: z.enum(VEHICLE_TYPES), plate_number: z.string() })
    .nullable(),
  location: z.object({ lat: z.number(), lng: z.number() }).nullable(),
  last_location_at: z.string().nullable(),
  /** The order the driver is delivering now, when there is one. */
  current_order: z.object({ id: z.number().int(), order_number: z.string() }).nullable(),
  /** When the open shift is planned to end (set by the driver app or staff); null when not said. */
  planned_end_at: z.string().nullable(),
  /** An end-of-shift request waits for the cash register: dispatch gives this driver nothing new. */
  end_shift_requested: z.boolean(),
});
export type Driver = z.infer<typeof driverSchema>;

export const DRIVER_SORTS = ['last_name', 'shift_state', 'last_location_at'] as const;
export const driverListQuery = listQuery(DRIVER_SORTS, 'last_name').extend({
  shift_state: z.enum(SHIFT_STATES).optional(),
  state: z.enum(DRIVER_STATES).optional(),
  vehicle_type: z.enum(VEHICLE_TYPES).optional(),
});
export type DriverListQuery = z.input<typeof driverListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type DriverListParams = z.output<typeof driverListQuery>;

/** A driver offered for an order, with what makes them fit for it. */
export const driverCandidateSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  state: z.enum(DRIVER_STATES),
  active_orders: z.number().int(),
  vehicle_type: z.enum(VEHICLE_TYPES).nullable(),
  /** Straight-line distance from the driver's last location to the restaurant, when both are known. */
  distance_km: z.number().nullable(),
  last_location_at: z.string().nullable(),
  planned_end_at: z.string().nullable(),
  end_shift_requested: z.boolean(),
});
export type DriverCandidate = z.infer<typeof driverCandidateSchema>;

/** A planned end of shift lies at most this far ahead: a typo of a day is refused, not kept. */
export const PLANNED_END_MAX_HOURS = 16;

/**
 * When the open shift is planned to end (issue 33): dispatch offers no pickup the driver cannot make
 * before it. A time in the future, within PLANNED_END_MAX_HOURS; null clears it.
 */
export const plannedEndBody = z
  .object({ planned_end_at: instant().nullable() })
  .strict()
  .superRefine((body, ctx) => {
    if (body.planned_end_at === null) return;
    const at = Date.parse(body.planned_end_at);
    if (at <= Date.now())
      ctx.addIssue({ code: 'custom', path: ['planned_end_at'], message: msg('validation.not_in_past') });
    else if (at > Date.now() + PLANNED_END_MAX_HOURS * 3_600_000)
      ctx.addIssue({
        code: 'custom',
        path: ['planned_end_at'],
        message: msg('validation.planned_end_too_far', { hours: PLANNED_END_MAX_HOURS }),
      });
  });
export type PlannedEndBody = z.infer<typeof plannedEndBody>;

/** The open shift's planned end after a change. */
export const plannedEndSchema = z.object({
  driver_id: z.number().int(),
  shift_id: z.number().int(),
  planned_end_at: z.string().nullable(),
});
export type PlannedEnd = z.infer<typeof plannedEndSchema>;
