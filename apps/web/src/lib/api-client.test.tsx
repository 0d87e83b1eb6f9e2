import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $api, client, readsChangedBy, refresh, useWrite } from './api-client';
import { ApiError, showFailure } from './http';
import { clearSession, getSession, setTokens } from './session';
import { toasts } from './toast';
import { uploadImage } from './uploads';

vi.mock('./toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch; each call is recorded as the URL, method, headers and parsed body the server got. */
function stubFetch(answer: (url: string, request: Request) => Response) {
  const calls: { url: string; method: string; auth?: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const { pathname, search } = new URL(request.url);
      const text = await request.clone().text();
      calls.push({
        url: pathname + search,
        method: request.method,
        auth: request.headers.get('Authorization') ?? undefined,
        body: text ? JSON.parse(text) : undefined,
      });
      return answer(pathname + search, request);
    }),
  );
  return calls;
}

const vehicle = {
  id: 7,
  plate_number: 'A12-B-345',
  type: 'car',
  driver: null,
  created_at: '',
  updated_at: '',
};

function setup() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false } },
    queryCache: new QueryCache({ onError: (error, query) => query.meta?.quiet || showFailure(error) }),
    mutationCache: new MutationCache({
      onError: (error, _v, _c, mutation) => mutation.meta?.quiet || showFailure(error),
    }),
  });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

beforeEach(() => {
  setTokens({ access_token: 'good', refresh_token: 'r1' });
  vi.mocked(toasts.error).mockClear();
});
afterEach(() => {
  clearSession();
  vi.unstubAllGlobals();
});

describe('the typed client', () => {
  it('sends the path with its parameters and the token, and answers with the parsed body', async () => {
    const calls = stubFetch(() => json(200, { data: vehicle }));
    const { data } = await client.GET('/api/vehicles/{id}', { params: { path: { id: 7 } } });
    expect(data?.data.plate_number).toBe('A12-B-345');
    expect(calls).toEqual([{ url: '/api/vehicles/7', method: 'GET', auth: 'Bearer good', body: undefined }]);
  });

  it('puts the query in the URL and the body as JSON', async () => {
    const calls = stubFetch((url) =>
      url.startsWith('/api/vehicles?')
        ? json(200, { data: [], meta: { page: 2, per_page: 10, total: 0 } })
        : json(201, { data: vehicle }),
    );
    await client.GET('/api/vehicles', { params: { query: { page: 2, per_page: 10, sort: '-type', q: '' } } });
    await client.POST('/api/vehicles', { body: { plate_number: 'A12-B-345', type: 'car' } });
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/vehicles?page=2&per_page=10&sort=-type', method: 'GET', body: undefined },
      { url: '/api/vehicles', method: 'POST', body: { plate_number: 'A12-B-345', type: 'car' } },
    ]);
  });

  it('throws the API refusal as an ApiError with its code and field messages', async () => {
    stubFetch(() =>
      json(409, { error: 'plate_taken', message: 'Taken', errors: { plate_number: ['Taken'] } }),
    );
    const failure = await client
      .POST('/api/vehicles', { body: { plate_number: 'A12-B-345', type: 'car' } })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 409,
      code: 'plate_taken',
      fieldErrors: { plate_number: ['Taken'] },
    });
  });

  it('a 401 on an endpoint that takes a token refreshes it once and retries', async () => {
    setTokens({ access_token: 'stale', refresh_token: 'r1' });
    const calls = stubFetch((url, request) => {
      if (url === '/api/auth/refresh')
        return json(200, { data: { access_token: 'good', refresh_token: 'r2' } });
      const auth = request.headers.get('Authorization');
      return auth === 'Bearer good'
        ? json(200, { data: vehicle })
        : json(401, { error: 'token_expired', message: 'x' });
    });
    await client.GET('/api/vehicles/{id}', { params: { path: { id: 7 } } });
    expect(calls.map((c) => c.url)).toEqual(['/api/vehicles/7', '/api/auth/refresh', '/api/vehicles/7']);
    expect(getSession().token).toBe('good');
  });

  it('a 401 from an endpoint that takes no token is its answer: no refresh, the session stays', async () => {
    const calls = stubFetch(() => json(401, { error: 'invalid_credentials', message: 'Login failed.' }));
    const failure = await client
      .POST('/api/auth/sign-in', { body: { email: 'a@example.com', password: 'wrong-password' } })
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ status: 401, code: 'invalid_credentials', message: 'Login failed.' });
    expect(calls.map((c) => c.url)).toEqual(['/api/auth/sign-in']);
    expect(calls[0]?.auth).toBeUndefined();
    expect(getSession().token).toBe('good');
  });
});

describe('queries and writes', () => {
  it('a read is cached under [method, path, init]', () => {
    const { queryKey } = $api.queryOptions('get', '/api/vehicles/{id}', { params: { path: { id: 7 } } });
    expect(queryKey).toEqual(['get', '/api/vehicles/{id}', { params: { path: { id: 7 } } }]);
  });

  it('a write changes the reads under its resource and those its declaration names', () => {
    expect(readsChangedBy('patch', '/api/vehicles/{id}')).toEqual(['/api/vehicles', '/api/drivers']);
  });

  it('refresh marks stale exactly the reads under the prefixes', async () => {
    const { queryClient } = setup();
    for (const path of ['/api/vehicles', '/api/vehicles/{id}', '/api/vehicles-x', '/api/orders'])
      queryClient.setQueryData(['get', path, {}], { data: 1 });
    await refresh(queryClient, ['/api/vehicles']);
    const stale = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey[1]);
    expect(stale.sort()).toEqual(['/api/vehicles', '/api/vehicles/{id}']);
  });

  it('useWrite sends what toInit builds, then refreshes the reads it changes', async () => {
    const calls = stubFetch(() => json(200, { data: vehicle }));
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['get', '/api/drivers', {}], { data: [] });
    queryClient.setQueryData(['get', '/api/orders', {}], { data: [] });
    const { result } = renderHook(
      () =>
        useWrite('patch', '/api/vehicles/{id}', (type: 'bike' | 'car') => ({
          params: { path: { id: 7 } },
          body: { type },
        })),
      { wrapper },
    );
    await act(() => result.current.mutateAsync('bike'));
    expect(calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      { url: '/api/vehicles/7', method: 'PATCH', body: { type: 'bike' } },
    ]);
    expect(queryClient.getQueryState(['get', '/api/drivers', {}])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(['get', '/api/orders', {}])?.isInvalidated).toBe(false);
  });

  it('a failed write toasts its message once, unless it is quiet (a form shows it)', async () => {
    stubFetch(() => json(409, { error: 'plate_taken', message: 'Taken' }));
    const { wrapper } = setup();
    const toInit = () => ({ body: { plate_number: 'A12-B-345', type: 'car' as const } });
    const loud = renderHook(() => useWrite('post', '/api/vehicles', toInit), { wrapper });
    const silent = renderHook(() => useWrite('post', '/api/vehicles', toInit, { quiet: true }), { wrapper });
    await act(() => silent.result.current.mutateAsync().catch(() => undefined));
    expect(toasts.error).not.toHaveBeenCalled();
    act(() => loud.result.current.mutate());
    await waitFor(() => expect(toasts.error).toHaveBeenCalledTimes(1));
    expect(toasts.error).toHaveBeenCalledWith('Taken', { toastId: 'api:Taken' });
  });

  it.each([
    [409, true],
    [404, true],
    [422, true],
    [400, false],
  ])('after a refused write (%i) the reads it changes are refreshed: %s', async (status, refreshed) => {
    stubFetch(() => json(status, { error: 'refused', message: 'Refused' }));
    const { queryClient, wrapper } = setup();
    queryClient.setQueryData(['get', '/api/vehicles', {}], { data: [] });
    const { result } = renderHook(
      () =>
        useWrite('post', '/api/vehicles', () => ({
          body: { plate_number: 'A12-B-345', type: 'car' as const },
        })),
      { wrapper },
    );
    await act(() => result.current.mutateAsync().catch(() => undefined));
    expect(queryClient.getQueryState(['get', '/api/vehicles', {}])?.isInvalidated).toBe(refreshed);
  });
});

describe('files and the event stream go through the typed client', () => {
  it('uploads an image as multipart form data with the token, and answers with its id and URL', async () => {
    const seen: { type: string | null; auth: string | null; file: FormDataEntryValue | null }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const request = input as Request;
        seen.push({
          type: request.headers.get('Content-Type'),
          auth: request.headers.get('Authorization'),
          file: (await request.formData()).get('file'),
        });
        return json(201, { data: { id: 3, file_url: '/uploads/3.png' } });
      }),
    );
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    await expect(uploadImage(file)).resolves.toEqual({ id: 3, file_url: '/uploads/3.png' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0]?.auth).toBe('Bearer good');
    expect(seen[0]?.file).toBeInstanceOf(File);
  });

  it('reads a file as a Blob (a CSV export) with the typed path and query', async () => {
    const calls = stubFetch(
      () => new Response('\uFEFFnumber\n', { status: 200, headers: { 'Content-Type': 'text/csv' } }),
    );
    const { data } = await client.GET('/api/orders/export.csv', {
      params: { query: { active: 'true', q: '' } },
      parseAs: 'blob',
    });
    expect(calls.map((call) => call.url)).toEqual(['/api/orders/export.csv?active=true']);
    expect(data).toBeInstanceOf(Blob);
    expect(await data?.text()).toContain('number');
  });
});
