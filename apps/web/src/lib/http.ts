import type { ApiErrorBody } from '@dostava/shared';
import { useSyncExternalStore } from 'react';
import { currentLanguage, i18n } from './i18n';
import { clearSession, getSession } from './session';
import { toasts } from './toast';

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

class TimeoutError extends Error {}

/**
 * Sends one request the typed client built (its `fetch`, lib/api-client.ts): the language, the token
 * unless `open`, a time-out, the caller's abort. The request itself goes out, not a copy rebuilt from
 * its parts; a clone is kept for the one retry after a refresh.
 */
async function sendOnce(request: Request, token: string | null, open: boolean): Promise<Response> {
  const headers = new Headers(request.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('Accept-Language', currentLanguage());
  if (token && !open) headers.set('Authorization', `Bearer ${token}`);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new TimeoutError()), REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort(request.signal.reason);
  request.signal.addEventListener('abort', onAbort, { once: true });
  try {
    return await fetch(new Request(request, { headers, signal: controller.signal }));
  } finally {
    clearTimeout(timer);
    request.signal.removeEventListener('abort', onAbort);
  }
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

/** Trades the refresh token for new tokens; false when the API refuses or cannot be reached. */
export type Refresh = (refreshToken: string) => Promise<boolean>;

/**
 * The typed client's `fetch`: the 401 → refresh once → retry rule, the saving indicator, and every
 * failure as an `ApiError` (thrown, so a query or mutation fails with it). It never toasts: the query
 * cache shows a failure unless the query or mutation is `quiet`. `isOpen(request)`: an endpoint that
 * takes no token, whose 401 is its answer (a wrong password), never a reason to refresh.
 */
export function transport(refresh: Refresh, isOpen: (request: Request) => boolean) {
  // Concurrent 401s share one refresh: a refresh token works only once.
  let refreshing: Promise<boolean> | null = null;
  const refreshOnce = (refreshToken: string) => {
    refreshing ??= refresh(refreshToken)
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  };

  async function answer(request: Request): Promise<Response> {
    const open = isOpen(request);
    let token = getSession().token;
    let response: Response;
    try {
      const retry = open ? null : request.clone();
      response = await sendOnce(request, token, open);
      if (response.status === 401 && retry) {
        const current = getSession();
        if (current.token && current.token !== token) {
          // Another request refreshed the tokens meanwhile: retry with the new one.
          token = current.token;
        } else if (!current.refresh_token) {
          clearSession();
          throw new ApiError(i18n.t('errors.unauthorized'), 401, 'unauthorized');
        } else if (await refreshOnce(current.refresh_token)) {
          token = getSession().token;
        } else {
          if (getSession().token) {
            toasts.error(i18n.t('errors.refresh_failed'), { toastId: 'refresh_failed' });
            clearSession();
          }
          throw new ApiError(i18n.t('errors.refresh_failed'), 401, 'refresh_failed');
        }
        response = await sendOnce(retry, token, open);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      if (request.signal.aborted) throw error;
      throw failureWithoutAnswer(error);
    }
    if (!response.ok) {
      const error = await readError(response);
      if (response.status === 401 && !open) clearSession();
      throw error;
    }
    return response;
  }

  return async (request: Request): Promise<Response> => {
    const isWrite = request.method !== 'GET';
    if (isWrite) changePending(1);
    try {
      return await answer(request);
    } finally {
      if (isWrite) changePending(-1);
    }
  };
}

/** Shows a failed query's or mutation's message, once (a 401 has already said what it had to). */
export function showFailure(error: unknown) {
  // The same text twice at once is one toast.
  if (error instanceof ApiError && error.status !== 401)
    toasts.error(error.message, { toastId: `api:${error.message}` });
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;
