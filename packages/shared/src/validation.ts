import { z } from 'zod';

/**
 * Validation messages travel as catalogue keys (`validation.required`), optionally followed by
 * `|` and JSON parameters (`validation.max_length|{"max":120}`). The API translates them into the
 * caller's language; the web app translates them with i18next. One message, written once.
 */
export const msg = (key: string, params?: Record<string, string | number>): string =>
  params ? `${key}|${JSON.stringify(params)}` : key;

export function parseMessage(message: string): { key: string; params: Record<string, string | number> } {
  const bar = message.indexOf('|');
  if (bar < 0) return { key: message, params: {} };
  try {
    return { key: message.slice(0, bar), params: JSON.parse(message.slice(bar + 1)) };
  } catch {
    return { key: message.slice(0, bar), params: {} };
  }
}

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

export const requiredText = (max = 255) =>
  z
    .string()
    .trim()
    .min(1, { error: msg('validation.required') })
    .max(max);

export const optionalText = (max = 2000) => z.preprocess(blankToNull, z.string().trim().max(max).nullable());

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
    .max(128)
    .regex(/[A-Z]/, { error: msg('validation.password_policy') })
    .regex(/[a-z]/, { error: msg('validation.password_policy') })
    .regex(/[0-9]/, { error: msg('validation.password_policy') })
    .regex(/[^A-Za-z0-9]/, { error: msg('validation.password_policy') });

/** A record id, from JSON or from a path or query string ('12'); a missing one is 'required'. */
export const id = () =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v),
    // Ids are PostgreSQL integers: anything past 2^31 − 1 is no id at all.
    z
      .number()
      .int()
      .positive()
      .max(2_147_483_647, { error: msg('validation.invalid') }),
  );
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
