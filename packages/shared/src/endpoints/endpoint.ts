import type { z } from 'zod';
import type { IntegratorScope } from '../integrations.js';
import type { Permission, Role } from '../roles.js';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. A permission implies a back-office token (decision 0018); `app` is the
 * driver and customer apps' tokens, optionally narrowed to roles; `any` takes either audience.
 */
export type Access =
  | { readonly permission: Permission }
  | { readonly auth: 'public' | 'any' | 'backoffice' }
  | { readonly auth: 'app'; readonly roles?: readonly Role[] }
  /** An integrator's API key (`Bearer dsk_…`) holding `scope` (issue 40), never a staff token. */
  | { readonly auth: 'api_key'; readonly scope: IntegratorScope };

/** An answer that is not JSON: a CSV or spreadsheet file, an event stream. */
export interface FileAnswer {
  readonly description: string;
  readonly content: Readonly<Record<string, { readonly schema: z.ZodType }>>;
}

/**
 * One endpoint of the API, declared once: the API registers its route from this (its handler only
 * calls the service), the OpenAPI document and the web's typed client come out of it.
 */
export interface Endpoint {
  readonly method: Method;
  /** Fastify's spelling: `/api/vehicles/:id`. */
  readonly path: `/api/${string}`;
  readonly access: Access;
  /** What it does, who sees what, the 409/422 cases worth knowing (required: the lint refuses none). */
  readonly description: string;
  /** Where the one derived from the method and path would say little. */
  readonly summary?: string;
  readonly operationId?: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** Request headers the endpoint reads (an `Idempotency-Key`); others pass through untouched. */
  readonly headers?: z.ZodType;
  /** The answer per status: its JSON schema, or a file or stream in another content type. */
  readonly answer: Readonly<Record<number, z.ZodType | FileAnswer>>;
  /** Request content types other than JSON (an upload). */
  readonly consumes?: readonly string[];
  /**
   * The reads this write changes besides those under its own resource (`/api/<resource>`), as
   * path prefixes: assigning a driver changes `/api/drivers`. A client refreshes them after it.
   */
  readonly refreshes?: readonly `/api/${string}`[];
}

/** Declares an endpoint, keeping its literal types (the path, the schemas) for the API and clients. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;
