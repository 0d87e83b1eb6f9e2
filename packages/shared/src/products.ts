import { z } from 'zod';
import { imageSchema, listQuery } from './common.js';
import { msg } from './messages.js';
import { amount } from './money.js';
import { orderingStateSchema } from './opening-hours.js';
import { id, optionalText, patchOf, requiredText } from './validation.js';
import { deliversSchema } from './zones.js';

/** Prices are integers in minor units (fening): 1250 is 12,50 KM. */
export const MAX_PRICE = 100_000_00;
export const price = () => amount();

export const productBody = z.object({
  name: requiredText(120),
  description: optionalText(1000),
  price: price(),
  category_id: id(),
  show_on_menu: z.boolean().default(true),
  image_id: id().nullable().optional(),
});
export type ProductBody = z.infer<typeof productBody>;
export type ProductInput = z.input<typeof productBody>;
export const productPatchBody = patchOf(productBody);
export type ProductPatchBody = z.infer<typeof productPatchBody>;

export const productSchema = z.object({
  id: z.number().int(),
  restaurant_id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  price: z.number().int(),
  category: z.object({ id: z.number().int(), name: z.string() }),
  show_on_menu: z.boolean(),
  /** Out of stock (apart from show_on_menu): until `snoozed_until`, or until switched back when null. */
  snoozed: z.boolean(),
  snoozed_until: z.string().nullable(),
  image: imageSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_SORTS = ['name', 'price', 'created_at', 'category'] as const;
export const productListQuery = listQuery(PRODUCT_SORTS, 'name').extend({
  category_id: id().optional(),
  show_on_menu: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type ProductListQuery = z.input<typeof productListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type ProductListParams = z.output<typeof productListQuery>;

/** What the customer app shows: products on the menu, grouped by category in position order. */
/** Where the customer is: the menu then says whether the restaurant delivers there (issue 37). */
export const menuQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
  })
  .refine((q) => (q.lat === undefined) === (q.lng === undefined), {
    path: ['lng'],
    error: msg('validation.required'),
  });

export const menuSchema = z.object({
  restaurant: z.object({ id: z.number().int(), name: z.string() }),
  /** With `lat` and `lng`: whether it delivers there, and why not (the same refusal an order gets). */
  delivers: deliversSchema.nullable(),
  /**
   * Whether an order can be placed now and, if not, why (`closed`, `paused`) and when it can again;
   * `busy_minutes` are added to the preparation while the kitchen is busy.
   */
  ordering: orderingStateSchema,
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      products: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          description: z.string().nullable(),
          price: z.number().int(),
          image: imageSchema.nullable(),
          /** Out of stock: shown, but an order with it is refused (`product_snoozed`). */
          snoozed: z.boolean(),
          /** When it is back by itself; null while snoozed means until switched back. */
          snoozed_until: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type Menu = z.infer<typeof menuSchema>;
