import type { ApiErrorBody, Tokens } from '@dostava/shared';
import { useSyncExternalStore } from 'react';
import { currentLanguage, i18n } from './i18n';
import { clearSession, getSession, setTokens } from './session';
import { toasts } from './toast';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 150_000;

/** A failed API call: the HTTP status, the API's stable error code and its per-field messages. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string,
    readonly fieldErrors: Record<string, string[]> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A JSON body, or FormData for uploads. */
  body?: unknown;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Show the error's message as a toast (default true). */
  toast?: boolean;
  /** Attach the token and apply the 401 → refresh → retry rule (default true). */
  auth?: boolean;
  /** Extra request headers (an event stream's Last-Event-ID). */
  headers?: Record<string, string>;
  /**
   * 'json' (default): the parsed body. 'blob': the body as a Blob (a CSV download). 'response': the
   * unread Response, for a stream the caller reads (and cancels) itself.
   */
  responseType?: 'json' | 'blob' | 'response';
}

// The global "saving" indicator: counts the non-GET requests in flight.
let pendingWrites = 0;
const busyListeners = new Set<() => void>();
function changePending(delta: number) {
  pendingWrites += delta;
  for (const listener of busyListeners) listener();
}
export function useIsSaving(): boolean {
  return useSyncExternalStore(
    (listener) => {
      busyListeners.add(listener);
      return () => busyListeners.delete(listener);
    },
    () => pendingWrites > 0,
  );
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

class TimeoutError extends Error {}

async function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  if (token && options.auth !== false) headers.Authorization = `Bearer ${token}`;

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: controller.signal,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}

// Concurrent 401s share one refresh: a refresh token works only once.
let refreshing: Promise<boolean> | null = null;

function refreshTokens(refreshToken: string): Promise<boolean> {
  refreshing ??= (async () => {
    try {
      const response = await send(
        '/auth/refresh',
        { method: 'POST', body: { refresh_token: refreshToken } },
        null,
      );
      if (!response.ok) return false;
      const { data } = (await response.json()) as { data: Tokens };
      setTokens(data);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readError(response: Response): Promise<ApiError> {
  let body: Partial<ApiErrorBody> = {};
  try {
    body = (await response.json()) as Partial<ApiErrorBody>;
  } catch {
    // Not JSON (a proxy's error page): the generic message below.
  }
  const message = body.message || body.error || i18n.t('errors.generic');
  return new ApiError(message, response.status, body.error ?? 'http_error', body.errors ?? {});
}

/**
 * A request that got no answer: fetch's TypeError is the network (offline, DNS, refused, dropped),
 * our own timeout is a server that did not answer; anything else stays "unexpected". Status 0.
 */
function failureWithoutAnswer(error: unknown): ApiError {
  if (error instanceof TimeoutError) return new ApiError(i18n.t('errors.timeout'), 0, 'timeout');
  if (error instanceof TypeError) return new ApiError(i18n.t('errors.no_connection'), 0, 'network_error');
  return new ApiError(i18n.t('errors.unexpected'), 0, 'unexpected');
}

function notify(error: ApiError, options: RequestOptions) {
  // The same text twice at once is one toast.
  if (options.toast !== false) toasts.error(error.message, { toastId: `api:${error.message}` });
}

/** The one way the app calls the API. Resolves to the parsed JSON body (undefined for 204). */
export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const isWrite = (options.method ?? 'GET') !== 'GET';
  if (isWrite) changePending(1);
  try {
    return await request<T>(path, options);
  } finally {
    if (isWrite) changePending(-1);
  }
}

async function request<T>(path: string, options: RequestOptions): Promise<T> {
  let token = getSession().token;
  let response: Response;
  try {
    response = await send(path, options, token);
    if (response.status === 401 && options.auth !== false) {
      const current = getSession();
      if (current.token && current.token !== token) {
        // Another request refreshed the tokens meanwhile: retry with the new one.
        token = current.token;
      } else if (!current.refresh_token) {
        clearSession();
        throw new ApiError(i18n.t('errors.unauthorized'), 401, 'unauthorized');
      } else if (await refreshTokens(current.refresh_token)) {
        token = getSession().token;
      } else {
        if (getSession().token) {
          toasts.error(i18n.t('errors.refresh_failed'), { toastId: 'refresh_failed' });
          clearSession();
        }
        throw new ApiError(i18n.t('errors.refresh_failed'), 401, 'refresh_failed');
      }
      response = await send(path, options, token);
    }
  } catch (error) {
    if (error instanceof ApiError) throw error;
    if (options.signal?.aborted) throw error;
    const apiError = failureWithoutAnswer(error);
    notify(apiError, options);
    throw apiError;
  }
  if (!response.ok) {
    const error = await readError(response);
    if (response.status === 401 && options.auth !== false) clearSession();
    else notify(error, options);
    throw error;
  }
  if (options.responseType === 'response') return response as T;
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * The typed client's way out (lib/api-client): the request openapi-fetch built, sent through `api`.
 * It never toasts: a failed query or mutation is shown by the query cache unless it is `quiet`.
 * `auth: false` for the endpoints that take no token (a refused sign-in is no reason to refresh).
 */
export async function transport(request: Request, auth: boolean): Promise<Response> {
  const url = new URL(request.url);
  const type = request.headers.get('content-type') ?? '';
  let body: unknown;
  if (request.body !== null)
    body = type.startsWith('application/json') ? JSON.parse(await request.text()) : await request.formData();
  return api<Response>(url.pathname.slice(API_BASE.length) + url.search, {
    method: request.method as NonNullable<RequestOptions['method']>,
    body,
    signal: request.signal,
    auth,
    toast: false,
    responseType: 'response',
  });
}

/** Shows a failed query's or mutation's message, once (a 401 has already said what it had to). */
export function showFailure(error: unknown) {
  if (error instanceof ApiError && error.status !== 401) notify(error, {});
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
