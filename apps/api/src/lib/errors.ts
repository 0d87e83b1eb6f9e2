/**
 * Typed service errors. Services throw them; the error plugin maps them to HTTP once, translating
 * `messageKey` into the caller's language.
 */
export class ServiceError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly messageKey: string,
    readonly params: Record<string, string | number> = {},
    readonly fieldErrors?: Record<string, string[]>,
  ) {
    super(code);
  }
}

export class BadRequest extends ServiceError {
  constructor(fieldErrors: Record<string, string[]>, messageKey = 'errors.validation_failed') {
    super(400, 'validation_failed', messageKey, {}, fieldErrors);
  }
}
export class Unauthorized extends ServiceError {
  constructor(code = 'unauthorized', messageKey = 'errors.unauthorized') {
    super(401, code, messageKey);
  }
}
export class Forbidden extends ServiceError {
  constructor(code = 'forbidden', messageKey = 'errors.forbidden') {
    super(403, code, messageKey);
  }
}
export class NotFound extends ServiceError {
  constructor() {
    super(404, 'not_found', 'errors.not_found');
  }
}
export class Conflict extends ServiceError {
  constructor(
    code = 'conflict',
    messageKey = 'errors.conflict',
    params: Record<string, string | number> = {},
    fieldErrors?: Record<string, string[]>,
  ) {
    super(409, code, messageKey, params, fieldErrors);
  }
}
export class RuleBroken extends ServiceError {
  constructor(code: string, messageKey: string, params: Record<string, string | number> = {}) {
    super(422, code, messageKey, params);
  }
}

/** What PostgreSQL said, found along the `cause` chain (drizzle wraps the driver's error). */
interface PgErrorFields {
  code?: string;
  constraint?: string;
  message?: string;
  cause?: unknown;
}
function pgError(error: unknown, code: string): PgErrorFields | undefined {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as PgErrorFields;
    if (candidate.code === code) return candidate;
    e = candidate.cause;
  }
  return undefined;
}

/** PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const found = pgError(error, '23505');
  return found ? (constraint ? found.constraint === constraint : true) : false;
}

/** PostgreSQL's check_violation (a CHECK constraint refused the row), whichever driver raised it. */
export function isCheckViolation(error: unknown, constraint?: string): boolean {
  const found = pgError(error, '23514');
  return found ? (constraint ? found.constraint === constraint : true) : false;
}

/**
 * A broken reference: `still_referenced` when a delete (or key change) hit rows that point at the
 * record (it has history), `missing` when a write named a record that is not there. PostgreSQL says
 * the first as restrict_violation (23001) for an ON DELETE RESTRICT key and foreign_key_violation
 * (23503) for a NO ACTION one, the second always as 23503.
 */
export function foreignKeyViolation(error: unknown): 'still_referenced' | 'missing' | undefined {
  if (pgError(error, '23001')) return 'still_referenced';
  const found = pgError(error, '23503');
  if (!found) return undefined;
  // PostgreSQL's own words: "update or delete on table … violates foreign key constraint …" for a
  // row still referenced, "insert or update on table …" for a reference to a missing row.
  return /^update or delete on table/i.test(found.message ?? '') ? 'still_referenced' : 'missing';
}

/**
 * Two transactions that waited on each other (deadlock_detected, 40P01) or could not both commit
 * (serialization_failure, 40001): PostgreSQL rolled one back; its caller may simply try again.
 */
export function isConcurrencyFailure(error: unknown): boolean {
  return Boolean(pgError(error, '40P01') ?? pgError(error, '40001'));
}
