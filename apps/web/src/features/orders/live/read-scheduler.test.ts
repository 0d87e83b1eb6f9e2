import type { OrderListParams } from '@dostava/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardCountsQueryOptions, orderQueryOptions, ordersQueryOptions } from '../api/orders';
import { LAG_MS, secondsBehind } from './lag';
import { COALESCE_MS, MAX_GAP_MS, readSchedulerOf } from './read-scheduler';
import { onScreen, slowApi, statusEvent } from './slow-api.test-kit';
import { RECONCILE_MS, Refresher } from './use-order-events';

const LANE = { page: 1, per_page: 25, sort: 'urgency', lane: 'all' } as OrderListParams;
const SEARCH = { page: 1, per_page: 25, sort: '-created_at', q: 'D10' } as OrderListParams;
const laneKey = ordersQueryOptions(LANE).queryKey;
const countsKey = boardCountsQueryOptions({}).queryKey;

let queryClient: QueryClient;
beforeEach(() => {
  vi.useFakeTimers();
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });
  // As `useOrderEvents` does before the screen's queries mount.
  readSchedulerOf(queryClient);
});
afterEach(() => {
  queryClient.clear();
  vi.useRealTimers();
});

/** The board as it is mounted: its lane and counts. */
const board = (extra: object[] = []) =>
  onScreen(queryClient, [ordersQueryOptions(LANE), boardCountsQueryOptions({}), ...extra]);

describe('ReadScheduler: the reads the events ask for', () => {
  it('answers a burst of 200 events during a read of a lane with one more read, after the answer lands', async () => {
    const api = slowApi(2_000);
    const [lane] = onScreen(queryClient, [ordersQueryOptions(LANE), boardCountsQueryOptions({})]);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.of().map((r) => r.ended)).toEqual(['answered', 'answered']);

    // A read of the lane begins (the reconciliation); 200 order events come while it is in flight.
    void lane?.refetch();
    await vi.advanceTimersByTimeAsync(100);
    const refresher = new Refresher(queryClient);
    for (let i = 0; i < 200; i++) refresher.order(statusEvent(1000 + i, 'created', 'preparing_order'));
    expect(readSchedulerOf(queryClient).behindSince([laneKey, countsKey])).not.toBeNull();
    await vi.advanceTimersByTimeAsync(MAX_GAP_MS);

    const reads = api.of('/api/orders');
    expect(reads).toHaveLength(3);
    const [, inFlight, followUp] = reads;
    // Nothing cancelled; the follow-up was sent only once the read in flight had answered.
    expect(api.of().every((r) => r.ended === 'answered')).toBe(true);
    expect(followUp?.sentAt).toBeGreaterThanOrEqual(inFlight?.endedAt ?? Number.POSITIVE_INFINITY);
    // The counts were idle: the events moved them in place, with no request.
    expect(api.of('/api/orders/lanes')).toHaveLength(1);
    // The follow-up read began after the events: the board is current again.
    expect(readSchedulerOf(queryClient).behindSince([laneKey, countsKey])).toBeNull();
  });

  it.each([
    ['slower than the events', 3_000],
    ['fast', 100],
  ])(
    'keeps the requests a minute bounded when the answers are %s (no storm)',
    async (_, delayMs) => {
      const api = slowApi(delayMs);
      board([ordersQueryOptions(SEARCH), orderQueryOptions(1)]);
      await vi.advanceTimersByTimeAsync(delayMs);
      const before = api.of().length;
      const refresher = new Refresher(queryClient);
      const minutes = 10;
      // Four reads on screen (a lane, its counts, a search, an order): a handful a minute each at most
      // (the lane's and the counts' reconciliation among them).
      const most = minutes * 4 * 4;
      // Four events a second, each moving an order on screen, for ten minutes (a storm ends it sooner).
      for (let i = 0; i < minutes * 240 && api.of().length - before <= most; i++) {
        // The board's reconciliation, as `useReconciliation` asks for it.
        if (i && (i * 250) % RECONCILE_MS === 0) refresher.reconcile();
        refresher.order(statusEvent(i % 2 ? 1 : 1000 + i, 'created', 'preparing_order'));
        await vi.advanceTimersByTimeAsync(250);
      }
      const requests = api.of().slice(before);
      expect(requests.length).toBeLessThanOrEqual(most);
      expect(requests.filter((r) => r.ended === 'cancelled')).toEqual([]);
    },
    60_000,
  );

  it('reads once more a lane that changed during a read the scheduler itself asked for', async () => {
    const api = slowApi(2_000);
    board();
    await vi.advanceTimersByTimeAsync(RECONCILE_MS);
    const refresher = new Refresher(queryClient);
    refresher.reconcile();
    await vi.advanceTimersByTimeAsync(COALESCE_MS + 500);
    expect(api.of('/api/orders').map((r) => r.ended)).toEqual(['answered', null]);
    refresher.order(statusEvent(1, 'created', 'preparing_order'));
    await vi.advanceTimersByTimeAsync(MAX_GAP_MS);
    const [, inFlight, followUp, ...more] = api.of('/api/orders');
    expect(followUp?.sentAt).toBeGreaterThanOrEqual(inFlight?.endedAt ?? Number.POSITIVE_INFINITY);
    expect(more).toEqual([]);
    expect(readSchedulerOf(queryClient).behindSince([laneKey, countsKey])).toBeNull();
  });

  it('shows the board behind while its reads do not land (a server that stopped answering)', async () => {
    slowApi(10 * 60_000);
    board();
    const refresher = new Refresher(queryClient);
    await vi.advanceTimersByTimeAsync(RECONCILE_MS);
    refresher.reconcile();
    await vi.advanceTimersByTimeAsync(LAG_MS);
    const behind = () =>
      secondsBehind(Date.now(), readSchedulerOf(queryClient).behindSince([laneKey, countsKey]));
    expect(behind()).toBe(null);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(behind()).toBe((LAG_MS + 5_000) / 1000);
  });

  it('reads a query again when it is shown, not while it is off screen', async () => {
    const api = slowApi(100);
    queryClient.setQueryData(orderQueryOptions(7).queryKey, { data: { id: 7 } });
    new Refresher(queryClient).order(statusEvent(7, 'created', 'preparing_order'));
    await vi.advanceTimersByTimeAsync(10 * COALESCE_MS);
    expect(api.of()).toEqual([]);
    expect(queryClient.getQueryState(orderQueryOptions(7).queryKey)?.isInvalidated).toBe(true);
  });

  it('backs off when the answers are slow: the next read waits twice as long as the last one took', async () => {
    const api = slowApi(5_000);
    const [search] = onScreen(queryClient, [ordersQueryOptions(SEARCH)]);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(search?.getCurrentResult().isSuccess).toBe(true);
    new Refresher(queryClient).order(statusEvent(1, 'created', 'preparing_order'));
    // The last read took 5 s: nothing for 10 s after it ended.
    await vi.advanceTimersByTimeAsync(10_000 - 1);
    expect(api.of()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(api.of()).toHaveLength(2);
  });
});

describe('secondsBehind: what the live mark says', () => {
  const now = Date.parse('2026-03-01T18:00:00Z');
  it('is current while every change has been read within LAG_MS', () => {
    expect(secondsBehind(now, null)).toBe(null);
    expect(secondsBehind(now, now - LAG_MS)).toBe(null);
  });

  it('says how far behind when a change has waited longer than LAG_MS for its read', () => {
    expect(secondsBehind(now, now - 42_000)).toBe(42);
  });
});
