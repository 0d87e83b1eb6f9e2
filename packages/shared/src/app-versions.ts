import { z } from 'zod';
import { listQuery } from './common.js';
import { msg } from './messages.js';
import { optionalText, patchOf } from './validation.js';

export const APP_TYPES = ['restaurant', 'driver', 'customer', 'backend'] as const;
export type AppType = (typeof APP_TYPES)[number];
export const PRIORITIES = ['low', 'medium', 'high', 'extreme'] as const;
export type Priority = (typeof PRIORITIES)[number];

export const SEMVER = /^(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})\.(0|[1-9]\d{0,5})$/;
const semver = () =>
  z
    .string()
    .trim()
    .regex(SEMVER, { error: msg('validation.semver') });

/** Compares semantic versions numerically: 1.10.0 is newer than 1.9.0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < 3; i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

export const appVersionBody = z.object({
  app_type: z.enum(APP_TYPES, { error: msg('validation.invalid_choice') }),
  version: semver(),
  priority: z.enum(PRIORITIES, { error: msg('validation.invalid_choice') }),
  notes: optionalText(1000),
});
export type AppVersionBody = z.infer<typeof appVersionBody>;
export type AppVersionInput = z.input<typeof appVersionBody>;
/** A correction of a released version: any of its fields (a changed version must stay unique). */
export const appVersionPatchBody = patchOf(appVersionBody);
export type AppVersionPatchBody = z.infer<typeof appVersionPatchBody>;

export const appVersionSchema = z.object({
  id: z.number().int(),
  app_type: z.enum(APP_TYPES),
  version: z.string(),
  priority: z.enum(PRIORITIES),
  notes: z.string().nullable(),
  created_at: z.string(),
});
export type AppVersion = z.infer<typeof appVersionSchema>;
export const appVersionListQuery = listQuery(['version', 'created_at'] as const, '-version').extend({
  app_type: z.enum(APP_TYPES).optional(),
});
/** A list request as the web app sends it: page, per_page and sort always present. */
export type AppVersionListParams = z.output<typeof appVersionListQuery>;

export const appVersionCheckQuery = z.object({ app_type: z.enum(APP_TYPES), version: semver() });
export const appVersionCheckSchema = z.object({
  update_available: z.boolean(),
  /** A newer Extreme version exists: the app must update before it goes on. */
  force_update: z.boolean(),
  latest: appVersionSchema.nullable(),
});

/** Which versions the apps report, so support sees who runs an outdated app. */
export const appVersionUsageSchema = z.object({
  app_type: z.enum(APP_TYPES),
  version: z.string(),
  reports: z.number().int(),
  last_seen: z.string(),
  outdated: z.boolean(),
  force_update: z.boolean(),
});
