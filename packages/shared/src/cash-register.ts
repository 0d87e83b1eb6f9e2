import { z } from 'zod';
import { listQuery } from './common.js';
import { amount } from './money.js';
import { calendarDate, dateRangeRule, id, rejectionBody } from './validation.js';

export const END_SHIFT_STATUSES = ['pending', 'collected', 'rejected'] as const;
export type EndShiftStatus = (typeof END_SHIFT_STATUSES)[number];

export const endShiftBody = z.object({ declared_amount: amount() });
/** The shared rejection rule (`rejectionBody`): a required reason the driver sees. */
export const endShiftRejectBody = rejectionBody;

export const endShiftRequestSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  driver: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  shift: z.object({ id: z.number().int(), started_at: z.string(), ended_at: z.string().nullable() }),
  /** The cash of the shift's delivered cash orders, computed by the server. */
  shift_total: z.number().int(),
  declared_amount: z.number().int(),
  /** declared − shift total: negative means cash is missing. */
  difference: z.number().int(),
  orders_count: z.number().int(),
  status: z.enum(END_SHIFT_STATUSES),
  reason: z.string().nullable(),
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  handled_at: z.string().nullable(),
  created_at: z.string(),
});
export type EndShiftRequest = z.infer<typeof endShiftRequestSchema>;
export const endShiftRequestDetailSchema = endShiftRequestSchema.extend({
  orders: z.array(
    z.object({
      id: z.number().int(),
      order_number: z.string(),
      total: z.number().int(),
      delivered_at: z.string().nullable(),
    }),
  ),
});
export const END_SHIFT_SORTS = ['created_at', 'shift_total', 'number'] as const;
export const endShiftListQuery = listQuery(END_SHIFT_SORTS, '-created_at')
  .extend({
    status: z.enum(END_SHIFT_STATUSES).optional(),
    driver_id: id().optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);
/** A list request as the web app sends it: page, per_page and sort always present. */
export type EndShiftListParams = z.output<typeof endShiftListQuery>;
