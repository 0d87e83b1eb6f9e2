import type { Restaurant } from '@dostava/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListParams } from '../lib/list-params';
import { hiddenColumns } from './data-table/fit-columns';
import { useRowDelete } from './data-table/use-row-delete';
import { SelectFilter } from './list-filters';
import { RestaurantPicker } from './pickers/restaurant-picker';

vi.mock('../lib/toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

function at(url: string) {
  window.history.replaceState(null, '', url);
}
const search = () => Object.fromEntries(new URLSearchParams(window.location.search));

function withProviders(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>{children}</BrowserRouter>
    </QueryClientProvider>
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  at('/');
});

describe('SelectFilter', () => {
  const options = [
    { value: 'pending', label: 'Pending' },
    { value: 'delivered', label: 'Delivered' },
  ];
  const select = () => screen.getByRole('combobox', { name: 'Status' }) as HTMLSelectElement;

  it('shows the URL parameter, "all" when absent or not one of the options', () => {
    at('/orders?status=delivered');
    render(withProviders(<SelectFilter param="status" label="Status" allLabel="All" options={options} />));
    expect(select().value).toBe('delivered');
    cleanup();

    at('/orders?status=lost');
    render(withProviders(<SelectFilter param="status" label="Status" allLabel="All" options={options} />));
    expect(select().value).toBe('');
  });

  it('writes the choice into the URL, keeps the rest and starts again from the first page', () => {
    at('/orders?q=burek&page=4&sort=-total');
    render(withProviders(<SelectFilter param="status" label="Status" allLabel="All" options={options} />));

    fireEvent.change(select(), { target: { value: 'pending' } });
    expect(search()).toEqual({ q: 'burek', sort: '-total', status: 'pending' });
    expect(select().value).toBe('pending');

    fireEvent.change(select(), { target: { value: '' } });
    expect(search()).toEqual({ q: 'burek', sort: '-total' });
  });
});

describe('useRowDelete', () => {
  interface Setup {
    rows: number;
    page: number;
    /** What `onDeleted` answers: false when the row stays listed. */
    gone?: boolean;
  }

  function setup({ rows, page, gone = true }: Setup) {
    const mutate = vi.fn((_id: number, callbacks: { onSuccess: (result: string) => void }) =>
      callbacks.onSuccess('ok'),
    );
    const setParams = vi.fn();
    const onDeleted = vi.fn(() => gone);
    const params: ListParams = { page, per_page: 20, sort: 'name', q: '' };
    function Table() {
      const remove = useRowDelete<{ id: number }, string>({
        mutation: { mutate, isPending: false },
        title: 'Delete?',
        message: (row) => `Delete row ${row.id}?`,
        onDeleted,
        page: { rows, params, setParams },
      });
      return (
        <>
          <button type="button" onClick={() => remove.ask({ id: 7 })}>
            ask
          </button>
          {remove.dialog}
        </>
      );
    }
    render(withProviders(<Table />));
    fireEvent.click(screen.getByRole('button', { name: 'ask' }));
    expect(screen.getByRole('dialog')).toHaveProperty(
      'textContent',
      expect.stringContaining('Delete row 7?'),
    );
    fireEvent.click(screen.getByRole('button', { name: /delete/i }));
    return { mutate, setParams, onDeleted };
  }

  it('deletes the row asked about after the confirmation, then says so', () => {
    const { mutate, onDeleted, setParams } = setup({ rows: 5, page: 2 });
    expect(mutate).toHaveBeenCalledWith(7, expect.anything());
    expect(onDeleted).toHaveBeenCalledWith('ok');
    expect(setParams).not.toHaveBeenCalled();
  });

  it('goes back a page after the last row of a page after the first', () => {
    expect(setup({ rows: 1, page: 3 }).setParams).toHaveBeenCalledWith({ page: 2 });
  });

  it('stays on the first page, and stays when the row is still listed (deactivated instead)', () => {
    expect(setup({ rows: 1, page: 1 }).setParams).not.toHaveBeenCalled();
    cleanup();
    expect(setup({ rows: 1, page: 3, gone: false }).setParams).not.toHaveBeenCalled();
  });
});

describe('RestaurantPicker', () => {
  const restaurant = (id: number, name: string) => ({ id, name }) as Restaurant;
  const json = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

  /** The URL of what the typed client sent (a Request). */
  const urlOf = (input: RequestInfo | URL) =>
    new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
  /** The API: 150 restaurants; `?q=` filters them by name; `/restaurants/{id}` reads one. */
  function stubApi() {
    const all = Array.from({ length: 150 }, (_, i) => restaurant(i + 1, `Restoran ${i + 1}`));
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = urlOf(input);
      const one = url.pathname.match(/^\/api\/restaurants\/(\d+)$/);
      if (one) return json({ data: all[Number(one[1]) - 1] });
      const q = url.searchParams.get('q') ?? '';
      const found = all.filter((r) => r.name.includes(q));
      const perPage = Number(url.searchParams.get('per_page'));
      return json({
        data: found.slice(0, perPage),
        meta: { page: 1, per_page: perPage, total: found.length },
      });
    });
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  }
  const queries = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.map(([input]) => urlOf(input));

  it('shows the chosen restaurant by its id, though it is beyond the first page', async () => {
    const fetchMock = stubApi();
    render(withProviders(<RestaurantPicker label="Restaurant" value="142" onChange={() => undefined} />));
    const box = screen.getByRole('combobox', { name: 'Restaurant' }) as HTMLInputElement;
    await waitFor(() => expect(box.value).toBe('Restoran 142'));
    expect(queries(fetchMock).map((url) => url.pathname)).toEqual(['/api/restaurants/142']);
  });

  it('searches the API with what is typed and offers what it answers', async () => {
    const fetchMock = stubApi();
    const onChange = vi.fn();
    render(withProviders(<RestaurantPicker label="Restaurant" value="" onChange={onChange} />));
    const box = screen.getByRole('combobox', { name: 'Restaurant' });
    act(() => box.focus());
    fireEvent.change(box, { target: { value: 'Restoran 13' } });

    const option = await screen.findByRole('option', { name: 'Restoran 137' });
    const searched = queries(fetchMock).filter((url) => url.pathname === '/api/restaurants');
    expect(searched.at(-1)?.searchParams.get('q')).toBe('Restoran 13');
    fireEvent.click(option);
    expect(onChange).toHaveBeenCalledWith('137');
  });
});

describe('hiddenColumns', () => {
  const columns = [
    { field: 'number', width: 100 },
    { field: 'name', flex: 1, minWidth: 150 },
    { field: 'quantity', width: 90, priority: 3 as const },
    { field: 'driver', flex: 1, minWidth: 120, priority: 2 as const },
    { field: 'time', width: 130, priority: 2 as const },
    { field: 'actions', width: 110 },
  ];

  it('hides nothing where every column fits, nor before the box is measured', () => {
    expect(hiddenColumns(columns, 700)).toEqual({});
    expect(hiddenColumns(columns, 0)).toEqual({});
  });

  it('hides priority 3 first, then priority 2 from the right, only as far as needed', () => {
    expect(hiddenColumns(columns, 650)).toEqual({ quantity: false });
    expect(hiddenColumns(columns, 600)).toEqual({ quantity: false, time: false });
    expect(hiddenColumns(columns, 400)).toEqual({ quantity: false, time: false, driver: false });
  });

  it('never hides a column of priority 1 (the actions among them), however narrow', () => {
    expect(hiddenColumns(columns, 100)).toEqual({ quantity: false, time: false, driver: false });
  });
});
