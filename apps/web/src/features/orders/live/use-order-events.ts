import type {
  BoardCounts,
  DataResponse,
  Driver,
  ListResponse,
  OrderListItem,
  OrderListParams,
} from '@dostava/shared';
import { type Query, type QueryClient, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { driverQueryOptions } from '../../../api/drivers/drivers';
import { type Answer, isReadOf } from '../../../lib/api-client';
import {
  type DriverLiveEvent,
  eventStream,
  type LiveEvent,
  type OrderLiveEvent,
  type StreamState,
} from '../../../lib/event-stream';
import { type BoardCountsParams, orderQueryOptions } from '../api/orders';
import { applyToCounts, applyToList, isLaneList, type OrderChange, orderChangeOf } from './board-cache';
import { type ReadScheduler, readSchedulerOf } from './read-scheduler';

/**
 * How often an open board reads its lanes and counts again while the stream is up: lateness grows with
 * the clock alone, and a page that lost rows is filled from the server. With the reads the events
 * ask for, a handful of requests a minute, whatever the order rate (decision 0008).
 */
export const RECONCILE_MS = 30_000;

/** The query of a read by its key `[method, path, { params: { query } }]`. */
const queryOf = <Q>(key: QueryKey) => (key[2] as { params?: { query?: Q } } | undefined)?.params?.query;

/** The board's lane counts: `GET /api/orders/lanes`. */
const isCountsKey = (key: QueryKey) => isReadOf(key, '/api/orders/lanes');
/** The order lists (the board's lanes among them) and the lane counts: what order events move. */
const isListKey = (key: QueryKey) => isReadOf(key, '/api/orders') || isCountsKey(key);
const lists = { predicate: (query: Query) => isListKey(query.queryKey) };

/** Whether a cached query takes order events in place (a board lane or its counts). */
function takesEvents(key: QueryKey): boolean {
  if (isCountsKey(key)) return !queryOf<BoardCountsParams>(key)?.q?.trim();
  const params = queryOf<OrderListParams>(key);
  return isReadOf(key, '/api/orders') && !!params && typeof params === 'object' && isLaneList(params);
}

/** The reads of drivers whose state an event changed: their lists and their records. */
const driverReads = {
  predicate: ({ queryKey }: Query) =>
    isReadOf(queryKey, '/api/drivers') || isReadOf(queryKey, '/api/drivers/{id}'),
};

/** Every read of orders (what a resync reads again). */
const orderReads = {
  predicate: ({ queryKey: [method, path] }: Query) =>
    method === 'get' &&
    typeof path === 'string' &&
    (path === '/api/orders' || path.startsWith('/api/orders/')),
};

/**
 * Keeps the cached order screens in step with the events. An order event that carries the order (this
 * API's do) is applied where it is on screen: the board's lanes take, move or drop the row and their
 * counts move, with no request. What it cannot be applied to (searches, the orders list with its dates
 * and sorts, that order's details), and a lane or count whose read was in flight when it came (the
 * answer may predate it), is read again through the one `ReadScheduler`: coalesced, never while in
 * flight, backing off when answers are slow. Kept per query client and applied once per event, however
 * many screens listen.
 */
export class Refresher {
  private readonly applied = new Set<string>();
  private readonly reads: ReadScheduler;

  constructor(private readonly queryClient: QueryClient) {
    this.reads = readSchedulerOf(queryClient);
  }

  /** An order event: applied to the cached board lanes and counts, the rest read again. */
  order(event: OrderLiveEvent, now = Date.now()) {
    if (this.applied.has(event.id)) return;
    this.applied.add(event.id);
    if (this.applied.size > 500) this.applied.delete(this.applied.values().next().value as string);
    const change = orderChangeOf(event.data);
    const orderId = event.data.order_id;
    if (!change) this.reads.stale(lists);
    else if (change.previous === null && event.type === 'order.updated') {
      // Dispatch's own news from an older server (an offer made or ended, a problem written) says the
      // order, not what it was: the row is replaced where it is shown, at once, and the lanes and counts
      // are asked again.
      this.replace(change.order);
      this.reads.stale(lists);
    } else {
      this.apply(change, now);
      this.reads.stale({
        predicate: (query) =>
          isListKey(query.queryKey) &&
          // A lane or count in flight may answer with what was before this event.
          (!takesEvents(query.queryKey) || query.state.fetchStatus !== 'idle'),
      });
    }
    if (orderId) this.reads.stale({ queryKey: orderQueryOptions(orderId).queryKey, exact: true });
  }

  /** The order's row replaced in every cached list that shows it, nothing moved or counted. */
  private replace(order: OrderListItem) {
    for (const query of this.queryClient.getQueryCache().findAll(lists)) {
      const data = query.state.data as ListResponse<OrderListItem> | undefined;
      if (isCountsKey(query.queryKey) || !data || !Array.isArray(data.data)) continue;
      if (!data.data.some((row) => row.id === order.id)) continue;
      this.queryClient.setQueryData(
        query.queryKey,
        { ...data, data: data.data.map((row) => (row.id === order.id ? order : row)) },
        { updatedAt: query.state.dataUpdatedAt },
      );
    }
  }

  driverStates() {
    this.reads.stale(driverReads);
  }

  /**
   * The board's lists and counts, read again (the periodic reconciliation): what the events cannot
   * say, an order turning late with the clock, the rows that fill a page that lost some.
   */
  reconcile() {
    this.reads.stale(lists);
  }

  /** Missed events (a reconnect, a resync): everything of orders and drivers is read again. */
  everything() {
    this.reads.stale(orderReads);
    this.reads.stale(driverReads);
  }

  private apply(change: OrderChange, now: number) {
    for (const query of this.queryClient.getQueryCache().findAll(lists)) {
      const key = query.queryKey;
      const data = query.state.data;
      if (!takesEvents(key) || !data) continue;
      const params = queryOf<OrderListParams>(key);
      const next = isCountsKey(key)
        ? countsAfter(data as DataResponse<BoardCounts>, queryOf<BoardCountsParams>(key) ?? {}, change, now)
        : params && applyToList(data as ListResponse<OrderListItem>, params, change, now);
      if (next && next !== data)
        this.queryClient.setQueryData(key, next, { updatedAt: query.state.dataUpdatedAt });
    }
  }
}

/** The counts' answer after a change (the wire's `{ data }`), or undefined to refetch them. */
function countsAfter(
  answer: DataResponse<BoardCounts>,
  filters: BoardCountsParams,
  change: OrderChange,
  now: number,
): DataResponse<BoardCounts> | undefined {
  const counts = applyToCounts(answer.data, filters, change, now);
  return counts && (counts === answer.data ? answer : { ...answer, data: counts });
}

const refreshers = new WeakMap<QueryClient, Refresher>();
export const refresherOf = (queryClient: QueryClient) => {
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
function moveDriver(queryClient: QueryClient, event: DriverLiveEvent) {
  if (!('location' in event.data)) return;
  const { driver_id: id, location, last_location_at } = event.data;
  const move = (driver: Driver): Driver =>
    driver.id === id
      ? { ...driver, location, last_location_at: last_location_at ?? driver.last_location_at }
      : driver;
  queryClient.setQueriesData<ListResponse<Driver>>(
    { predicate: ({ queryKey }) => isReadOf(queryKey, '/api/drivers') },
    (list) => (list ? { ...list, data: list.data.map(move) } : list),
  );
  queryClient.setQueryData(
    driverQueryOptions(id).queryKey,
    (answer: Answer<'get', '/api/drivers/{id}'> | undefined) =>
      answer ? { ...answer, data: move(answer.data) } : answer,
  );
}

/**
 * Keeps the order screens live: an order event moves the board's rows and counts in the cache and
 * refreshes the other order lists and that order's details; a driver's change of state refreshes the
 * drivers; a location ping only moves the driver in the cached lists; a reconnect or resync refetches
 * everything. Bursts are coalesced, so a screen fetches once per change. `onEvent` hears each event
 * too. Returns the stream's status.
 */
export function useOrderEvents(onEvent?: (event: LiveEvent) => void): StreamState {
  const queryClient = useQueryClient();
  // Before the screen's queries first read, so the scheduler sees their reads begin.
  readSchedulerOf(queryClient);
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
      if (event.type === 'order.created' || event.type === 'order.updated') refresher.order(event);
      else if (event.type === 'driver.updated') {
        if ('location' in event.data) moveDriver(queryClient, event);
        else refresher.driverStates();
      }
      handler.current?.(event);
    });
  }, [queryClient]);

  return useSyncExternalStore(eventStream.subscribeState, eventStream.getState);
}

/**
 * While the stream is live, asks for the order lists and counts on screen again every `everyMs`,
 * through the read scheduler (never while a read of them is in flight). Not TanStack's
 * `refetchInterval`: its timer starts over at every change of the query's data, and the events change
 * it in place every few seconds, so it would never fire on a busy evening.
 */
export function useReconciliation(enabled: boolean, everyMs = RECONCILE_MS) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const timer = setInterval(() => refresherOf(queryClient).reconcile(), everyMs);
    return () => clearInterval(timer);
  }, [queryClient, enabled, everyMs]);
}
