import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { id, optionalText, patchOf, requiredText } from './validation.js';

export const categoryBody = z.object({
  name: requiredText(80),
  description: optionalText(500),
  /** Where the category stands in menus; new categories go last when it is left out. */
  position: z.number().int().min(1).max(10_000).optional(),
});
export type CategoryBody = z.infer<typeof categoryBody>;
export type CategoryInput = z.input<typeof categoryBody>;
export const categoryPatchBody = patchOf(categoryBody);

export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string().nullable(),
  position: z.number().int(),
  products_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const CATEGORY_SORTS = ['position', 'name', 'created_at'] as const;
export const categoryListQuery = listQuery(CATEGORY_SORTS, 'position');

/** The whole new order: every category id exactly once, first to last. */
export const categoryPositionsBody = z.object({
  ids: z
    .array(id())
    .min(1)
    .max(1000)
    .refine((ids) => new Set(ids).size === ids.length, { error: msg('validation.positions_mismatch') }),
});
export type CategoryPositionsBody = z.infer<typeof categoryPositionsBody>;
