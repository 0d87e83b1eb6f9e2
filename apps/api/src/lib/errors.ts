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

/** PostgreSQL's unique_violation, whichever driver raised it. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const candidate = e as { code?: string; constraint?: string; cause?: unknown };
    if (candidate.code === '23505') return constraint ? candidate.constraint === constraint : true;
    e = candidate.cause;
  }
  return false;
}
