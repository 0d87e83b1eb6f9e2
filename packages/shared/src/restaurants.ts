import { z } from 'zod';
import { imageSchema, listQuery } from './common.js';
import { DISPATCH_MODES } from './dispatch.js';
import { optionalIban, requiredIban } from './iban.js';
import { orderingStateSchema } from './opening-hours.js';
import { id, optionalUrl, patchOf, phone, requiredText } from './validation.js';

const coordinate = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.number().min(-max).max(max).nullable());

export const restaurantBody = z.object({
  name: requiredText(120),
  address: requiredText(200),
  phone: phone(),
  web_address: optionalUrl(),
  /**
   * The account the operation pays the restaurant's settlements into. Only Admin and App Manager
   * change it here; a restaurant manager files a payout request (below) that one of them decides.
   */
  iban: optionalIban().optional(),
  /** The operation's commission on the restaurant's sales, in percent (0–100, two decimals). */
  percentage: z
    .number()
    .min(0)
    .max(100)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, { error: 'validation.invalid' }),
  lat: coordinate(90).optional(),
  lng: coordinate(180).optional(),
  image_id: id().nullable().optional(),
});
export type RestaurantBody = z.infer<typeof restaurantBody>;
export type RestaurantInput = z.input<typeof restaurantBody>;
export const restaurantPatchBody = patchOf(restaurantBody);

export const restaurantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  web_address: z.string().nullable(),
  iban: z.string().nullable(),
  /** A change of the payout account waits for Admin or App Manager (see the payout requests). */
  payout_request_pending: z.boolean(),
  percentage: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  image: imageSchema.nullable(),
  /** Whether it takes orders now: opening hours, pause and busy mode, on the operation's clock. */
  ordering: orderingStateSchema,
  /** Its own dispatch mode; null follows the operation's (decision 0024). */
  dispatch_mode: z.enum(DISPATCH_MODES).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;

export const RESTAURANT_SORTS = ['name', 'created_at', 'percentage'] as const;
export const restaurantListQuery = listQuery(RESTAURANT_SORTS, 'name');
export type RestaurantListQuery = z.input<typeof restaurantListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type RestaurantListParams = z.output<typeof restaurantListQuery>;

/**
 * Payout requests: a restaurant manager asks for a new payout account; Admin or App Manager approves
 * (the restaurant's account changes, settlements approved from then on pay it) or rejects with a
 * reason. Until then the settlements keep paying the current account. One request waits at a time.
 */
export const PAYOUT_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type PayoutRequestStatus = (typeof PAYOUT_REQUEST_STATUSES)[number];

export const payoutRequestBody = z.object({
  /** The new account, any spacing; stored in its electronic form. */
  iban: requiredIban(),
});
export type PayoutRequestBody = z.infer<typeof payoutRequestBody>;
export type PayoutRequestInput = z.input<typeof payoutRequestBody>;
export const payoutRejectBody = z.object({ reason: requiredText(500) });
export const payoutRequestParams = z.object({ id: id(), request_id: id() });

const person = z.object({ id: z.number().int(), name: z.string() });
export const payoutRequestSchema = z.object({
  id: z.number().int(),
  restaurant_id: z.number().int(),
  status: z.enum(PAYOUT_REQUEST_STATUSES),
  /** The account asked for (electronic form). */
  iban: z.string(),
  /** The account the restaurant had when the request was filed. */
  previous_iban: z.string().nullable(),
  requested_by: person.nullable(),
  requested_at: z.string(),
  decided_by: person.nullable(),
  decided_at: z.string().nullable(),
  /** Why it was rejected. */
  reason: z.string().nullable(),
});
export type PayoutRequest = z.infer<typeof payoutRequestSchema>;
export const payoutRequestListQuery = listQuery(['requested_at'], '-requested_at').omit({ q: true });
export type PayoutRequestListParams = z.output<typeof payoutRequestListQuery>;
