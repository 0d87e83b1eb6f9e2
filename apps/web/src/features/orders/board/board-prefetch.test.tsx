import type { CurrentUser } from '@dostava/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useBoardCounts, useOrders } from '../api/orders';
import { prefetchBoard } from './board-prefetch';
import { useBoardQuery } from './use-board-query';

const dispatcher: CurrentUser = {
  id: 3,
  first_name: 'Dina',
  last_name: 'Dispečer',
  email: 'dispatcher@example.com',
  role: 'dispatcher',
  restaurant_id: null,
  image: null,
};
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
const page = { data: [], meta: { total: 0, page: 1, per_page: 25, last_page: 1 } };

/** Stubs the API; returns the paths (with their queries) asked, in order. */
function stubApi(mode: string, settingsAnswered: Promise<void> = Promise.resolve()) {
  const asked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const request = input instanceof Request ? input : new Request(input);
      const { pathname, search } = new URL(request.url);
      asked.push(pathname + search);
      if (pathname === '/api/dispatch/settings') {
        await settingsAnswered;
        return json({ data: { mode, updated_at: null, updated_by: null } });
      }
      if (pathname === '/api/orders/lanes') return json({ data: {} });
      return json(page);
    }),
  );
  return asked;
}

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

const boardOn = (queryClient: QueryClient, url: string) => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
  return renderHook(
    () => {
      const board = useBoardQuery(true, true);
      return { list: useOrders(board.list), counts: useBoardCounts(board.counts) };
    },
    { wrapper },
  );
};
// Fresh for 15 s, as the app's client keeps its answers (app/providers.tsx).
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });

describe('prefetchBoard', () => {
  it.each([
    ['/active-orders', 'manual', 'sort=urgency'],
    ['/active-orders?lane=in_delivery&zone_id=4&per_page=50&page=2', 'manual', 'lane=in_delivery&zone_id=4'],
    // Suggest mode orders the list by suggestion: the settings are read first.
    ['/active-orders', 'suggest', 'sort=suggestion'],
  ])('asks what the board at %s (%s mode) then reads from the cache, once', async (url, mode, expected) => {
    const asked = stubApi(mode);
    const queryClient = client();
    await prefetchBoard(queryClient, `http://localhost${url}`, dispatcher);
    const lists = asked.filter((path) => path.startsWith('/api/orders?'));
    expect(lists).toHaveLength(1);
    expect(lists[0]).toContain(expected);
    expect(asked.filter((path) => path.startsWith('/api/orders/lanes'))).toHaveLength(1);

    // The board's own queries (same URL, same mode) find the answers: no request of their own.
    const { result } = boardOn(queryClient, url);
    expect(result.current.list.data).toEqual(page);
    expect(result.current.counts.data).toEqual({});
    expect(asked.filter((path) => !path.startsWith('/api/dispatch/settings'))).toHaveLength(2);
  });

  it('asks for the list in the mode last seen here without waiting for the settings', async () => {
    localStorage.setItem('dispatch_mode', 'suggest');
    let answer = () => {};
    const asked = stubApi('suggest', new Promise((resolve) => (answer = resolve)));
    const queryClient = client();
    const done = prefetchBoard(queryClient, 'http://localhost/active-orders', dispatcher);
    await vi.waitFor(() => expect(asked.some((path) => path.includes('sort=suggestion'))).toBe(true));
    // The settings have not answered yet; the board, rendered now, reads the list asked for.
    const { result } = boardOn(queryClient, '/active-orders');
    answer();
    await done;
    await vi.waitFor(() => expect(result.current.list.data).toEqual(page));
    expect(asked.filter((path) => path.startsWith('/api/orders?'))).toHaveLength(1);
  });

  it('asks again in the settings’ mode when it changed since, and remembers it', async () => {
    localStorage.setItem('dispatch_mode', 'manual');
    const asked = stubApi('suggest');
    const queryClient = client();
    await prefetchBoard(queryClient, 'http://localhost/active-orders', dispatcher);
    const lists = asked.filter((path) => path.startsWith('/api/orders?'));
    expect(lists).toHaveLength(2);
    expect(lists[1]).toContain('sort=suggestion');
    expect(localStorage.getItem('dispatch_mode')).toBe('suggest');
    const { result } = boardOn(queryClient, '/active-orders');
    expect(result.current.list.data).toEqual(page);
    expect(asked.filter((path) => path.startsWith('/api/orders?'))).toHaveLength(2);
  });
});
