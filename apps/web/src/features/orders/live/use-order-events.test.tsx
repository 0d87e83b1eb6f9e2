import type { DataResponse, Driver, ListResponse, OrderListItem, OrderListParams } from '@dostava/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { driverQueryOptions, driversQueryOptions } from '../../../api/drivers/drivers';
import type { DriverLiveEvent, OrderLiveEvent, StreamMessage } from '../../../lib/event-stream';
import { partial } from '../../../lib/partial.test-kit';
import { boardCountsQueryOptions, orderQueryOptions, ordersQueryOptions } from '../api/orders';
import { COALESCE_MS, readSchedulerOf } from './read-scheduler';
import { onScreen, slowApi, statusEvent } from './slow-api.test-kit';
import { Refresher, useOrderEvents } from './use-order-events';

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
const message = (event: OrderLiveEvent | DriverLiveEvent): StreamMessage => ({ kind: 'event', event });
let ids = 0;
const driverEvent = (data: DriverLiveEvent['data']): DriverLiveEvent => ({
  id: `d${++ids}`,
  type: 'driver.updated',
  restaurant_id: null,
  data,
  at: '2026-01-01T10:00:00.000Z',
});
const orderIdOf = (event: { data: object }) => ('order_id' in event.data ? event.data.order_id : undefined);

const LANE = { page: 1, per_page: 25, sort: 'urgency', lane: 'all' } as OrderListParams;
const SEARCH = { page: 1, per_page: 25, sort: '-created_at', q: 'D10' } as OrderListParams;
const DRIVERS = { page: 1, per_page: 20, sort: 'last_name' } as Parameters<typeof driversQueryOptions>[0];

let queryClient: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });
  readSchedulerOf(queryClient);
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
  stream.listeners.clear();
});

/** The paths read since the screen's first reads landed, sorted. */
async function readsAfter(api: ReturnType<typeof slowApi>, act: () => void, ms = 10 * COALESCE_MS) {
  await vi.advanceTimersByTimeAsync(100);
  const before = api.seen.length;
  act();
  await vi.advanceTimersByTimeAsync(ms);
  return api.seen
    .slice(before)
    .map((r) => r.path)
    .sort();
}

describe('Refresher', () => {
  it('takes dispatch’s news of an order (no previous state) in place, and reads the lanes and counts again', async () => {
    const api = slowApi(50);
    const row = partial<OrderListItem>({ id: 7, order_number: 'D7', offer: null });
    onScreen(queryClient, [ordersQueryOptions(LANE), boardCountsQueryOptions({})]);
    await vi.advanceTimersByTimeAsync(100);
    queryClient.setQueryData(ordersQueryOptions(LANE).queryKey, {
      data: [row],
      meta: { page: 1, per_page: 25, total: 1 },
    });
    const offered = {
      ...row,
      offer: { driver: { id: 3, name: 'Amir H.' }, expires_at: '2026-01-01T10:01:00Z' },
    };
    const reads = await readsAfter(api, () => {
      new Refresher(queryClient).order({
        id: 'n1',
        type: 'order.updated',
        restaurant_id: 1,
        data: { order_id: 7, order: offered, previous: null },
        at: '2026-01-01T10:00:00.000Z',
      });
      // The offer shows at once.
      expect(
        queryClient.getQueryData<ListResponse<OrderListItem>>(ordersQueryOptions(LANE).queryKey)?.data,
      ).toEqual([offered]);
    });
    expect(reads).toEqual(['/api/orders', '/api/orders/lanes']);
  });

  it('answers a burst of order events with one read of each list that cannot take them and of each order on screen', async () => {
    const api = slowApi(50);
    onScreen(queryClient, [
      ordersQueryOptions(LANE),
      boardCountsQueryOptions({}),
      ordersQueryOptions(SEARCH),
      orderQueryOptions(1),
      orderQueryOptions(2),
    ]);
    const reads = await readsAfter(api, () => {
      const refresher = new Refresher(queryClient);
      for (const id of [1, 2, 1, 3, 2, 1]) refresher.order(statusEvent(id, 'created', 'preparing_order'));
    });
    // The lane and its counts moved in place; order 3 is not on screen.
    expect(reads).toEqual(['/api/orders', '/api/orders/1', '/api/orders/2']);
  });

  it('reads everything of orders and drivers on screen again on a resync', async () => {
    const api = slowApi(50);
    onScreen(queryClient, [
      ordersQueryOptions(LANE),
      boardCountsQueryOptions({}),
      driversQueryOptions(DRIVERS),
    ]);
    const reads = await readsAfter(api, () => new Refresher(queryClient).everything());
    expect(reads).toEqual(['/api/drivers', '/api/orders', '/api/orders/lanes']);
  });
});

describe('useOrderEvents', () => {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );

  it('applies the events of every screen listening once, and lets each hear each event', async () => {
    const api = slowApi(50);
    const heard: string[] = [];
    const { result } = renderHook(() => useOrderEvents((e) => heard.push(`a:${orderIdOf(e)}`)), {
      wrapper,
    });
    renderHook(() => useOrderEvents((e) => heard.push(`b:${orderIdOf(e)}`)), { wrapper });
    expect(result.current.status).toBe('connected');
    onScreen(queryClient, [ordersQueryOptions(SEARCH), orderQueryOptions(1)]);

    const reads = await readsAfter(api, () =>
      act(() => {
        deliver(message(statusEvent(1, 'created', 'preparing_order')));
        deliver(message(statusEvent(2, 'created', 'preparing_order')));
      }),
    );
    expect(heard).toEqual(['a:1', 'b:1', 'a:2', 'b:2']);
    expect(reads).toEqual(['/api/orders', '/api/orders/1']);
  });

  it('moves a driver in the cached lists on a location ping, without a request', async () => {
    const api = slowApi(50);
    const driver = (id: number) =>
      partial<Driver>({ id, location: { lat: 43.85, lng: 18.41 }, last_location_at: 'earlier' });
    renderHook(() => useOrderEvents(), { wrapper });
    onScreen(queryClient, [driversQueryOptions(DRIVERS), driverQueryOptions(7)]);
    await vi.advanceTimersByTimeAsync(100);
    queryClient.setQueryData<ListResponse<Driver>>(driversQueryOptions(DRIVERS).queryKey, {
      data: [driver(7), driver(8)],
      meta: { page: 1, per_page: 20, total: 2 },
    });
    queryClient.setQueryData<DataResponse<Driver>>(driverQueryOptions(7).queryKey, { data: driver(7) });

    const pinged = await readsAfter(api, () =>
      act(() =>
        deliver(
          message(
            driverEvent({
              driver_id: 7,
              location: { lat: 44, lng: 18 },
              last_location_at: 'now',
              shift_state: 'available',
            }),
          ),
        ),
      ),
    );
    const list = queryClient.getQueryData<ListResponse<Driver>>(driversQueryOptions(DRIVERS).queryKey);
    expect(list?.data.map((d) => [d.id, d.location, d.last_location_at])).toEqual([
      [7, { lat: 44, lng: 18 }, 'now'],
      [8, { lat: 43.85, lng: 18.41 }, 'earlier'],
    ]);
    expect(
      queryClient.getQueryData<DataResponse<Driver>>(driverQueryOptions(7).queryKey)?.data.location,
    ).toEqual({ lat: 44, lng: 18 });
    expect(pinged).toEqual([]);

    // A change of the driver's state (no location) is read again.
    const changed = await readsAfter(api, () =>
      act(() => deliver(message(driverEvent({ driver_id: 7, shift_state: 'on_break' })))),
    );
    expect(changed).toEqual(['/api/drivers', '/api/drivers/7']);
  });

  it('reads everything again on a resync and stops listening when unmounted', async () => {
    const api = slowApi(50);
    const { unmount } = renderHook(() => useOrderEvents(), { wrapper });
    onScreen(queryClient, [ordersQueryOptions(LANE), driversQueryOptions(DRIVERS)]);
    const reads = await readsAfter(api, () => act(() => deliver({ kind: 'resync' })));
    expect(reads).toEqual(['/api/drivers', '/api/orders']);

    unmount();
    expect(stream.listeners.size).toBe(0);
  });
});
