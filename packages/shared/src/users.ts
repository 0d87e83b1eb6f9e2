import { z } from 'zod';
import { imageSchema, listQuery } from './common.js';
import { msg } from './messages.js';
import { isRestaurantRole, ROLES, type Role } from './roles.js';
import { email, id, newPassword, optionalPhone, patchOf, requiredText } from './validation.js';

const userFields = {
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: email(),
  /** Tap-to-call on the order details (drivers above all). */
  phone: optionalPhone().optional(),
  role: z.enum(ROLES, { error: msg('validation.invalid_choice') }),
  restaurant_id: id().nullable().optional(),
  is_active: z.boolean().default(true),
  image_id: id().nullable().optional(),
};

/**
 * Restaurant staff belong to exactly one restaurant; nobody else belongs to one. A patch that names
 * only one of the two is checked by the API against the account as it stands.
 */
const restaurantRule =
  (patch: boolean) =>
  (body: { role?: Role | undefined; restaurant_id?: number | null | undefined }, ctx: z.RefinementCtx) => {
    if (body.role === undefined || (patch && body.restaurant_id === undefined)) return;
    const has = body.restaurant_id !== null && body.restaurant_id !== undefined;
    if (isRestaurantRole(body.role) && !has) {
      ctx.addIssue({
        code: 'custom',
        path: ['restaurant_id'],
        message: msg('validation.restaurant_required'),
      });
    }
    if (!isRestaurantRole(body.role) && has) {
      ctx.addIssue({
        code: 'custom',
        path: ['restaurant_id'],
        message: msg('validation.restaurant_forbidden'),
      });
    }
  };

export const userCreateBody = z
  .object({ ...userFields, password: newPassword() })
  .superRefine(restaurantRule(false));
export type UserCreateBody = z.infer<typeof userCreateBody>;
export type UserCreateInput = z.input<typeof userCreateBody>;

export const userUpdateBody = patchOf(z.object({ ...userFields, password: newPassword() })).superRefine(
  restaurantRule(true),
);
export type UserUpdateBody = z.infer<typeof userUpdateBody>;

export const userSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(ROLES),
  restaurant_id: z.number().int().nullable(),
  restaurant_name: z.string().nullable(),
  is_active: z.boolean(),
  image: imageSchema.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const USER_SORTS = ['last_name', 'email', 'role', 'created_at'] as const;
export const userListQuery = listQuery(USER_SORTS, 'last_name').extend({
  role: z.enum(ROLES).optional(),
  restaurant_id: id().optional(),
  is_active: z
    .enum(['true', 'false'])
    .transform((v) => v === 'true')
    .optional(),
});
export type UserListQuery = z.input<typeof userListQuery>;
/** A list request as the web app sends it: page, per_page and sort always present. */
export type UserListParams = z.output<typeof userListQuery>;

export const userDeleteResult = z.object({ result: z.enum(['deleted', 'deactivated']), message: z.string() });
