import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { amount } from './money.js';
import { calendarDate, dateRangeRule, id, isStorableText, optionalText, plainInteger } from './validation.js';

/**
 * Incidents on an order and the refunds that settle them (issue 38, decision 0036). Amounts are
 * integers in minor units; an incident's lines and a refund's lines name order lines by their id.
 */
export const INCIDENT_TYPES = [
  'missing_item',
  'wrong_item',
  'damaged',
  'late',
  'cold',
  'customer_not_reachable',
  'wrong_address',
  'accident',
  'other',
] as const;
export type IncidentType = (typeof INCIDENT_TYPES)[number];

/** open → in progress → resolved, or dismissed (with a reason) from open or in progress. */
export const INCIDENT_STATUSES = ['open', 'in_progress', 'resolved', 'dismissed'] as const;
export type IncidentStatus = (typeof INCIDENT_STATUSES)[number];
export const INCIDENT_RESOLUTIONS = ['refund', 'redeliver', 'no_action'] as const;
export type IncidentResolution = (typeof INCIDENT_RESOLUTIONS)[number];

/** The moves staff make by hand (resolving has its own endpoint). */
export const INCIDENT_MOVES: Record<IncidentStatus, readonly IncidentStatus[]> = {
  open: ['in_progress', 'dismissed'],
  in_progress: ['dismissed'],
  resolved: [],
  dismissed: [],
};
export const isIncidentClosed = (status: IncidentStatus) => status === 'resolved' || status === 'dismissed';

export const REFUND_STATUSES = ['pending_approval', 'approved', 'rejected'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** Who bears a refund: its split says how much each party carries. */
export const LIABLE_PARTIES = ['restaurant', 'operation', 'driver', 'shared'] as const;
export type LiableParty = (typeof LIABLE_PARTIES)[number];
/** How the cash of a cash order went back: from the driver's cash at the door, or later by the office. */
export const CASH_RETURNS = ['at_door', 'later'] as const;
export type CashReturn = (typeof CASH_RETURNS)[number];

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: msg('validation.invalid_choice') });

const reasonText = (max = 500) =>
  z
    .string({ error: msg('validation.reason_required') })
    .trim()
    .min(1, { error: msg('validation.reason_required') })
    .max(max)
    .refine(isStorableText, { error: msg('validation.characters') });

export const incidentLineBody = z.object({
  order_item_id: id(),
  quantity: plainInteger(1, 1000),
});
export type IncidentLineBody = z.infer<typeof incidentLineBody>;

const distinctLines = (lines: { order_item_id: number }[], ctx: z.RefinementCtx) => {
  const seen = new Set<number>();
  for (const [i, line] of lines.entries()) {
    if (seen.has(line.order_item_id))
      ctx.addIssue({
        code: 'custom',
        path: [i, 'order_item_id'],
        message: msg('incidents.validation.line_twice'),
      });
    seen.add(line.order_item_id);
  }
};

export const incidentBody = z.object({
  type: choice(INCIDENT_TYPES),
  lines: z.array(incidentLineBody).max(50).superRefine(distinctLines).default([]),
  /** Images uploaded first through `POST /uploads` by the reporter. */
  photo_ids: z.array(id()).max(10).default([]),
  comment: optionalText(2000),
});
export type IncidentBody = z.infer<typeof incidentBody>;

export const incidentStatusBody = z
  .object({
    status: choice(['in_progress', 'dismissed'] as const),
    reason: optionalText(500),
  })
  .superRefine((body, ctx) => {
    if (body.status === 'dismissed' && !body.reason)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: msg('validation.reason_required') });
  });
export type IncidentStatusBody = z.infer<typeof incidentStatusBody>;

/** Who carries an amount: the named party all of it, or with `shared` the stated parts. */
const splitBody = z.object({ restaurant: amount(), operation: amount(), driver: amount() });

/** A redelivery: which lines again, in what quantity, and the one party that carries its cost. */
export const REDELIVERY_LIABLE = ['restaurant', 'operation', 'driver'] as const;
export const redeliveryBody = z.object({
  lines: z
    .array(incidentLineBody)
    .min(1, { error: msg('validation.required') })
    .max(50)
    .superRefine(distinctLines),
  liable: choice(REDELIVERY_LIABLE),
});
export type RedeliveryBody = z.infer<typeof redeliveryBody>;

export const incidentResolveBody = z
  .object({
    resolution: choice(INCIDENT_RESOLUTIONS),
    reason: reasonText(),
    /** With `redeliver`: the new order's lines and who carries its cost. */
    redelivery: redeliveryBody.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.resolution === 'redeliver' && !body.redelivery)
      ctx.addIssue({ code: 'custom', path: ['redelivery'], message: msg('validation.required') });
  });
export type IncidentResolveBody = z.infer<typeof incidentResolveBody>;

const person = z.object({ id: z.number().int(), name: z.string() });

export const incidentSchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), order_number: z.string() }),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  driver: person.nullable(),
  type: z.enum(INCIDENT_TYPES),
  status: z.enum(INCIDENT_STATUSES),
  lines: z.array(z.object({ order_item_id: z.number().int(), name: z.string(), quantity: z.number().int() })),
  photos: z.array(z.object({ id: z.number().int(), file_url: z.string() })),
  comment: z.string().nullable(),
  reporter: person.extend({ role: z.string() }).nullable(),
  resolution: z.enum(INCIDENT_RESOLUTIONS).nullable(),
  /** Why it was resolved or dismissed. */
  reason: z.string().nullable(),
  closed_by: person.nullable(),
  closed_at: z.string().nullable(),
  /** The order that redelivered it at no charge, who carries its cost, the settlement that lists it. */
  redelivery: z
    .object({
      order: z.object({ id: z.number().int(), order_number: z.string(), status: z.string() }),
      amount: z.number().int(),
      liable: z.enum(LIABLE_PARTIES),
      split: z.object({
        restaurant: z.number().int(),
        operation: z.number().int(),
        driver: z.number().int(),
      }),
      settlement: z.object({ id: z.number().int(), from: z.string(), to: z.string() }).nullable(),
    })
    .nullable(),
  created_at: z.string(),
  version: z.number().int(),
});
export type Incident = z.infer<typeof incidentSchema>;

export const INCIDENT_SORTS = ['created_at'] as const;
export const incidentListQuery = listQuery(INCIDENT_SORTS, '-created_at')
  .extend({
    status: choice(INCIDENT_STATUSES).optional(),
    type: choice(INCIDENT_TYPES).optional(),
    restaurant_id: id().optional(),
    driver_id: id().optional(),
    /** The incidents of this order, and the one this order redelivers. */
    order_id: id().optional(),
    /** The incidents whose redelivery this settlement lists. */
    settlement_id: id().optional(),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine(dateRangeRule);
export type IncidentListParams = z.output<typeof incidentListQuery>;

export const incidentCountsSchema = z.object({ open: z.number().int(), in_progress: z.number().int() });
export type IncidentCounts = z.infer<typeof incidentCountsSchema>;

/** The operation's rules for refunds: one row. */
export const incidentSettingsSchema = z.object({
  /** Refunds above this amount wait for an Admin's or App Manager's approval. */
  refund_approval_threshold: z.number().int(),
  /** May a refund be charged to the driver (a deduction)? */
  driver_deductions_allowed: z.boolean(),
});
export type IncidentSettings = z.infer<typeof incidentSettingsSchema>;
export const incidentSettingsBody = z.object({
  refund_approval_threshold: amount().optional(),
  driver_deductions_allowed: z.boolean({ error: msg('validation.invalid') }).optional(),
});
export type IncidentSettingsBody = z.infer<typeof incidentSettingsBody>;

export const refundBody = z
  .object({
    incident_id: id().optional(),
    /** Some quantity of some order lines, at the price the customer paid for them. */
    lines: z.array(incidentLineBody).max(50).superRefine(distinctLines).default([]),
    /** Refund the delivery fee (what is left of it). */
    delivery_fee: z.boolean({ error: msg('validation.invalid') }).default(false),
    /** A fixed amount on top (a gesture, a cold meal). */
    fixed_amount: amount().default(0),
    liable: choice(LIABLE_PARTIES),
    /** With `shared`: how much each party carries; the parts add up to the refund. */
    split: splitBody.optional(),
    /** Card orders: the reference of the card refund at the payment provider. */
    payment_reference: optionalText(100),
    /** Cash orders: how the cash went back. */
    cash_return: choice(CASH_RETURNS).optional(),
    reason: reasonText(),
  })
  .superRefine((body, ctx) => {
    if (body.lines.length === 0 && !body.delivery_fee && body.fixed_amount === 0)
      ctx.addIssue({ code: 'custom', path: ['lines'], message: msg('incidents.validation.refund_empty') });
    if (body.liable === 'shared' && !body.split)
      ctx.addIssue({ code: 'custom', path: ['split'], message: msg('validation.required') });
  });
export type RefundBody = z.infer<typeof refundBody>;

export const refundSchema = z.object({
  id: z.number().int(),
  order: z.object({ id: z.number().int(), order_number: z.string(), delivered_at: z.string().nullable() }),
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  incident_id: z.number().int().nullable(),
  status: z.enum(REFUND_STATUSES),
  amount: z.number().int(),
  items_amount: z.number().int(),
  delivery_amount: z.number().int(),
  fixed_amount: z.number().int(),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  liable: z.enum(LIABLE_PARTIES),
  split: z.object({ restaurant: z.number().int(), operation: z.number().int(), driver: z.number().int() }),
  payment_method: z.enum(['cash', 'card']),
  payment_reference: z.string().nullable(),
  cash_return: z.enum(CASH_RETURNS).nullable(),
  reason: z.string(),
  requested_by: person.nullable(),
  approved_by: person.nullable(),
  approved_at: z.string().nullable(),
  rejected_reason: z.string().nullable(),
  /** The settlement that lists it (a refund booked after its order's period lands in the next one). */
  settlement: z.object({ id: z.number().int(), from: z.string(), to: z.string() }).nullable(),
  created_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;

/** What was paid and what is left to refund on an order, line by line. */
export const orderRefundsSchema = z.object({
  paid: z.number().int(),
  refunded: z.number().int(),
  remaining: z.number().int(),
  delivery_costs: z.number().int(),
  delivery_refunded: z.number().int(),
  payment_method: z.enum(['cash', 'card']),
  lines: z.array(
    z.object({
      order_item_id: z.number().int(),
      name: z.string(),
      unit_price: z.number().int(),
      quantity: z.number().int(),
      refunded_quantity: z.number().int(),
    }),
  ),
  refunds: z.array(refundSchema),
  approval_threshold: z.number().int(),
  driver_deductions_allowed: z.boolean(),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

export const REFUND_SORTS = ['created_at', 'amount'] as const;
export const refundListQuery = listQuery(REFUND_SORTS, '-created_at').extend({
  status: choice(REFUND_STATUSES).optional(),
  restaurant_id: id().optional(),
  liable: choice(LIABLE_PARTIES).optional(),
  settlement_id: id().optional(),
  /** Cash refunds by how the cash went back (the cash register lists those the office paid: later). */
  cash_return: choice(CASH_RETURNS).optional(),
});
export type RefundListParams = z.output<typeof refundListQuery>;

export const refundRejectBody = z.object({ reason: reasonText() });

/** Idempotency-Key header of a refund request: what a retry or a double click repeats. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** Who pays for what went wrong: a refund's or a redelivery's share of each party. */
export const PAYERS = ['restaurant', 'operation', 'driver'] as const;
export type Payer = (typeof PAYERS)[number];

const analyticsGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  incidents: z.number().int(),
  /** Orders delivered in the period; the rate is incidents / delivered (null without deliveries). */
  delivered: z.number().int(),
  rate: z.number().nullable(),
  refunds: z.number().int(),
  refunded_amount: z.number().int(),
});

/**
 * Incidents and refunds of a period (reported, and refunds approved, in it) by type, restaurant,
 * driver and payer, with the incident rate per restaurant and per driver (the 20 with most incidents).
 */
export const incidentAnalyticsSchema = z.object({
  period: z.object({ from: z.string(), to: z.string() }),
  totals: z.object({
    incidents: z.number().int(),
    refunds: z.number().int(),
    refunded_amount: z.number().int(),
    redeliveries: z.number().int(),
    redelivery_amount: z.number().int(),
  }),
  by_type: z.array(
    z.object({
      type: z.enum(INCIDENT_TYPES),
      incidents: z.number().int(),
      refunds: z.number().int(),
      refunded_amount: z.number().int(),
    }),
  ),
  by_restaurant: z.array(analyticsGroup),
  by_driver: z.array(analyticsGroup),
  by_payer: z.array(
    z.object({
      payer: z.enum(PAYERS),
      refunded_amount: z.number().int(),
      redelivery_amount: z.number().int(),
    }),
  ),
});
export type IncidentAnalytics = z.infer<typeof incidentAnalyticsSchema>;
