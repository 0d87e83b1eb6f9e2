import { type paths, publicEndpoints, refreshes } from '@dostava/shared/wire';
import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import createFetchClient, { type FetchResponse, type MaybeOptionalInit } from 'openapi-fetch';
import createQueryClient from 'openapi-react-query';
import type { HttpMethod, PathsWithMethod } from 'openapi-typescript-helpers';
import { isApiError, transport } from './http';
import { setTokens } from './session';

/** The endpoints that take no token, as patterns over the URL's path (`{id}` matches one segment). */
const openEndpoints = publicEndpoints.map((endpoint) => {
  const [method, path = ''] = endpoint.split(' ');
  return { method, path: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`) };
});
const isOpen = (request: Request) => {
  const { pathname } = new URL(request.url);
  return openEndpoints.some(({ method, path }) => method === request.method && path.test(pathname));
};

/** The one refresh: the typed client's own POST /api/auth/refresh (an open endpoint: no recursion). */
async function refreshTokens(refreshToken: string): Promise<boolean> {
  const { data } = await client.POST('/api/auth/refresh', { body: { refresh_token: refreshToken } });
  if (!data) return false;
  setTokens(data.data);
  return true;
}

/**
 * The typed client (decision 0025): every call names its method and path as the OpenAPI document
 * declares them, so a wrong path, parameter or body does not compile. Its `fetch` is the transport
 * (token, refresh, time-out, the saving indicator); failures arrive as `ApiError`. A file is read with
 * `parseAs: 'blob'`, the event stream with `parseAs: 'stream'`.
 */
export const client = createFetchClient<paths>({
  baseUrl: globalThis.location?.origin ?? 'http://localhost',
  // Every query parameter of this API is one plain value; an empty search or filter is no filter.
  querySerializer: (query) =>
    new URLSearchParams(
      Object.entries(query).flatMap(([key, value]) =>
        value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
      ),
    ).toString(),
  fetch: (request) => send(request),
});
const send = transport(refreshTokens, isOpen);

/** Query options whose keys are `[method, path, init]`: `$api.queryOptions('get', '/api/vehicles', …)`. */
export const $api = createQueryClient(client);

/** A query or mutation whose failure its caller shows itself (a form's fields): no toast. */
export const quiet = { quiet: true } as const;

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: { quiet?: boolean };
    mutationMeta: { quiet?: boolean };
  }
}

type WriteMethod = 'post' | 'put' | 'patch' | 'delete';
export type Init<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = MaybeOptionalInit<paths[P], M>;
export type Answer<M extends HttpMethod, P extends PathsWithMethod<paths, M>> = NonNullable<
  FetchResponse<Extract<paths[P][M], Record<string, unknown>>, Init<M, P>, 'application/json'>['data']
>;

/** A path the API reads (GET): what a cached query's key names. */
export type ReadPath = PathsWithMethod<paths, 'get'>;
/** The resource of a path, as a type: `/api/restaurants/{id}/hours` → `/api/restaurants`. */
type ResourceOf<P extends string> = P extends `/api/${infer R}/${string}` ? `/api/${R}` : P;
/** What a refresh names: a read's path, or a resource (every read under it). A typo does not compile. */
export type ReadPrefix = ReadPath | ResourceOf<keyof paths>;

/** A cached read of this path (any parameters), by its query key `[method, path, init]`. */
export const isReadOf = (key: QueryKey, path: ReadPath) => key[0] === 'get' && key[1] === path;

/** The resource a path belongs to: `/api/restaurants/{id}/hours` → `/api/restaurants`. */
const resourceOf = <P extends keyof paths>(path: P) => path.split('/').slice(0, 3).join('/') as ResourceOf<P>;

/**
 * The reads a write changes: everything under its own resource, and what its declaration's
 * `refreshes` names (assigning a driver changes the drivers). The generated map holds the paths as
 * text; the API declares them from its own routes, so each is one of `paths`.
 */
export function readsChangedBy(method: WriteMethod, path: keyof paths): ReadPrefix[] {
  const declared = (refreshes[`${method.toUpperCase()} ${path}`] ?? []) as readonly ReadPrefix[];
  return [resourceOf(path), ...declared];
}

/** Marks every cached read under these path prefixes stale; the ones on screen refetch at once. */
export function refresh(queryClient: QueryClient, prefixes: readonly ReadPrefix[]) {
  return queryClient.invalidateQueries({
    predicate: ({ queryKey: [method, path] }) =>
      method === 'get' &&
      typeof path === 'string' &&
      prefixes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)),
  });
}

/**
 * The one rule for a refused write: unless the request itself was wrong (400) or the session ended
 * (401), the API's refusal may mean the record is not what the screen shows (409: someone else changed
 * it first; 404: it is gone; 422: its state moved on), so the same reads are refreshed as after a
 * success and the screen shows what the server has now.
 */
export const refreshesAfterRefusal = (error: unknown) => isApiError(error) && error.status > 401;

interface WriteOptions<M extends WriteMethod, P extends PathsWithMethod<paths, M>, V> {
  /** The caller shows the failure itself (a form): no toast. */
  quiet?: boolean;
  /** After the write and before the refresh: put the answer in the cache, drop a deleted record. */
  onSuccess?: (answer: Answer<M, P>, variables: V, queryClient: QueryClient) => unknown;
}

/**
 * A write by its method and path. `toInit` turns what the component passes (a body, an id) into the
 * request's parameters and body, typed by the contract. Once it succeeds, the reads it changes are
 * refreshed (`readsChangedBy`), and the mutation settles when they have been asked for again; after a
 * refusal too, by `refreshesAfterRefusal`.
 */
export function useWrite<M extends WriteMethod, P extends PathsWithMethod<paths, M>, V = void>(
  method: M,
  path: P,
  toInit: (variables: V) => Init<M, P>,
  options: WriteOptions<M, P, V> = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [method, path],
    meta: options.quiet ? quiet : undefined,
    mutationFn: async (variables: V) => {
      // The generic init is the one openapi-fetch checks at each call site: here it only passes through.
      const { data } = await client.request(method, path, toInit(variables) as never);
      return data as Answer<M, P>;
    },
    onSuccess: async (answer, variables) => {
      await options.onSuccess?.(answer, variables, queryClient);
      await refresh(queryClient, readsChangedBy(method, path));
    },
    onError: (error) => {
      if (refreshesAfterRefusal(error)) void refresh(queryClient, readsChangedBy(method, path));
    },
  });
}
