import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializer } from 'fastify-type-provider-zod';
import { $ZodType, safeEncode, toJSONSchema } from 'zod/v4/core';

type Serializer = (data: unknown) => string;

/**
 * Writes a route's JSON answer with fast-json-stringify, compiled from the JSON Schema of the route's
 * zod response schema, the same schema the OpenAPI document is built from. Like zod, it writes only
 * the properties the schema names, so a service's extra field never leaks; unlike zod it does not
 * check each value on every request: the zod pass over every element (zod's encode, then
 * JSON.stringify) was the API's largest cost of its own per request (the month dashboard 0.6 ms, a
 * list page 0.36 ms against 0.03-0.05 ms here; see docs/decisions/0012).
 *
 * `validate` (every environment but production: tests, development) checks the answer against the zod
 * schema first, as before, so a service that breaks its contract fails the tests with a 500. A schema
 * JSON Schema cannot express (a transform) keeps the zod serializer. Compiled on a route's first
 * answer, so an app built for a test compiles only the routes it calls.
 */
export function responseSerializer({
  validate,
  onFallback,
}: {
  validate: boolean;
  /** Told when a route's schema keeps the zod serializer, and why. */
  onFallback?: (route: { method: string; url: string }, error: unknown) => void;
}): FastifySerializerCompiler<unknown> {
  return (route) => {
    const schema = route.schema;
    // Only a bare zod schema is ours; anything else goes the way it went before.
    if (!(schema instanceof $ZodType)) return zodSerializer(route as never) as Serializer;
    const encoded = (data: unknown) => {
      const result = safeEncode(schema, data);
      if (result.error)
        throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
      return result.data;
    };
    const compile = (): Serializer => {
      try {
        const json = toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'throw' });
        const fast = fastJsonStringify(json as Parameters<typeof fastJsonStringify>[0]) as Serializer;
        return validate ? (data) => fast(encoded(data)) : fast;
      } catch (error) {
        onFallback?.(route, error);
        return (data) => JSON.stringify(encoded(data));
      }
    };
    let write: Serializer | undefined;
    return (data) => {
      write ??= compile();
      return write(data);
    };
  };
}
