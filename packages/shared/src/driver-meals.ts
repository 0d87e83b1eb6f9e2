import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { amount } from './money.js';
import { calendarDate, dateRangeRule, id, optionalText, rejectionBody } from './validation.js';

/**
 * A driver's claim is `pending` until staff approve or reject it; a settlement counts only approved
 * meals. Meals staff enter are approved as they are entered. See docs/decisions/0010-driver-meal-claims.md.
 */
export const MEAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type MealStatus = (typeof MEAL_STATUSES)[number];

export const driverMealBody = z.object({
  driver_id: id(),
  restaurant_id: id(),
  date: calendarDate(),
  amount: amount().refine((v) => v > 0, { error: msg('validation.price') }),
  note: optionalText(300),
});
export type DriverMealBody = z.infer<typeof driverMealBody>;
/** The driver app names only the restaurant and the amount: the driver is the caller, the date today. */
export const driverAppMealBody = driverMealBody.pick({ restaurant_id: true, amount: true, note: true });

export const driverMealSchema = z.object({
  id: z.number().int(),
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  date: z.string(),
  amount: z.number().int(),
  note: z.string().nullable(),
  /** An approved settlement covers it: it can no longer be deleted. */
  settled: z.boolean(),
  status: z.enum(MEAL_STATUSES),
  reviewed_at: z.string().nullable(),
  created_at: z.string(),
});
export type DriverMeal = z.infer<typeof driverMealSchema>;
export const DRIVER_MEAL_SORTS = ['date', 'amount'] as const;
export const driverMealListQuery = listQuery(DRIVER_MEAL_SORTS, '-date')
  .extend({
    driver_id: id().optional(),
    restaurant_id: id().optional(),
    status: z.enum(MEAL_STATUSES, { error: msg('validation.invalid_choice') }).optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);
/** A list request as the web app sends it: page, per_page and sort always present. */
export type DriverMealListParams = z.output<typeof driverMealListQuery>;

/** Rejecting a claim says why (the driver sees it in the app). */
/** The shared rejection rule (`rejectionBody`): a required reason the driver sees. */
export const mealRejectBody = rejectionBody;
