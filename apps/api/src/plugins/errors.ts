import { type ApiErrorBody, translate } from '@dostava/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ServiceError } from '../lib/errors.js';

const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  '57P01',
  '57P02',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

function isDatabaseOutage(error: unknown): boolean {
  let e: unknown = error;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = e as { code?: string; message?: string; cause?: unknown };
    if (c.code && UNAVAILABLE_CODES.has(c.code)) return true;
    if (c.message && /Connection terminated|connect ECONNREFUSED|PGlite is closed/i.test(c.message))
      return true;
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
      return send(reply, 503, { message: translate(lang, 'errors.unavailable'), error: 'unavailable' });
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
