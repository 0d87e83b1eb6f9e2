import { apiErrorSchema } from '@dostava/shared';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { webhooksDocument } from '../modules/webhooks/webhooks-openapi.js';

type Method = string;

/** `/api/restaurants/:id/products` → `/api/restaurants/{id}/products`, as the document spells paths. */
export const openapiPath = (url: string) => url.replace(/:(\w+)/g, (_, name: string) => `{${name}}`);

const segmentsOf = (path: string) =>
  path
    .split('/')
    .filter((s) => s && s !== 'api')
    .map((s): { param: string } | { word: string } =>
      s.startsWith('{') || s.startsWith(':') ? { param: s.replace(/[{}:]/g, '') } : { word: s },
    );

const pascal = (text: string) =>
  text
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]?.toUpperCase() + w.slice(1))
    .join('');

/**
 * The operationId a route gets unless its schema names one: the method and the path's words, a
 * parameter as `By<Name>` (`GET /api/restaurants/:id/products` → `getRestaurantsByIdProducts`). Derived
 * from what makes a route unique, so ids are unique and stable as long as the paths are.
 */
export function operationIdFor(method: Method, path: string): string {
  const parts = segmentsOf(path).map((s) => ('param' in s ? `By${pascal(s.param)}` : pascal(s.word)));
  return method.toLowerCase() + parts.join('');
}

const words = (segment: string) =>
  segment.replace(/\.(csv|xlsx)$/, (_, ext: string) => ` (${ext.toUpperCase()})`).replaceAll('-', ' ');
// Enough for this API's nouns (categories, restaurants, app versions); a `ss` ending stays.
const singular = (noun: string) => noun.replace(/ies$/, 'y').replace(/([^s])s$/, '$1');
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const a = (noun: string) => `${/^[aeiou]/i.test(noun) ? 'an' : 'a'} ${noun}`;

/**
 * A plain-words summary for a route whose schema gives none, from its method and path shape
 * (`GET /x` lists, `POST /x` creates, `PATCH /x/:id` updates, `POST /x/:id/approve` approves …).
 */
export function summaryFor(method: Method, path: string): string {
  const segs = segmentsOf(path);
  const last = segs.at(-1);
  const m = method.toUpperCase();
  // The record a path is about: the word before its last parameter, or its first word.
  const paramAt = segs.findLastIndex((s) => 'param' in s);
  const ownerSeg = paramAt > 0 ? segs[paramAt - 1] : undefined;
  const owner = ownerSeg && 'word' in ownerSeg ? singular(words(ownerSeg.word)) : undefined;
  const trail = segs
    .slice(paramAt + 1)
    .map((s) => ('word' in s ? words(s.word) : s.param))
    .join(' ');
  if (last && 'param' in last) {
    const verb =
      { GET: 'Get', PATCH: 'Update', PUT: 'Replace', DELETE: 'Delete' }[m] ?? capital(m.toLowerCase());
    return `${verb} ${a(owner ?? '')}`;
  }
  if (owner) {
    // `/x/:id/<something>`: an action on the record, or a list under it.
    if (m === 'GET') return `${capital(trail)} of ${a(owner)}`;
    return `${capital(trail)} (${m.toLowerCase()}) on ${a(owner)}`;
  }
  const all = segs.map((s) => ('word' in s ? words(s.word) : s.param)).join(' ');
  if (segs.length === 1 && m === 'GET') return `List ${all}`;
  if (segs.length === 1 && m === 'POST') return `Create ${a(singular(all))}`;
  return capital(m === 'GET' ? all : `${all} (${m.toLowerCase()})`);
}

interface RouteFacts {
  public: boolean;
  restricted: boolean;
  hasInput: boolean;
  hasId: boolean;
  rateLimited: boolean;
}

/** The error answers a route can give, from what its definition shows; each uses the shared body. */
export function errorStatusesFor(facts: RouteFacts): number[] {
  const statuses: number[] = [];
  if (facts.hasInput) statuses.push(400);
  if (!facts.public) statuses.push(401);
  if (!facts.public && facts.restricted) statuses.push(403);
  if (facts.hasId) statuses.push(404);
  if (facts.rateLimited) statuses.push(429);
  return statuses;
}

const ERROR_RESPONSES: Record<number, { name: string; description: string }> = {
  400: {
    name: 'BadRequest',
    description: 'The input was refused (`validation_failed`); `errors` holds the messages per field.',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid access token (`unauthorized`), or it expired (`token_expired`: refresh it and retry once).',
  },
  403: { name: 'Forbidden', description: "The caller's role or app may not do this (`forbidden`)." },
  404: {
    name: 'NotFound',
    description: "No such record, or not one the caller's role may see (`not_found`).",
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many requests from this address (`rate_limited`); `Retry-After` says when to retry.',
  },
};

const SUCCESS_DESCRIPTIONS: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '204': 'Done, no content',
  '503': 'The database is unreachable',
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

type Operation = {
  operationId?: string;
  summary?: string;
  responses?: Record<string, unknown>;
};

/** The OpenAPI document at /api/openapi.json and browsable docs at /api/docs, from the route schemas. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  // What each documented operation may answer with, noted while the routes are transformed and written
  // into the document once it is whole (the error responses are shared components there).
  const errorsOf = new Map<string, number[]>();

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Dostava API',
        version: '1.0.0',
        description:
          'Back office, driver app and customer app API. Money fields are integers in minor units (fening). ' +
          'Errors: `{message, error, errors?}`, the message in the language of Accept-Language (bs default).',
      },
      // Relative: the document is served by the API it describes, wherever that is deployed; a
      // generated client takes its base URL from the integrator.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // An integrator's API key (issue 40), on the integration API only.
          integratorKey: { type: 'http', scheme: 'bearer', bearerFormat: 'dsk_<prefix>_<secret>' },
        },
      },
      security: [{ bearer: [] }],
    },
    transform: (document) => {
      const result = jsonSchemaTransform(document);
      const schema = result.schema as FastifySchema & {
        hide?: boolean;
        operationId?: string;
        summary?: string;
      };
      if (schema.hide) return result;
      const route = document.route as RouteOptions;
      const config = (route.config ?? {}) as {
        auth?: string;
        permission?: string;
        roles?: unknown[];
        rateLimit?: unknown;
      };
      const path = openapiPath(document.url);
      const methods = ([] as string[]).concat(route.method);
      const method = methods[0] ?? 'GET';
      const isPublic = config.auth === 'public';
      const statuses = errorStatusesFor({
        public: isPublic,
        // Every audience but `any` refuses the other one's tokens with 403, as a permission does.
        restricted: config.auth !== 'any' || Boolean(config.permission || config.roles),
        hasInput: Boolean(schema.body || schema.querystring || schema.params || schema.consumes),
        hasId: /\{\w+\}/.test(path),
        // Every /api route is under the per-IP limit unless its config opts out (health, events).
        rateLimited: config.rateLimit !== false,
      });
      // zod's `null` reads as a nullable string in OpenAPI 3.0; a 204 has no body at all.
      const response = schema.response as Record<string, { description?: string }> | undefined;
      if (response?.[204]) response[204] = { type: 'null', description: response[204].description } as never;
      for (const m of methods) errorsOf.set(`${m.toLowerCase()} ${path}`, statuses);
      return {
        url: result.url,
        schema: {
          ...schema,
          operationId: schema.operationId ?? operationIdFor(method, path),
          summary: schema.summary ?? summaryFor(method, path),
          // A generated client sends no token to these.
          ...(isPublic ? { security: [] } : {}),
          ...(config.auth === 'api_key' ? { security: [{ integratorKey: [] }] } : {}),
        },
      };
    },
    transformObject: (documentObject) => {
      if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
      const { openapiObject } = documentObject;
      openapiObject.components ??= {};
      const components = openapiObject.components;
      // The events sent to webhook endpoints (OpenAPI 3.1 `webhooks`, issue 40).
      (openapiObject as { webhooks?: unknown }).webhooks = webhooksDocument();

      components.schemas = {
        ...components.schemas,
        Error: z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }) as Record<string, unknown>,
      };
      components.responses = {
        ...components.responses,
        ...Object.fromEntries(
          Object.values(ERROR_RESPONSES).map(({ name, description }) => [
            name,
            {
              description,
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
            },
          ]),
        ),
      };
      for (const [path, item] of Object.entries(openapiObject.paths ?? {})) {
        for (const method of METHODS) {
          const operation = (item as Record<string, Operation | undefined>)[method];
          if (!operation) continue;
          operation.responses ??= {};
          const responses = operation.responses;
          for (const [status, response] of Object.entries(responses) as [string, { description?: string }][])
            if (response.description === 'Default Response')
              response.description = SUCCESS_DESCRIPTIONS[status] ?? 'Success';
          for (const status of errorsOf.get(`${method} ${path}`) ?? []) {
            const response = ERROR_RESPONSES[status];
            if (response && !responses[status])
              responses[status] = { $ref: `#/components/responses/${response.name}` };
          }
        }
      }
      return openapiObject;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  app.get('/api/openapi.json', { config: { auth: 'public' }, schema: { hide: true } }, async () =>
    app.swagger(),
  );
});
