import { z } from 'zod';
import { imageSchema, listQuery } from './common.js';
import { optionalIban } from './iban.js';
import { id, optionalUrl, patchOf, phone, requiredText } from './validation.js';

const coordinate = (max: number) =>
  z.preprocess((v) => (v === '' ? null : v), z.coerce.number().min(-max).max(max).nullable());

export const restaurantBody = z.object({
  name: requiredText(120),
  address: requiredText(200),
  phone: phone(),
  web_address: optionalUrl(),
  /** The account the operation pays the restaurant's settlements into. */
  iban: optionalIban().optional(),
  /** The operation's commission on the restaurant's sales, in percent (0–100, two decimals). */
  percentage: z.coerce
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
  percentage: z.number(),
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  image: imageSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Restaurant = z.infer<typeof restaurantSchema>;

export const RESTAURANT_SORTS = ['name', 'created_at', 'percentage'] as const;
export const restaurantListQuery = listQuery(RESTAURANT_SORTS, 'name');
export type RestaurantListQuery = z.input<typeof restaurantListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type RestaurantListParams = z.output<typeof restaurantListQuery>;
