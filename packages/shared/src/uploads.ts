import { z } from 'zod';
import { msg } from './messages.js';
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;

/** Public images (menus) load in any <img>; private ones (proofs, incident photos) only through an authorised read. */
export const UPLOAD_KINDS = ['public', 'private'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const uploadQuery = z.object({
  kind: z.enum(UPLOAD_KINDS, { error: msg('validation.invalid_choice') }).optional(),
});
export const privateImageUrl = (id: number) => `/api/uploads/private/${id}`;
