import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { id, patchOf } from './validation.js';

export const VEHICLE_TYPES = ['bike', 'car', 'scooter'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];

/** 'a12-k-345 ' and 'A12 K 345' are one plate: compared without case, spaces and dashes. */
export const normalizePlate = (plate: string) => plate.toUpperCase().replace(/[\s-]+/g, '');

export const vehicleBody = z.object({
  plate_number: z
    .string()
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(20)
    .regex(/^[\p{L}0-9][\p{L}0-9 -]*$/u, { error: msg('validation.plate') }),
  type: z.enum(VEHICLE_TYPES, { error: msg('validation.invalid_choice') }),
  driver_id: id().nullable().optional(),
  /**
   * The driver uses another vehicle: take them off it and onto this one (a driver drives one vehicle).
   * Without it such a driver is refused with 409.
   */
  move_driver: z.boolean().optional(),
});
export type VehicleBody = z.infer<typeof vehicleBody>;
export type VehicleInput = z.input<typeof vehicleBody>;
export const vehiclePatchBody = patchOf(vehicleBody);

export const vehicleSchema = z.object({
  id: z.number().int(),
  plate_number: z.string(),
  type: z.enum(VEHICLE_TYPES),
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Vehicle = z.infer<typeof vehicleSchema>;

export const VEHICLE_SORTS = ['plate_number', 'type', 'created_at'] as const;
export const vehicleListQuery = listQuery(VEHICLE_SORTS, 'plate_number').extend({
  type: z.enum(VEHICLE_TYPES).optional(),
});
/** A list request as the web app sends it: page, per_page and sort always present. */
export type VehicleListParams = z.output<typeof vehicleListQuery>;
