import { z } from 'zod';
import { listQuery } from './common.js';
import { amount } from './money.js';
import { calendarDate, dateRangeRule, id, msg, optionalText } from './validation.js';

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
  created_at: z.string(),
});
export type DriverMeal = z.infer<typeof driverMealSchema>;
export const DRIVER_MEAL_SORTS = ['date', 'amount'] as const;
export const driverMealListQuery = listQuery(DRIVER_MEAL_SORTS, '-date')
  .extend({
    driver_id: id().optional(),
    restaurant_id: id().optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);
