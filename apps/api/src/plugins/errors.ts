import { type ApiErrorBody, translate } from '@dostava/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { foreignKeyViolation, isConcurrencyFailure, isUniqueViolation, ServiceError } from '../lib/errors.js';

/** Node and PostgreSQL codes that mean the database is unreachable, restarting or full. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, shutting down)
  '53300', // too_many_connections
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);
// node-postgres says some of it in words only: a connection cut under a query, a client used after.
const UNAVAILABLE_MESSAGES =
  /Connection terminated|connect ECONNREFUSED|is not queryable|timeout exceeded when trying to connect|PGlite is closed/i;

function isDatabaseOutage(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = e as { code?: string; message?: string; cause?: unknown };
    if (c.code && UNAVAILABLE_CODES.has(c.code)) return true;
    if (c.message && UNAVAILABLE_MESSAGES.test(c.message)) return true;
    e = c.cause;
  }
  return false;
}

/** Field errors from the zod issues fastify collected, keyed `field` or `parent.child`. */
function fieldErrors(error: FastifyError, request: FastifyRequest): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    let field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
    const keys = (issue.params as { keys?: string[] }).keys;
    if (!field && keys?.length) field = keys.join(',');
    if (!field) field = '_';
    const message = translate(request.language, issue.message ?? 'validation.invalid');
    out[field] ??= [];
    const list = out[field];
    if (!list.includes(message)) list.push(message);
  }
  return out;
}

function send(reply: FastifyReply, status: number, body: ApiErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** The one error path: every failure leaves as `{message, error, errors?}` in the caller's language. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const lang = request.language;
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, 400, {
        message: translate(lang, 'errors.validation_failed'),
        error: 'validation_failed',
        errors: fieldErrors(error, request),
      });
    }
    if (error instanceof ServiceError) {
      const body: ApiErrorBody = {
        message: translate(lang, error.messageKey, error.params),
        error: error.code,
      };
      if (error.fieldErrors) {
        body.errors = Object.fromEntries(
          Object.entries(error.fieldErrors).map(([k, v]) => [k, v.map((m) => translate(lang, m))]),
        );
      }
      if (error.status >= 500) request.log.error({ err: error }, 'service error');
      return send(reply, error.status, body);
    }
    if (isDatabaseOutage(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', '5');
      return send(reply, 503, { message: translate(lang, 'errors.unavailable'), error: 'unavailable' });
    }
    // Constraints hold even where a service's own check lost a race or was never written: the
    // database's refusal is a conflict the caller can act on, not a 500.
    if (isUniqueViolation(error)) {
      return send(reply, 409, { message: translate(lang, 'errors.duplicate'), error: 'duplicate' });
    }
    const reference = foreignKeyViolation(error);
    if (reference === 'still_referenced') {
      return send(reply, 409, { message: translate(lang, 'errors.has_history'), error: 'has_history' });
    }
    if (reference === 'missing' || isConcurrencyFailure(error)) {
      if (reference !== 'missing') request.log.warn({ err: error }, 'concurrent writes: one rolled back');
      return send(reply, 409, { message: translate(lang, 'errors.conflict'), error: 'conflict' });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, { message: translate(lang, 'errors.rate_limited'), error: 'rate_limited' });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type, a body too large …: the client's fault, said plainly.
      const code = error.code === 'FST_REQ_FILE_TOO_LARGE' ? 'file_too_large' : 'bad_request';
      return send(reply, status, { message: translate(lang, 'errors.validation_failed'), error: code });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: translate(lang, 'errors.unexpected'), error: 'internal' });
  });
});
