import { z } from 'zod';
import { imageSchema } from './common.js';
import { msg } from './messages.js';
import { ROLES } from './roles.js';
import { currentPassword, email, id, newPassword, requiredText } from './validation.js';

export const signInBody = z.object({ email: email(), password: currentPassword() });
export type SignInBody = z.infer<typeof signInBody>;

export const refreshBody = z.object({ refresh_token: z.string().min(1).max(200) });
export const logoutBody = z.object({ refresh_token: z.string().max(200).optional() });

export const currentUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  restaurant_id: z.number().int().nullable(),
  image: imageSchema.nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const tokensSchema = z.object({ access_token: z.string(), refresh_token: z.string() });
export type Tokens = z.infer<typeof tokensSchema>;
export const signInResponse = z.object({ data: tokensSchema.extend({ user: currentUserSchema }) });

export const updateProfileBody = z.object({
  first_name: requiredText(80),
  last_name: requiredText(80),
  email: email(),
  image_id: id().nullable().optional(),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const changePasswordBody = z
  .object({
    current_password: currentPassword(),
    new_password: newPassword(),
    confirm_password: z.string().min(1, { error: msg('validation.required') }),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    error: msg('validation.passwords_match'),
    path: ['confirm_password'],
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

export const sessionSchema = z.object({
  id: z.number().int(),
  user_agent: z.string().nullable(),
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string(),
  current: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
