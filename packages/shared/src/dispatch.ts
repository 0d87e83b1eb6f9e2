import { z } from 'zod';
import { msg } from './messages.js';

/**
 * Dispatch that runs itself (decision 0024). `manual`: a dispatcher picks every driver, as always.
 * `suggest`: every order that needs a driver shows the best one with its reasons; one click accepts.
 * `automatic`: the operation offers orders to drivers by itself, all waiting orders solved together;
 * the driver app accepts an offer within `offer_seconds` or it passes on. The operation's mode may be
 * overridden per restaurant.
 */
export const DISPATCH_MODES = ['manual', 'suggest', 'automatic'] as const;
export type DispatchMode = (typeof DISPATCH_MODES)[number];

/** Bounds of the settings, shared by the form and the API. */
export const DISPATCH_LIMITS = {
  offer_seconds: { min: 15, max: 300 },
  batch_pickup_km: { min: 0, max: 3 },
  batch_dropoff_km: { min: 0.2, max: 10 },
  fallback_minutes: { min: 1, max: 60 },
  pay_per_delivery: { min: 0, max: 100_000 },
  pay_hourly_minimum: { min: 0, max: 100_000 },
} as const;

/** What a new operation starts from. */
export const DISPATCH_DEFAULTS = {
  mode: 'manual' as DispatchMode,
  /**
   * Off: a driver accepts only an order assigned or offered to them. On: a driver on shift may also
   * take a waiting order from the pool (not locked, not in manual mode, offered to nobody, not one they
   * declined or let run out).
   */
  driver_pool: false,
  offer_seconds: 45,
  /** A driver may carry a second order when it fits (same restaurant or on the way, drop-off near). */
  batching: true,
  /** Second order's restaurant within this straight line of the first's (0 = the same restaurant). */
  batch_pickup_km: 0.5,
  /** Second order's drop-off within this straight line of the first's. */
  batch_dropoff_km: 2,
  /** A ready order waiting this long goes to the nearest free driver who can take it, however far. */
  fallback_minutes: 5,
  /** Weigh the pay bill (per delivery, with a guaranteed hourly minimum; minor units). */
  pay_aware: false,
  pay_per_delivery: 300,
  pay_hourly_minimum: 800,
};

const bounded = (key: keyof typeof DISPATCH_LIMITS, integer = false) => {
  const { min, max } = DISPATCH_LIMITS[key];
  const base = z.number({ error: msg('validation.number') });
  return (integer ? base.int({ error: msg('validation.integer') }) : base)
    .min(min, { error: msg('validation.min_value', { min }) })
    .max(max, { error: msg('validation.max_value', { max }) });
};

/** The operation's dispatch settings, as an Admin or App Manager sets them. */
export const dispatchSettingsBody = z
  .object({
    mode: z.enum(DISPATCH_MODES, { error: msg('validation.invalid_choice') }),
    driver_pool: z.boolean({ error: msg('validation.invalid') }),
    offer_seconds: bounded('offer_seconds', true),
    batching: z.boolean({ error: msg('validation.invalid') }),
    batch_pickup_km: bounded('batch_pickup_km'),
    batch_dropoff_km: bounded('batch_dropoff_km'),
    fallback_minutes: bounded('fallback_minutes', true),
    pay_aware: z.boolean({ error: msg('validation.invalid') }),
    pay_per_delivery: bounded('pay_per_delivery', true),
    pay_hourly_minimum: bounded('pay_hourly_minimum', true),
  })
  .strict();
export type DispatchSettingsBody = z.infer<typeof dispatchSettingsBody>;

export const dispatchSettingsSchema = dispatchSettingsBody.extend({
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type DispatchSettings = z.infer<typeof dispatchSettingsSchema>;

/** A restaurant's own mode, or null to follow the operation's. */
export const restaurantDispatchModeBody = z
  .object({ mode: z.enum(DISPATCH_MODES, { error: msg('validation.invalid_choice') }).nullable() })
  .strict();
export type RestaurantDispatchModeBody = z.infer<typeof restaurantDispatchModeBody>;

/** Locks an order out of the automatic mode (a dispatcher handles it), or releases it. */
export const dispatchLockBody = z
  .object({ locked: z.boolean({ error: msg('validation.invalid') }) })
  .strict();
export type DispatchLockBody = z.infer<typeof dispatchLockBody>;

/** Accepting a suggestion names the driver it showed: a changed suggestion is refused, not swapped. */
export const acceptSuggestionBody = z
  .object({
    driver_id: z
      .number({ error: msg('validation.required') })
      .int()
      .positive(),
  })
  .strict();
export type AcceptSuggestionBody = z.infer<typeof acceptSuggestionBody>;

/**
 * Why a driver was chosen for an order, in figures the screens put into words: free or carrying one
 * order (and which, when the new one is batched with it), the straight line to the restaurant, how
 * old the driver's location is, when they would reach the restaurant against when the food is ready,
 * the orders they carry, and the minutes the delivery is predicted to miss its promise by (0 on time).
 * `batched_with` lists the carried orders' numbers (", " between them); `fallback` is set when the
 * order's food had waited the fallback minutes and it went to the nearest free driver.
 */
export const dispatchReasonsSchema = z.object({
  state: z.enum(['free', 'carrying']),
  distance_km: z.number(),
  location_minutes: z.number().int(),
  arrival_at: z.string(),
  food_ready_at: z.string(),
  predicted_delivery_at: z.string(),
  load: z.number().int(),
  late_minutes: z.number().int(),
  batched_with: z.string().nullable(),
  fallback: z.boolean().optional(),
});
export type DispatchReasons = z.infer<typeof dispatchReasonsSchema>;

/**
 * Why no driver fits an order (the board's problems lane): nobody on shift; nobody whose location is
 * fresh; every fitting driver declined or let the offer expire; every driver is carrying and none can
 * take it on the way.
 */
export const DISPATCH_PROBLEMS = [
  'no_driver_on_shift',
  'no_fresh_location',
  'all_declined',
  'all_busy',
] as const;
export type DispatchProblem = (typeof DISPATCH_PROBLEMS)[number];

export const OFFER_STATUSES = ['pending', 'accepted', 'declined', 'expired', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const named = z.object({ id: z.number().int(), name: z.string() });

/** The suggestion for one order of the board (suggest mode). */
export const dispatchSuggestionSchema = z.object({
  order_id: z.number().int(),
  driver: named,
  reasons: dispatchReasonsSchema,
});
export type DispatchSuggestion = z.infer<typeof dispatchSuggestionSchema>;

export const dispatchSuggestionsSchema = z.object({ items: z.array(dispatchSuggestionSchema) });
export type DispatchSuggestions = z.infer<typeof dispatchSuggestionsSchema>;

/** An order's pending offer on the board. */
export const orderOfferSchema = z.object({
  driver: named,
  expires_at: z.string(),
});
export type OrderOffer = z.infer<typeof orderOfferSchema>;

/** How an order is dispatched, on its details page: its mode, lock, problem and every offer made. */
export const orderDispatchSchema = z.object({
  mode: z.enum(DISPATCH_MODES),
  locked: z.boolean(),
  problem: z.enum(DISPATCH_PROBLEMS).nullable(),
  offers: z.array(
    z.object({
      id: z.number().int(),
      driver: named,
      status: z.enum(OFFER_STATUSES),
      reasons: dispatchReasonsSchema,
      created_at: z.string(),
      expires_at: z.string(),
      decided_at: z.string().nullable(),
    }),
  ),
});
export type OrderDispatch = z.infer<typeof orderDispatchSchema>;

/**
 * An order as a driver sees it before accepting it: where to pick it up and how far the drop-off is
 * from there, nothing about the customer (their name, phone and address come with the acceptance).
 */
export const driverOrderPreviewSchema = z.object({
  order_id: z.number().int(),
  order_number: z.string(),
  status: z.enum(['preparing_order', 'ready_for_pickup']),
  restaurant: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
  /** Straight line from the restaurant to the drop-off, km to one decimal (null: the restaurant has no position). */
  dropoff_km: z.number().nullable(),
});
export type DriverOrderPreview = z.infer<typeof driverOrderPreviewSchema>;

/** An offer as the driver app sees it. */
export const driverOfferSchema = driverOrderPreviewSchema.extend({
  id: z.number().int(),
  expires_at: z.string(),
  reasons: dispatchReasonsSchema,
});
export type DriverOffer = z.infer<typeof driverOfferSchema>;
export const driverOffersSchema = z.object({ items: z.array(driverOfferSchema) });

/** The orders a driver may take from the pool (empty while the operation's pool is off). */
export const driverPoolSchema = z.object({ items: z.array(driverOrderPreviewSchema) });
