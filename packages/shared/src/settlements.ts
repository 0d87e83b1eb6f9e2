import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { calendarDate, id } from './validation.js';

export const SETTLEMENT_STATUSES = ['pending', 'approved'] as const;
export const SETTLEMENT_MIN_DAYS = 7;
export const SETTLEMENT_MAX_DAYS = 31;

/** Days in an inclusive period of local dates. */
export const periodDays = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

export const settlementBody = z
  .object({
    restaurant_id: id(),
    from: calendarDate(),
    to: calendarDate(),
  })
  .superRefine((body, ctx) => {
    const days = periodDays(body.from, body.to);
    if (!(days >= SETTLEMENT_MIN_DAYS && days <= SETTLEMENT_MAX_DAYS)) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg('validation.date_range') });
    }
  });
export type SettlementBody = z.infer<typeof settlementBody>;

export const settlementSchema = z.object({
  id: z.number().int(),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  from: z.string(),
  to: z.string(),
  orders_count: z.number().int(),
  /** Sum of the delivered orders' items. */
  restaurant_amount: z.number().int(),
  commission: z.number().int(),
  /** restaurant amount − commission. */
  restaurant_total_amount: z.number().int(),
  /** Meals drivers took at the restaurant in the period, paid by the operation. */
  meals_amount: z.number().int(),
  /** Refunds and redeliveries charged to the restaurant (orders delivered up to the period's end), not in an earlier settlement. */
  refunds_amount: z.number().int(),
  /** What the operation owes the restaurant: restaurant total amount + meals − refunds charged to it. */
  net_amount: z.number().int(),
  percentage: z.number(),
  status: z.enum(SETTLEMENT_STATUSES),
  approved_at: z.string().nullable(),
  approved_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  payment_orders_created_at: z.string().nullable(),
  /** Who is paid, fixed when the settlement is approved (null while pending). */
  payee: z.object({ name: z.string(), address: z.string(), iban: z.string().nullable() }).nullable(),
  created_at: z.string(),
});
export type Settlement = z.infer<typeof settlementSchema>;
export const SETTLEMENT_SORTS = ['created_at', 'from', 'net_amount'] as const;
export const settlementListQuery = listQuery(SETTLEMENT_SORTS, '-from').extend({
  restaurant_id: id().optional(),
  status: z.enum(SETTLEMENT_STATUSES).optional(),
});
/** A list request as the web app sends it: page, per_page and sort always present. */
export type SettlementListParams = z.output<typeof settlementListQuery>;

/** A bank payment order of an approved settlement: the CSV for the bank and the printed sheet say the same. */
export const paymentOrderSchema = z.object({
  reference: z.string(),
  /** The operation's account (config); null when none is configured. */
  payer_iban: z.string().nullable(),
  /** Payee, address and account are fixed when the settlement is approved. */
  recipient: z.string(),
  recipient_address: z.string(),
  recipient_iban: z.string().nullable(),
  /** The settlement's net amount. */
  amount: z.number().int(),
  currency: z.string(),
  purpose: z.string(),
  period_from: z.string(),
  period_to: z.string(),
});
export type PaymentOrder = z.infer<typeof paymentOrderSchema>;
