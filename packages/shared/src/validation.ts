import { z } from 'zod';
import { msg } from './messages.js';
import { rangeOrderError } from './periods.js';

export { rangeOrderError } from './periods.js';

// This module configures zod for every schema (z.config below): package.json lists it under
// `sideEffects`, so a bundle that tree-shakes the package still runs it wherever a schema is built.

const isBlank = (input: unknown) => input === undefined || input === null || input === '';

// The default message for every issue a schema does not name itself.
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && isBlank(issue.input)) return msg('validation.required');
    switch (issue.code) {
      case 'too_small':
        if (issue.origin === 'string') {
          return Number(issue.minimum) <= 1
            ? msg('validation.required')
            : msg('validation.min_length', { min: Number(issue.minimum) });
        }
        if (issue.origin === 'array') return msg('validation.min_items', { min: Number(issue.minimum) });
        return msg('validation.min_value', { min: Number(issue.minimum) });
      case 'too_big':
        if (issue.origin === 'string') return msg('validation.max_length', { max: Number(issue.maximum) });
        if (issue.origin === 'array') return msg('validation.max_items', { max: Number(issue.maximum) });
        return msg('validation.max_value', { max: Number(issue.maximum) });
      case 'invalid_type':
        if (issue.expected === 'int') return msg('validation.integer');
        if (issue.expected === 'number') return msg('validation.number');
        return msg('validation.invalid');
      case 'unrecognized_keys':
        return msg('validation.unknown_fields', { fields: issue.keys.join(', ') });
      case 'invalid_value':
        return msg('validation.invalid_choice');
      default:
        return msg('validation.invalid');
    }
  },
});

/** Turns form blanks (and absent fields) into null so that optional fields can be left out or cleared. */
const blankToNull = (value: unknown) =>
  value === undefined || (typeof value === 'string' && value.trim() === '') ? null : value;

/** PostgreSQL text cannot hold a NUL byte; it is never part of a real name or search either. */
export const hasNoNul = (value: string) => !value.includes('\u0000');
/** Half of a UTF-16 surrogate pair (with the u flag a whole pair is one character and never matches). */
const LONE_SURROGATE = /[\uD800-\uDFFF]/u;
/**
 * Text PostgreSQL stores as it was sent: no NUL byte, and no half of a surrogate pair, which is no
 * character at all (text would store U+FFFD, jsonb such as the audit log's refuses it with a 500).
 */
export const isStorableText = (value: string) => hasNoNul(value) && !LONE_SURROGATE.test(value);
const notStorable = { error: msg('validation.characters') };

export const requiredText = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(max)
    .refine(isStorableText, notStorable);

/**
 * Why staff refuse what a driver handed in (an end-of-shift cash request, a meal claim): one rule for
 * both, a reason is required and the driver sees it.
 */
export const REJECTION_REASON_MAX = 500;
export const rejectionBody = z.object({
  reason: z
    .string({ error: msg('validation.reason_required') })
    .trim()
    .min(1, { error: msg('validation.reason_required') })
    .max(REJECTION_REASON_MAX)
    .refine(isStorableText, notStorable),
});
export type RejectionBody = z.infer<typeof rejectionBody>;

export const optionalText = (max = 2000) =>
  z.preprocess(blankToNull, z.string().trim().max(max).refine(isStorableText, notStorable).nullable());

/** A search term or a text filter of a list: trimmed, bounded, no NUL byte. */
export const searchText = (max = 100) => z.string().trim().max(max).refine(isStorableText, notStorable);

/**
 * The calendar dates the operation can mean: its data starts in this century. Past these bounds
 * PostgreSQL (no year 0) or JavaScript (no year 10000 in ISO strings) would fail with a 500.
 */
export const MIN_DATE = '2000-01-01';
export const MAX_DATE = '2099-12-31';
const withinDateBounds = (value: string) => value.slice(0, 10) >= MIN_DATE && value.slice(0, 10) <= MAX_DATE;
const dateBounds = { error: msg('validation.date_bounds', { min: MIN_DATE, max: MAX_DATE }) };

/** A local calendar date, 'YYYY-MM-DD', that exists and lies within the bounds. */
export const calendarDate = () =>
  z.iso.date({ error: msg('validation.invalid') }).refine(withinDateBounds, dateBounds);

/** An instant with its offset ('2026-03-01T10:00:00+01:00'), within the bounds. */
export const instant = () =>
  z.iso.datetime({ offset: true, error: msg('validation.invalid') }).refine(withinDateBounds, dateBounds);

/** A date or an instant with its offset, within the bounds (the orders' filters take both). */
export const dateOrDateTime = () =>
  z.iso
    .datetime({ offset: true, error: msg('validation.invalid') })
    .or(z.iso.date({ error: msg('validation.invalid') }))
    .refine(withinDateBounds, dateBounds);

/** `from` must not come after `to`: an impossible range is a mistake worth saying, not an empty list. */
export function dateRangeRule(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
) {
  const error = rangeOrderError(range.from, range.to);
  if (error) ctx.addIssue({ code: 'custom', path: ['to'], message: msg(error) });
}

export const email = () =>
  z
    .string({ error: msg('validation.email_required') })
    .trim()
    .min(1, { error: msg('validation.email_required') })
    .max(254)
    .pipe(z.email({ error: msg('validation.email') }))
    .transform((value) => value.toLowerCase());

export const PHONE_PATTERN = /^\+?[0-9][0-9 ()/-]{5,19}$/;
export const phone = () =>
  z
    .string()
    .trim()
    .min(1, { error: msg('validation.required') })
    .regex(PHONE_PATTERN, { error: msg('validation.phone') });
/** A phone number that may be left blank (null), checked with the same message when given. */
export const optionalPhone = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .regex(PHONE_PATTERN, { error: msg('validation.phone') })
      .nullable(),
  );

export const optionalUrl = () =>
  z.preprocess(
    blankToNull,
    z
      .string()
      .trim()
      .max(500)
      .pipe(z.url({ protocol: /^https?$/, error: msg('validation.url') }))
      .nullable(),
  );

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** A password being checked at sign-in: only required. */
export const currentPassword = () =>
  z
    .string({ error: msg('validation.password_required') })
    .min(1, { error: msg('validation.password_required') });

/** A new password: the policy of the seed (8+ characters, upper, lower, digit, special). */
export const newPassword = () =>
  z
    .string({ error: msg('validation.password_required') })
    .min(1, { error: msg('validation.password_required') })
    .min(PASSWORD_MIN_LENGTH, { error: msg('validation.password_min') })
    .max(PASSWORD_MAX_LENGTH, { error: msg('validation.password_max', { max: PASSWORD_MAX_LENGTH }) })
    .regex(/[A-Z]/, { error: msg('validation.password_policy') })
    .regex(/[a-z]/, { error: msg('validation.password_policy') })
    .regex(/[0-9]/, { error: msg('validation.password_policy') })
    .regex(/[^A-Za-z0-9]/, { error: msg('validation.password_policy') });

/** The largest PostgreSQL integer: ids and counts past it fit no column. */
export const ID_MAX = 2_147_483_647;

/**
 * A whole number as a query string or a path writes it: decimal digits only, no sign, no leading
 * zero, no space. `Number()` would also read '0x10', '1e1', '0b11', ' 12', '+12' and '12.0' (a DELETE
 * of product 0x10 deleted product 16), so anything else stays text and is refused as not a number.
 */
const PLAIN_INTEGER = /^(?:0|[1-9][0-9]{0,14})$/;
const fromPlainDecimal = (value: unknown) =>
  typeof value === 'string' && PLAIN_INTEGER.test(value) ? Number(value) : value;
const notPlainInteger = (issue: { input?: unknown }) =>
  isBlank(issue.input) ? msg('validation.required') : msg('validation.invalid');

/**
 * A whole number from JSON or from a query string ('12'), written plainly, within min..max (page,
 * per_page, ids). The OpenAPI document shows the integer it becomes.
 */
export const plainInteger = (min: number, max: number) =>
  z.preprocess(fromPlainDecimal, z.number({ error: notPlainInteger }).int().min(min).max(max));

/**
 * A record id, from JSON or from a path or query string ('12'); a missing one is 'required'. Ids are
 * PostgreSQL integers: only 1..2^31 − 1 can name a row, anything else is no id at all.
 */
export const id = () => plainInteger(1, ID_MAX);
export const idParams = z.object({ id: id() });

/**
 * The PATCH form of a create schema: every field optional and no field's default applied. A
 * `.partial()` alone keeps `.default(true)` alive (zod runs a default for an absent key even inside
 * an optional), so a patch that left out `is_active` would silently re-activate an account.
 */
export function patchOf<S extends z.ZodRawShape>(schema: z.ZodObject<S>) {
  const withoutDefaults: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    if (field instanceof z.ZodDefault || field instanceof z.ZodPrefault) {
      withoutDefaults[key] = field.unwrap() as z.ZodType;
    }
  }
  // The cast keeps the field types of `.partial()`; only the absent-key behaviour changed.
  return schema.extend(withoutDefaults).partial() as unknown as ReturnType<z.ZodObject<S>['partial']>;
}
