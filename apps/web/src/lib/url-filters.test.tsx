import { DEFAULT_PER_PAGE, MAX_PER_PAGE } from '@dostava/shared';
import { act, cleanup, render, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter, createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListParams } from './list-params';
import { oneOf, positiveId, useSearchInput, useUrlFilters } from './url-filters';

const wrapper = ({ children }: { children: ReactNode }) => <BrowserRouter>{children}</BrowserRouter>;

/** Opens `url` (path and query) as the address the router starts from. */
function at(url: string) {
  window.history.replaceState(null, '', url);
}
const search = () => new URLSearchParams(window.location.search);

const ALLOWED = { status: oneOf(['pending', 'delivered']), driver_id: positiveId };

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  at('/');
});

describe('filter value checks', () => {
  it('oneOf accepts only the listed values', () => {
    const check = oneOf(['a', 'b']);
    expect(['a', 'b', 'c', '', 'A'].map(check)).toEqual([true, true, false, false, false]);
  });

  it('positiveId accepts 1 to 10 digits without a leading zero', () => {
    const valid = ['1', '42', '9999999999'];
    const invalid = ['0', '01', '-1', '1.5', '1e3', ' 1', '12345678901', 'abc', ''];
    expect(valid.filter(positiveId)).toEqual(valid);
    expect(invalid.filter(positiveId)).toEqual([]);
  });
});

describe('useUrlFilters', () => {
  it('reads each filter from the URL, "" when absent or not allowed', () => {
    at('/orders?status=delivered&driver_id=7&other=x');
    const { result } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });
    expect(result.current.filters).toEqual({ status: 'delivered', driver_id: '7' });

    at('/orders?status=lost&driver_id=0');
    const { result: invalid } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });
    expect(invalid.current.filters).toEqual({ status: '', driver_id: '' });

    at('/orders');
    const { result: empty } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });
    expect(empty.current.filters).toEqual({ status: '', driver_id: '' });
  });

  it('writes a filter into the URL and starts again from the first page, keeping the rest', () => {
    at('/orders?q=burek&sort=-total&page=4&driver_id=7');
    const { result } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });

    act(() => result.current.setFilter('status', 'pending'));

    expect(window.location.pathname).toBe('/orders');
    expect(Object.fromEntries(search())).toEqual({
      q: 'burek',
      sort: '-total',
      driver_id: '7',
      status: 'pending',
    });
    expect(result.current.filters).toEqual({ status: 'pending', driver_id: '7' });
  });

  it('removes a filter set to ""', () => {
    at('/orders?status=pending&page=2');
    const { result } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });

    act(() => result.current.setFilter('status', ''));

    expect(window.location.search).toBe('');
    expect(result.current.filters.status).toBe('');
  });

  it('keeps both of two changes made before a re-render', () => {
    at('/orders?page=3');
    const { result } = renderHook(() => useUrlFilters(ALLOWED), { wrapper });

    act(() => {
      result.current.setFilter('status', 'delivered');
      result.current.setFilter('driver_id', '12');
    });

    expect(Object.fromEntries(search())).toEqual({ status: 'delivered', driver_id: '12' });
    expect(result.current.filters).toEqual({ status: 'delivered', driver_id: '12' });
  });
});

describe('useListParams', () => {
  const options = { defaultSort: '-created_at', sorts: ['-created_at', 'created_at', 'name'] } as const;

  it('defaults page, page size, sort and search, and ignores values out of range', () => {
    at('/restaurants');
    const { result } = renderHook(() => useListParams(options), { wrapper });
    expect(result.current.params).toEqual({
      page: 1,
      per_page: DEFAULT_PER_PAGE,
      sort: '-created_at',
      q: '',
    });

    at('/restaurants?page=0&per_page=100000&sort=password&q=pizza');
    const { result: odd } = renderHook(() => useListParams(options), { wrapper });
    expect(odd.current.params).toEqual({ page: 1, per_page: MAX_PER_PAGE, sort: '-created_at', q: 'pizza' });

    at('/restaurants?page=3&per_page=50&sort=name');
    const { result: set } = renderHook(() => useListParams(options), { wrapper });
    expect(set.current.params).toEqual({ page: 3, per_page: 50, sort: 'name', q: '' });
  });

  it('starts from the first page on a new search, sort or page size, and keeps defaults out of the URL', () => {
    at('/restaurants?page=3&status=active');
    const { result } = renderHook(() => useListParams(options), { wrapper });

    act(() => result.current.setParams({ page: 4 }));
    expect(Object.fromEntries(search())).toEqual({ page: '4', status: 'active' });

    act(() => result.current.setParams({ sort: 'name' }));
    expect(Object.fromEntries(search())).toEqual({ sort: 'name', status: 'active' });

    act(() => result.current.setParams({ page: 2 }));
    act(() => result.current.setParams({ per_page: 50 }));
    expect(Object.fromEntries(search())).toEqual({ sort: 'name', per_page: '50', status: 'active' });

    act(() => result.current.setParams({ page: 2 }));
    act(() => result.current.setParams({ q: 'ćevapi', sort: '-created_at', per_page: DEFAULT_PER_PAGE }));
    expect(Object.fromEntries(search())).toEqual({ q: 'ćevapi', status: 'active' });
    expect(result.current.params).toEqual({
      page: 1,
      per_page: DEFAULT_PER_PAGE,
      sort: '-created_at',
      q: 'ćevapi',
    });
  });
});

describe('useSearchInput', () => {
  function useSearchList() {
    const { params, setParams } = useListParams({ defaultSort: 'name', sorts: ['name'] });
    const [text, setText] = useSearchInput(params, setParams);
    return { params, setParams, text, setText };
  }

  /** The list on a data router (as the app's), at the address bar's path; `more` are other screens. */
  function renderList(more: Parameters<typeof createBrowserRouter>[0] = []) {
    const result = {} as { current: ReturnType<typeof useSearchList> };
    function ListPage() {
      result.current = useSearchList();
      return null;
    }
    const router = createBrowserRouter([{ path: window.location.pathname, Component: ListPage }, ...more]);
    render(<RouterProvider router={router} />);
    return { result, router };
  }

  it('pushes the typed text into `q` once typing pauses for 350 ms, trimmed, from the first page', () => {
    vi.useFakeTimers();
    at('/drivers?page=5');
    const { result } = renderList();

    act(() => result.current.setText('  ami'));
    act(() => vi.advanceTimersByTime(200));
    act(() => result.current.setText('  amir '));
    act(() => vi.advanceTimersByTime(349));
    expect(search().get('q')).toBeNull();
    expect(result.current.text).toBe('  amir ');

    act(() => vi.advanceTimersByTime(1));
    expect(Object.fromEntries(search())).toEqual({ q: 'amir' });
    expect(result.current.params.q).toBe('amir');
    expect(result.current.text).toBe('  amir '); // the box keeps what was typed
  });

  it('a link followed before typing pauses wins: the search does not pull the screen back', async () => {
    vi.useFakeTimers();
    at('/restaurants');
    let load: (route: { Component: () => null }) => void = () => {};
    const { result, router } = renderList([
      // The edit screen's code is fetched on the first visit, as the app's routes are.
      { path: '/restaurants/:id/edit', lazy: () => new Promise((resolve) => (load = resolve)) },
    ]);

    act(() => result.current.setText('aščinica'));
    await act(async () => {
      void router.navigate('/restaurants/7/edit');
    });
    expect(router.state.navigation.state).toBe('loading');
    act(() => vi.advanceTimersByTime(1000));
    await act(async () => load({ Component: () => null }));

    expect(router.state.location.pathname).toBe('/restaurants/7/edit');
    expect(window.location.pathname).toBe('/restaurants/7/edit');
    expect(search().get('q')).toBeNull();
    router.dispose();
  });

  it('puts a `q` changed from elsewhere (the header search) back into the box', () => {
    vi.useFakeTimers();
    at('/drivers?q=amir');
    const { result } = renderList();
    expect(result.current.text).toBe('amir');

    act(() => result.current.setParams({ q: 'selma' }));
    expect(result.current.text).toBe('selma');
    act(() => vi.advanceTimersByTime(1000));
    expect(search().get('q')).toBe('selma');
  });
});
