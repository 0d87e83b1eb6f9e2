import type { Driver, ListResponse } from '@dostava/shared';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { driverKeys } from '../../../api/drivers/keys';
import { eventStream, type LiveEvent, type StreamState } from '../../../lib/event-stream';
import { orderKeys } from '../api/keys';

/** Events arriving within this window are answered by one refetch (a busy evening sends bursts). */
export const COALESCE_MS = 400;

/**
 * Refetches what changed, at most once per window: every kind of refetch is queued and flushed together.
 * Kept per query client, so several screens listening at once still refetch once.
 */
export class Refresher {
  private lists = false;
  private drivers = false;
  private readonly details = new Set<number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly queryClient: QueryClient) {}

  orders(orderId?: number) {
    this.lists = true;
    if (orderId) this.details.add(orderId);
    this.schedule();
  }

  driverStates() {
    this.drivers = true;
    this.schedule();
  }

  everything() {
    void this.queryClient.invalidateQueries({ queryKey: orderKeys.all });
    void this.queryClient.invalidateQueries({ queryKey: driverKeys.all });
  }

  private schedule() {
    this.timer ??= setTimeout(() => this.flush(), COALESCE_MS);
  }

  private flush() {
    this.timer = undefined;
    const { queryClient } = this;
    if (this.lists) {
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      // Who may take an order changes with every assignment and delivery.
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'candidates'] });
    }
    for (const id of this.details) void queryClient.invalidateQueries({ queryKey: orderKeys.detail(id) });
    if (this.drivers) {
      void queryClient.invalidateQueries({ queryKey: driverKeys.all });
      void queryClient.invalidateQueries({ queryKey: [...orderKeys.all, 'candidates'] });
    }
    this.lists = false;
    this.drivers = false;
    this.details.clear();
  }
}
const refreshers = new WeakMap<QueryClient, Refresher>();
const refresherOf = (queryClient: QueryClient) => {
  let refresher = refreshers.get(queryClient);
  if (!refresher) {
    refresher = new Refresher(queryClient);
    refreshers.set(queryClient, refresher);
  }
  return refresher;
};

/**
 * A location ping moves a driver without changing their state: the cached drivers lists take the new
 * position in place instead of being fetched again (50 drivers ping every few seconds).
 */
function moveDriver(queryClient: QueryClient, event: LiveEvent) {
  const {
    driver_id: id,
    location,
    last_location_at,
  } = event.data as {
    driver_id?: number;
    location?: { lat: number; lng: number };
    last_location_at?: string;
  };
  if (!id || !location) return;
  const move = (driver: Driver): Driver =>
    driver.id === id
      ? { ...driver, location, last_location_at: last_location_at ?? driver.last_location_at }
      : driver;
  queryClient.setQueriesData<ListResponse<Driver>>({ queryKey: driverKeys.lists() }, (list) =>
    list ? { ...list, data: list.data.map(move) } : list,
  );
  queryClient.setQueryData<Driver>(driverKeys.detail(id), (driver) => (driver ? move(driver) : driver));
}

/**
 * Keeps the order screens live: order events refresh the order lists, the board's counts and that
 * order's details; a driver's change of state refreshes the drivers; a location ping only moves the
 * driver in the cached lists; a reconnect or resync refetches everything. Bursts are coalesced, so
 * a screen fetches once per change. `onEvent` hears each event too. Returns the stream's status.
 */
export function useOrderEvents(onEvent?: (event: LiveEvent) => void): StreamState {
  const queryClient = useQueryClient();
  const handler = useRef(onEvent);
  handler.current = onEvent;

  useEffect(() => {
    const refresher = refresherOf(queryClient);
    return eventStream.listen((message) => {
      if (message.kind === 'resync') {
        refresher.everything();
        return;
      }
      const { event } = message;
      if (event.type.startsWith('order.')) refresher.orders(event.data.order_id);
      else if (event.type === 'driver.updated') {
        if ('location' in event.data) moveDriver(queryClient, event);
        else refresher.driverStates();
      }
      handler.current?.(event);
    });
  }, [queryClient]);

  return useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
}
