import type { DataResponse, Driver, ListResponse, OrderListItem } from '@dostava/shared';
import { matchQuery, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverQueryOptions, driversQueryOptions } from '../../../api/drivers/drivers';
import type { DriverLiveEvent, OrderLiveEvent, StreamMessage } from '../../../lib/event-stream';
import { boardCountsQueryOptions, orderQueryOptions, ordersQueryOptions } from '../api/orders';
import { COALESCE_MS, Refresher, useOrderEvents } from './use-order-events';

// The hook's stream is replaced by one the test speaks through (the stream itself: event-stream.test.ts).
const stream = vi.hoisted(() => {
  const listeners = new Set<(message: StreamMessage) => void>();
  const state = { status: 'connected' as const, lastEventAt: null };
  return {
    listeners,
    eventStream: {
      listen: (listener: (message: StreamMessage) => void) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      subscribeState: () => () => undefined,
      getState: () => state,
    },
  };
});
vi.mock('../../../lib/event-stream', () => ({ eventStream: stream.eventStream }));

const deliver = (message: StreamMessage) => {
  for (const listener of stream.listeners) listener(message);
};
let ids = 0;
const liveEvent = (type: OrderLiveEvent['type'], data: OrderLiveEvent['data']): OrderLiveEvent => ({
  id: String(++ids),
  type,
  restaurant_id: 1,
  data,
  at: '2026-01-01T10:00:00.000Z',
});
const event = (type: OrderLiveEvent['type'], data: OrderLiveEvent['data']): StreamMessage => ({
  kind: 'event',
  event: liveEvent(type, data),
});
const driverEvent = (data: DriverLiveEvent['data']): StreamMessage => ({
  kind: 'event',
  event: {
    id: String(++ids),
    type: 'driver.updated',
    restaurant_id: null,
    data,
    at: '2026-01-01T10:00:00.000Z',
  },
});
const orderIdOf = (event: { data: object }) => ('order_id' in event.data ? event.data.order_id : undefined);
const orderEvent = (orderId?: number) => liveEvent('order.updated', orderId ? { order_id: orderId } : {});

const key = (queryKey: readonly unknown[]) => JSON.stringify(queryKey);

/** A read of each kind, by name: an invalidation by a predicate is told by the ones it reaches. */
const probes = new QueryClient();
const reads = Object.entries({
  'order lists': ordersQueryOptions({ page: 1, per_page: 20, sort: '-created_at' }).queryKey,
  'lane counts': boardCountsQueryOptions({}).queryKey,
  'order 1': orderQueryOptions(1).queryKey,
  'driver lists': driversQueryOptions({ page: 1, per_page: 20, sort: 'last_name' }).queryKey,
  'driver 1': driverQueryOptions(1).queryKey,
} satisfies Record<string, QueryKey>).map(([name, queryKey]) => ({
  name,
  query: probes.getQueryCache().build(probes, { queryKey }),
}));

/** The invalidations so far, in order: each key as JSON, or the reads a predicate reaches. */
function invalidations(queryClient: QueryClient) {
  const spy = vi.spyOn(queryClient, 'invalidateQueries').mockResolvedValue();
  return () =>
    spy.mock.calls.map(([filters = {}]) =>
      filters.queryKey
        ? key(filters.queryKey)
        : reads
            .filter(({ query }) => matchQuery(filters, query))
            .map(({ name }) => name)
            .join(', '),
    );
}
/** What the board's lists and counts, every order's, and the drivers' refreshes reach. */
const LISTS = 'order lists, lane counts';
const ORDERS = 'order lists, lane counts, order 1';
const DRIVERS = 'driver lists, driver 1';
const detail = (id: number) => key(orderQueryOptions(id).queryKey);

let queryClient: QueryClient;

beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient();
});

afterEach(() => {
  vi.useRealTimers();
  stream.listeners.clear();
});

describe('Refresher', () => {
  it('takes dispatch’s news of an order (no previous state) in place, and asks the lanes and counts again', () => {
    const lane = { page: 1, per_page: 25, sort: 'urgency', lane: 'all' } as const;
    const row = { id: 7, order_number: 'D7', offer: null } as unknown as OrderListItem;
    queryClient.setQueryData(ordersQueryOptions(lane).queryKey, {
      data: [row],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    queryClient.setQueryData(boardCountsQueryOptions({}).queryKey, { data: { all: 1 } });
    const invalidated = invalidations(queryClient);
    const offered = {
      ...row,
      offer: { driver: { id: 3, name: 'Amir H.' }, expires_at: '2026-01-01T10:01:00Z' },
    };
    new Refresher(queryClient).order(
      liveEvent('order.updated', { order_id: 7, order: offered, previous: null }),
    );
    // The offer shows at once; nothing was counted twice.
    expect(queryClient.getQueryData<ListResponse<OrderListItem>>(ordersQueryOptions(lane).queryKey)).toEqual({
      data: [offered],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    expect(queryClient.getQueryData(boardCountsQueryOptions({}).queryKey)).toEqual({ data: { all: 1 } });
    vi.advanceTimersByTime(COALESCE_MS);
    expect(invalidated()).toEqual([LISTS, detail(7)]);
  });

  it('answers a burst of order events with one refetch of the lists and of each order named', () => {
    const invalidated = invalidations(queryClient);
    const refresher = new Refresher(queryClient);

    for (const id of [1, 2, 1, 3, 2, 1]) refresher.order(orderEvent(id));
    refresher.order(orderEvent()); // an event without an order id still refreshes the lists
    vi.advanceTimersByTime(COALESCE_MS - 1);
    expect(invalidated()).toEqual([]);

    vi.advanceTimersByTime(1);
    expect(invalidated()).toEqual([LISTS, detail(1), detail(2), detail(3)]);
  });

  it('opens a new window after a flush, with only what changed since', () => {
    const invalidated = invalidations(queryClient);
    const refresher = new Refresher(queryClient);

    refresher.order(orderEvent(1));
    vi.advanceTimersByTime(COALESCE_MS);
    refresher.driverStates();
    refresher.driverStates();
    vi.advanceTimersByTime(COALESCE_MS);

    expect(invalidated()).toEqual([LISTS, detail(1), DRIVERS]);
  });

  it('a window started by one kind of change takes the other kinds along', () => {
    const invalidated = invalidations(queryClient);
    const refresher = new Refresher(queryClient);

    refresher.driverStates();
    vi.advanceTimersByTime(COALESCE_MS / 2);
    refresher.order(orderEvent(5));
    vi.advanceTimersByTime(COALESCE_MS / 2);

    expect(invalidated()).toEqual([LISTS, detail(5), DRIVERS]);
    vi.advanceTimersByTime(10 * COALESCE_MS);
    expect(invalidated()).toHaveLength(3);
  });

  it('refetches everything at once on a resync', () => {
    const invalidated = invalidations(queryClient);
    new Refresher(queryClient).everything();
    expect(invalidated()).toEqual([ORDERS, DRIVERS]);
  });
});

describe('useOrderEvents', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  it('coalesces the events of every screen listening into one refetch, and lets each hear each event', () => {
    const invalidated = invalidations(queryClient);
    const heard: string[] = [];
    const { result } = renderHook(() => useOrderEvents((e) => heard.push(`a:${orderIdOf(e)}`)), {
      wrapper,
    });
    renderHook(() => useOrderEvents((e) => heard.push(`b:${orderIdOf(e)}`)), { wrapper });
    expect(result.current.status).toBe('connected');

    act(() => {
      deliver(event('order.created', { order_id: 1 }));
      deliver(event('order.updated', { order_id: 2 }));
    });
    expect(heard).toEqual(['a:1', 'b:1', 'a:2', 'b:2']);
    expect(invalidated()).toEqual([]);

    act(() => vi.advanceTimersByTime(COALESCE_MS));
    expect(invalidated()).toEqual([LISTS, detail(1), detail(2)]);
  });

  it('moves a driver in the cached lists on a location ping, without a refetch', () => {
    const invalidated = invalidations(queryClient);
    const driver = (id: number) =>
      ({ id, location: { lat: 43.85, lng: 18.41 }, last_location_at: 'earlier' }) as unknown as Driver;
    const listKey = driversQueryOptions({} as Parameters<typeof driversQueryOptions>[0]).queryKey;
    queryClient.setQueryData<ListResponse<Driver>>(listKey, {
      data: [driver(7), driver(8)],
      meta: { page: 1, per_page: 20, total: 2 },
    });
    queryClient.setQueryData<DataResponse<Driver>>(driverQueryOptions(7).queryKey, { data: driver(7) });
    renderHook(() => useOrderEvents(), { wrapper });

    act(() => {
      deliver(
        driverEvent({
          driver_id: 7,
          location: { lat: 44, lng: 18 },
          last_location_at: 'now',
          shift_state: 'available',
        }),
      );
      vi.advanceTimersByTime(COALESCE_MS);
    });

    const list = queryClient.getQueryData<ListResponse<Driver>>(listKey);
    expect(list?.data.map((d) => [d.id, d.location, d.last_location_at])).toEqual([
      [7, { lat: 44, lng: 18 }, 'now'],
      [8, { lat: 43.85, lng: 18.41 }, 'earlier'],
    ]);
    expect(
      queryClient.getQueryData<DataResponse<Driver>>(driverQueryOptions(7).queryKey)?.data.location,
    ).toEqual({ lat: 44, lng: 18 });
    expect(invalidated()).toEqual([]);

    // A change of the driver's state (no location) is refetched.
    act(() => {
      deliver(driverEvent({ driver_id: 7, shift_state: 'on_break' }));
      vi.advanceTimersByTime(COALESCE_MS);
    });
    expect(invalidated()).toEqual([DRIVERS]);
  });

  it('refetches everything on a resync and stops listening when unmounted', () => {
    const invalidated = invalidations(queryClient);
    const { unmount } = renderHook(() => useOrderEvents(), { wrapper });

    act(() => deliver({ kind: 'resync' }));
    expect(invalidated()).toEqual([ORDERS, DRIVERS]);

    unmount();
    expect(stream.listeners.size).toBe(0);
  });
});
