import type { Endpoint } from '@dostava/shared/endpoints';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type {
  ContextConfigDefault,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/** What fastify validates and documents for an endpoint, in its own words. */
type SchemaOf<E extends Endpoint> = {
  params: E['params'];
  querystring: E['query'];
  body: E['body'];
  headers: E['headers'];
  response: E['answer'];
};

/** A handler typed by its endpoint: the request's params, query and body, and what it may answer. */
export type Handler<E extends Endpoint> = RouteHandlerMethod<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  RouteGenericInterface,
  ContextConfigDefault,
  SchemaOf<E>,
  ZodTypeProvider
>;

/** What only the server knows about a route: its rate limit, a hook before the handler. */
export type ServerOptions = Pick<RouteShorthandOptions, 'preHandler'> & {
  config?: { rateLimit?: false | RateLimitOptions };
};

/**
 * Registers the route of a shared endpoint declaration: its access rule becomes the route's config
 * (the auth hook and the authorization matrix read it there), its schemas validate and document it.
 */
export function route<const E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: Handler<E>,
  options: ServerOptions = {},
) {
  const schema: Record<string, unknown> = {
    description: e.description,
    tags: e.tags,
    response: e.answer,
  };
  if (e.summary) schema.summary = e.summary;
  if (e.operationId) schema.operationId = e.operationId;
  if (e.params) schema.params = e.params;
  if (e.query) schema.querystring = e.query;
  if (e.body) schema.body = e.body;
  if (e.headers) schema.headers = e.headers;
  if (e.consumes) schema.consumes = e.consumes;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: e.method,
    url: e.path,
    ...options,
    config: { ...e.access, ...options.config },
    schema,
    handler: handler as never,
  });
}
