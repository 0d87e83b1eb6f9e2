import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api } from './http';
import { clearSession, getSession, setTokens } from './session';
import { toasts } from './toast';

vi.mock('./toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

type Handler = (url: string, init: RequestInit) => Promise<Response> | Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch with a handler; returns the mock to read its calls. */
function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    handler(String(input), init ?? {}),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;
const refreshCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/auth/refresh');

/** The API: `/api/things` answers 200 to `Bearer good`, 401 otherwise; refresh hands out `good`. */
function apiWithRefresh(
  refresh: () => Promise<Response> | Response = () =>
    json(200, { data: { access_token: 'good', refresh_token: 'r2' } }),
) {
  return stubFetch((url, init) => {
    if (url === '/api/auth/refresh') return refresh();
    return authOf(init) === 'Bearer good'
      ? json(200, { data: { ok: true } })
      : json(401, { message: 'Expired', error: 'unauthorized' });
  });
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  clearSession();
  vi.mocked(toasts.error).mockClear();
});

afterEach(() => {
  clearSession();
});

describe('api: the 401 → refresh once → retry rule', () => {
  it('refreshes with the refresh token, stores the new tokens and retries with the new access token', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = apiWithRefresh();

    await expect(api('/things')).resolves.toEqual({ data: { ok: true } });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [first, refresh, retry] = fetchMock.mock.calls.map(([url, init]) => ({ url, init: init ?? {} }));
    expect(first.url).toBe('/api/things');
    expect(authOf(first.init)).toBe('Bearer stale');
    expect(refresh.url).toBe('/api/auth/refresh');
    expect(refresh.init.method).toBe('POST');
    expect(JSON.parse(String(refresh.init.body))).toEqual({ refresh_token: 'r1' });
    expect(authOf(refresh.init)).toBeUndefined();
    expect(retry.url).toBe('/api/things');
    expect(authOf(retry.init)).toBe('Bearer good');
    expect(getSession()).toMatchObject({ token: 'good', refresh_token: 'r2' });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('lets concurrent 401s share one refresh (a refresh token works only once)', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    let answerRefresh: (response: Response) => void = () => undefined;
    const fetchMock = apiWithRefresh(
      () =>
        new Promise<Response>((resolve) => {
          answerRefresh = resolve;
        }),
    );

    const calls = [api('/things'), api('/things'), api('/things')];
    // Let all three see their 401 while the refresh is still in flight: three tries and one refresh
    // sent. A 401 is acted on in microtasks, all run before vi.waitFor looks again.
    await vi.waitFor(
      () => {
        expect(refreshCalls(fetchMock)).toHaveLength(1);
        expect(fetchMock).toHaveBeenCalledTimes(4);
      },
      { timeout: 20_000 },
    );
    answerRefresh(json(200, { data: { access_token: 'good', refresh_token: 'r2' } }));

    await expect(Promise.all(calls)).resolves.toEqual([
      { data: { ok: true } },
      { data: { ok: true } },
      { data: { ok: true } },
    ]);
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(7); // 3 tries, 1 refresh, 3 retries
  });

  it('retries with the tokens another request refreshed meanwhile, without a refresh of its own', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch((url, init) => {
      if (url === '/api/auth/refresh') return json(500, {});
      if (authOf(init) === 'Bearer good') return json(200, { data: 'fresh' });
      // Another tab (or request) rotates the tokens while this one is in flight.
      setTokens({ access_token: 'good', refresh_token: 'r2' });
      return json(401, { error: 'unauthorized' });
    });

    await expect(api('/things')).resolves.toEqual({ data: 'fresh' });
    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });

  it('refreshes only once: a retry that is refused again ends the session', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { data: { access_token: 'also-refused', refresh_token: 'r2' } })
        : json(401, { message: 'Nope', error: 'unauthorized' }),
    );

    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getSession().token).toBeNull();
  });

  it('on a failed refresh clears the session, raises one refresh_failed toast and throws', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = apiWithRefresh(() => json(401, { error: 'invalid_refresh_token' }));

    const errors = await Promise.all([rejection(api('/things')), rejection(api('/other'))]);

    for (const error of errors) {
      expect(error).toMatchObject({ status: 401, code: 'refresh_failed', message: 'errors.refresh_failed' });
    }
    expect(refreshCalls(fetchMock)).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledTimes(3); // no retry after the failed refresh
    expect(getSession()).toMatchObject({ token: null, refresh_token: null, user: null });
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(toasts.error).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('errors.refresh_failed', { toastId: 'refresh_failed' });
  });

  it('treats a refresh that cannot reach the server as failed', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    apiWithRefresh(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejection(api('/things'));
    expect(error.code).toBe('refresh_failed');
    expect(getSession().token).toBeNull();
  });

  it('without a refresh token clears the session silently', async () => {
    // An access token alone, as another tab could leave it.
    localStorage.setItem('token', 'stale');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getSession()).toMatchObject({ token: 'stale', refresh_token: null });
    const fetchMock = apiWithRefresh();

    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('does not retry or refresh a 401 that arrives after the session has ended', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => {
      // Signed out (here, or in another tab) while this request was in flight.
      clearSession();
      return json(401, { error: 'unauthorized' });
    });

    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('does not refresh for a call made without auth (a wrong password at sign-in)', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => json(401, { message: 'Wrong password', error: 'invalid_credentials' }));

    const error = await rejection(api('/auth/sign-in', { method: 'POST', auth: false, body: {} }));
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Wrong password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authOf(fetchMock.mock.calls[0]?.[1] ?? {})).toBeUndefined();
    expect(getSession().token).toBe('stale');
    expect(toasts.error).toHaveBeenCalledWith('Wrong password', { toastId: 'api:Wrong password' });
  });
});

describe('api: other errors', () => {
  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'rule_broken'],
  ])('does not retry a %i; it shows the message and keeps the session', async (status, code) => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() =>
      json(status, { message: `Text of ${code}`, error: code, errors: { name: ['Too long'] } }),
    );

    const error = await rejection(api('/things', { method: 'PATCH', body: { name: 'x' } }));
    expect(error).toMatchObject({
      status,
      code,
      message: `Text of ${code}`,
      fieldErrors: { name: ['Too long'] },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('good');
    expect(toasts.error).toHaveBeenCalledWith(`Text of ${code}`, { toastId: `api:Text of ${code}` });
  });

  it('reads a body that is not JSON (a proxy error page) as a generic error', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await rejection(api('/things', { toast: false }));
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: 'errors.generic' });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError network_error with a toast', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejection(api('/things'));
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'errors.no_connection' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toasts.error).toHaveBeenCalledWith('errors.no_connection', {
      toastId: 'api:errors.no_connection',
    });
    expect(getSession().token).toBe('good');
  });

  it('says "no connection" for a save as for a read, and keeps "unexpected" for other failures', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(() => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.')));
    const saveError = await rejection(api('/things', { method: 'POST', body: { a: 1 }, toast: false }));
    expect(saveError).toMatchObject({ status: 0, code: 'network_error', message: 'errors.no_connection' });

    stubFetch(() => Promise.reject(new Error('something odd')));
    const odd = await rejection(api('/things'));
    expect(odd).toMatchObject({ status: 0, code: 'unexpected', message: 'errors.unexpected' });
  });

  it('passes the caller’s own abort through instead of a network error', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const reason = new Error('left the page');

    const call = api('/things', { signal: controller.signal });
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('sends the token, the language, the query without empty values and a JSON body', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));

    await expect(
      api('/things', {
        method: 'POST',
        body: { a: 1 },
        query: { page: 2, q: '', status: null, active: true },
      }),
    ).resolves.toBeUndefined();
    const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/things?page=2&active=true');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer good',
      'Content-Type': 'application/json',
      'Accept-Language': 'bs',
    });
    expect(init.body).toBe('{"a":1}');
  });
});
