import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { client } from './api-client';
import { ApiError, showFailure } from './http';
import { clearSession, getSession, setTokens } from './session';
import { toasts } from './toast';

vi.mock('./toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

/** What the server got: the path with its query, and the request itself (headers, body, signal). */
type Handler = (url: string, request: Request) => Promise<Response> | Response;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const pathOf = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

/** Stubs fetch with a handler; returns the mock to read its calls (each the Request sent). */
function stubFetch(handler: Handler) {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const request = input instanceof Request ? input : new Request(input);
    return handler(pathOf(request), request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const requestOf = (call: unknown[] | undefined) => call?.[0] as Request;
const authOf = (request: Request) => request.headers.get('Authorization') ?? undefined;
const refreshCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter((call) => pathOf(requestOf(call)) === '/api/auth/refresh');

/** A read that takes a token, through the typed client: what it answers. */
const read = (path: '/api/vehicles' | '/api/users' = '/api/vehicles') =>
  client.GET(path).then(({ data }) => data as unknown);

/** The API: `/api/vehicles` answers 200 to `Bearer good`, 401 otherwise; refresh hands out `good`. */
function apiWithRefresh(
  refresh: () => Promise<Response> | Response = () =>
    json(200, { data: { access_token: 'good', refresh_token: 'r2' } }),
) {
  return stubFetch((url, request) => {
    if (url === '/api/auth/refresh') return refresh();
    return authOf(request) === 'Bearer good'
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
  vi.unstubAllGlobals();
});

describe('the transport: the 401 → refresh once → retry rule', () => {
  it('refreshes with the refresh token, stores the new tokens and retries with the new access token', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = apiWithRefresh();

    await expect(read()).resolves.toEqual({ data: { ok: true } });

    expect(fetchMock).toHaveBeenCalledTimes(3);
    const [first, refresh, retry] = fetchMock.mock.calls.map((call) => requestOf(call));
    if (!first || !refresh || !retry) throw new Error('three requests expected');
    expect(pathOf(first)).toBe('/api/vehicles');
    expect(authOf(first)).toBe('Bearer stale');
    expect(pathOf(refresh)).toBe('/api/auth/refresh');
    expect(refresh.method).toBe('POST');
    expect(await refresh.json()).toEqual({ refresh_token: 'r1' });
    expect(authOf(refresh)).toBeUndefined();
    expect(pathOf(retry)).toBe('/api/vehicles');
    expect(authOf(retry)).toBe('Bearer good');
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

    const calls = [read(), read(), read()];
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
    const fetchMock = stubFetch((url, request) => {
      if (url === '/api/auth/refresh') return json(500, {});
      if (authOf(request) === 'Bearer good') return json(200, { data: 'fresh' });
      // Another tab (or request) rotates the tokens while this one is in flight.
      setTokens({ access_token: 'good', refresh_token: 'r2' });
      return json(401, { error: 'unauthorized' });
    });

    await expect(read()).resolves.toEqual({ data: 'fresh' });
    expect(refreshCalls(fetchMock)).toHaveLength(0);
  });

  it('refreshes only once: a retry that is refused again ends the session', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch((url) =>
      url === '/api/auth/refresh'
        ? json(200, { data: { access_token: 'also-refused', refresh_token: 'r2' } })
        : json(401, { message: 'Nope', error: 'unauthorized' }),
    );

    const error = await rejection(read());
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    expect(getSession().token).toBeNull();
  });

  it('on a failed refresh clears the session, raises one refresh_failed toast and throws', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = apiWithRefresh(() => json(401, { error: 'invalid_refresh_token' }));

    const errors = await Promise.all([rejection(read()), rejection(read('/api/users'))]);

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

    const error = await rejection(read());
    expect(error.code).toBe('refresh_failed');
    expect(getSession().token).toBeNull();
  });

  it('without a refresh token clears the session silently', async () => {
    // An access token alone, as another tab could leave it.
    localStorage.setItem('token', 'stale');
    window.dispatchEvent(new StorageEvent('storage', { key: 'token' }));
    expect(getSession()).toMatchObject({ token: 'stale', refresh_token: null });
    const fetchMock = apiWithRefresh();

    const error = await rejection(read());
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

    const error = await rejection(read());
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('does not refresh for a call made without auth (a wrong password at sign-in)', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => json(401, { message: 'Wrong password', error: 'invalid_credentials' }));

    const error = await rejection(
      client.POST('/api/auth/sign-in', { body: { email: 'a@b.ba', password: 'x' } }),
    );
    expect(error).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Wrong password' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(authOf(requestOf(fetchMock.mock.calls[0]))).toBeUndefined();
    expect(getSession().token).toBe('stale');
    // The transport never toasts a refusal: the sign-in form shows it.
    expect(toasts.error).not.toHaveBeenCalled();
  });
});

describe('the transport: other errors', () => {
  it.each([
    [403, 'forbidden'],
    [404, 'not_found'],
    [409, 'conflict'],
    [422, 'rule_broken'],
  ])('does not retry a %i; it keeps the session and leaves the toast to the cache', async (status, code) => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() =>
      json(status, { message: `Text of ${code}`, error: code, errors: { name: ['Too long'] } }),
    );

    const error = await rejection(
      client.PATCH('/api/vehicles/{id}', { params: { path: { id: 7 } }, body: { plate_number: 'x' } }),
    );
    expect(error).toMatchObject({
      status,
      code,
      message: `Text of ${code}`,
      fieldErrors: { name: ['Too long'] },
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('good');
    expect(toasts.error).not.toHaveBeenCalled();
    showFailure(error);
    showFailure(error);
    expect(toasts.error).toHaveBeenCalledTimes(2);
    expect(toasts.error).toHaveBeenCalledWith(`Text of ${code}`, { toastId: `api:Text of ${code}` });
  });

  it('reads a body that is not JSON (a proxy error page) as a generic error', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await rejection(read());
    expect(error).toMatchObject({ status: 502, code: 'http_error', message: 'errors.generic' });
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('turns a network failure into ApiError network_error', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));

    const error = await rejection(read());
    expect(error).toMatchObject({ status: 0, code: 'network_error', message: 'errors.no_connection' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getSession().token).toBe('good');
  });

  it('says "no connection" for a save as for a read, and keeps "unexpected" for other failures', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(() => Promise.reject(new TypeError('NetworkError when attempting to fetch resource.')));
    const saveError = await rejection(
      client.POST('/api/vehicles', { body: { plate_number: 'x', type: 'car' } }),
    );
    expect(saveError).toMatchObject({ status: 0, code: 'network_error', message: 'errors.no_connection' });

    stubFetch(() => Promise.reject(new Error('something odd')));
    const odd = await rejection(read());
    expect(odd).toMatchObject({ status: 0, code: 'unexpected', message: 'errors.unexpected' });
  });

  it('passes the caller’s own abort through instead of a network error', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    stubFetch(
      (_url, request) =>
        new Promise<Response>((_resolve, reject) => {
          request.signal.addEventListener('abort', () => reject(request.signal.reason));
        }),
    );
    const controller = new AbortController();
    const reason = new Error('left the page');

    const call = client.GET('/api/vehicles', { signal: controller.signal });
    controller.abort(reason);
    await expect(call).rejects.toBe(reason);
    expect(toasts.error).not.toHaveBeenCalled();
  });

  it('sends the token, the language, the query without empty values and a JSON body', async () => {
    setTokens({ access_token: 'good', refresh_token: 'r1' });
    const fetchMock = stubFetch(() => new Response(null, { status: 204 }));

    await client.POST('/api/vehicles', {
      params: { query: { page: 2, q: '', status: null, active: true } as never },
      body: { plate_number: 'x', type: 'car' },
    });
    const request = requestOf(fetchMock.mock.calls[0]);
    expect(pathOf(request)).toBe('/api/vehicles?page=2&active=true');
    expect(request.method).toBe('POST');
    expect(authOf(request)).toBe('Bearer good');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('Accept-Language')).toBe('bs');
    expect(await request.text()).toBe('{"plate_number":"x","type":"car"}');
  });
});
