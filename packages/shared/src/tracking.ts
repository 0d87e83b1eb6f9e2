import { z } from 'zod';
import { RISK_REASONS } from './eta.js';
import { msg } from './messages.js';
import { ORDER_STATUSES } from './order-rules.js';
import { plainInteger } from './validation.js';
import { VEHICLE_TYPES } from './vehicles.js';

/**
 * The customer's tracking link (issue 39, decision 0037): one unguessable token per order, the only key
 * to a public page that shows that order alone.
 */

/** 24 random bytes in base64url: 192 bits, 32 characters. */
export const TRACKING_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** The page's path: `/t/<token>` (short enough for an SMS). */
export const trackingPath = (token: string) => `/t/${token}`;

/** How often an open tracking page asks again (seconds): the server answers from memory. */
export const TRACKING_POLL_SECONDS = 2;

export const trackingTokenParams = z.object({ token: z.string().max(200) });

const iso = z.string();

/** The driver as the customer may see them: first name and vehicle; the position only on their leg. */
export const trackingDriverSchema = z.object({
  first_name: z.string(),
  vehicle_type: z.enum(VEHICLE_TYPES).nullable(),
  /** Deliveries the driver makes before this one (a batch): 0 when heading to this customer. */
  stops_before: z.number().int().min(0),
  /** Only while the driver heads to this customer, never after delivery. */
  position: z.object({ lat: z.number(), lng: z.number(), at: iso }).nullable(),
});

export const trackingStepSchema = z.object({ status: z.enum(ORDER_STATUSES), at: iso });

export const trackingRatingSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  created_at: iso,
});
export type TrackingRating = z.infer<typeof trackingRatingSchema>;

/** What the public page shows: never the phone, the full address, the customer or another order. */
export const trackingViewSchema = z.object({
  order_number: z.string(),
  restaurant: z.object({ name: z.string() }),
  /** The street the customer gave, without the house number or anything after it. */
  street: z.string(),
  status: z.enum(ORDER_STATUSES),
  timeline: z.array(trackingStepSchema),
  promised_at: iso.nullable(),
  predicted_delivery_at: iso.nullable(),
  /** Why the prediction moved past the promise, in words the page translates. */
  risk_reason: z.enum(RISK_REASONS).nullable(),
  delivered_at: iso.nullable(),
  driver: trackingDriverSchema.nullable(),
  rating: trackingRatingSchema.nullable(),
  /** Rating is open once delivered, once. */
  can_rate: z.boolean(),
  /** The link stops working at this time (set once the order is delivered or cancelled). */
  expires_at: iso.nullable(),
  /** The PIN the customer gives the driver at the door, while the order is open (issue 38). */
  delivery_pin: z.string().nullable(),
});
export type TrackingView = z.infer<typeof trackingViewSchema>;

export const trackingRatingBody = z.object({
  rating: z
    .number({ error: msg('validation.required') })
    .int()
    .min(1, { error: msg('tracking.rating_range') })
    .max(5, { error: msg('tracking.rating_range') }),
  comment: z
    .string()
    .trim()
    .max(500, { error: msg('validation.max_length', { max: 500 }) })
    .optional(),
});
export type TrackingRatingBody = z.infer<typeof trackingRatingBody>;

/** The staff's view of an order's link. */
export const trackingLinkSchema = z.object({
  order_id: z.number().int(),
  /** null when revoked and not re-issued. */
  token: z.string().nullable(),
  path: z.string().nullable(),
  created_at: iso.nullable(),
  revoked_at: iso.nullable(),
  expires_at: iso.nullable(),
  rating: trackingRatingSchema.nullable(),
});
export type TrackingLink = z.infer<typeof trackingLinkSchema>;

/** The street of an address ("Titova 10, Sarajevo" → "Titova"): nothing more reaches the public page. */
export function streetOf(address: string): string {
  const first = address.split(',')[0] ?? '';
  return first
    .replace(/\b\d+[\p{L}]?\b.*$/u, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The customers' ratings over the last `days` days, per restaurant and per driver (the dashboard). */
export const ratingsQuery = z.object({
  days: plainInteger(1, 365).default(30),
});
const ratingRow = z.object({
  id: z.number().int(),
  name: z.string(),
  count: z.number().int(),
  /** The mean of 1–5, to one decimal. */
  average: z.number(),
});
export const ratingsSummarySchema = z.object({
  days: z.number().int(),
  restaurants: z.array(ratingRow),
  /** Admins and App Managers only (empty for restaurant staff). */
  drivers: z.array(ratingRow),
});
export type RatingsSummary = z.infer<typeof ratingsSummarySchema>;
