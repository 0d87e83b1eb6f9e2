import type {
  BoardCounts,
  DataResponse,
  ListResponse,
  OrderListItem,
  OrderListParams,
  OrderStatus,
} from '@dostava/shared';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boardCountsQueryOptions, orderQueryOptions, ordersQueryOptions } from '../api/orders';
import { applyToCounts, applyToList, countersOf, type OrderChange } from './board-cache';
import { COALESCE_MS, readSchedulerOf } from './read-scheduler';
import { onScreen, slowApi } from './slow-api.test-kit';
import { Refresher } from './use-order-events';

const NOW = Date.parse('2026-03-01T18:00:00.000Z');
const minutesAgo = (m: number) => new Date(NOW - m * 60_000).toISOString();

function row(id: number, status: OrderStatus, changedMinutesAgo: number, extra: Partial<OrderListItem> = {}) {
  return {
    id,
    order_number: `D${100000 + id}`,
    status,
    restaurant: { id: 1, name: 'Željo' },
    buyer: { id: 9, first_name: 'Ana', last_name: 'Anić' },
    driver: null,
    quantity: 1,
    payment_method: 'card',
    restaurant_amount: 1000,
    delivery_costs: 300,
    restaurant_total_amount: 1000,
    total: 1300,
    address: 'Titova 1',
    created_at: minutesAgo(changedMinutesAgo),
    status_changed_at: minutesAgo(changedMinutesAgo),
    driver_request_time: null,
    delivered_at: null,
    delivered_time: null,
    estimated_delivery_minutes: null,
    version: 1,
    zone_id: 3,
    ...extra,
  } as OrderListItem;
}

const counts = (over: Partial<BoardCounts> = {}): BoardCounts => ({
  all: 10,
  at_risk: 0,
  new: 2,
  preparing: 3,
  ready_no_driver: 1,
  awaiting_pickup: 1,
  in_delivery: 3,
  problems: 1,
  late: 1,
  late_preparation: 0,
  restaurant: null,
  ...over,
});

const lane = (laneName: OrderListParams['lane'], over: Partial<OrderListParams> = {}): OrderListParams =>
  ({ page: 1, per_page: 3, sort: 'urgency', lane: laneName, ...over }) as OrderListParams;
const page = (rows: OrderListItem[], total = rows.length, pageNumber = 1): ListResponse<OrderListItem> => ({
  data: rows,
  meta: { page: pageNumber, per_page: 3, total },
});

describe('countersOf', () => {
  it('puts an order in its lane, late ones in problems, and the kitchen’s late apart', () => {
    expect([
      ...countersOf({ status: 'created', driver_id: null, status_changed_at: minutesAgo(1) }, NOW),
    ]).toEqual(['all', 'new']);
    expect(
      countersOf({ status: 'preparing_order', driver_id: null, status_changed_at: minutesAgo(40) }, NOW),
    ).toEqual(new Set(['all', 'preparing', 'problems', 'late', 'late_preparation']));
    expect(
      countersOf({ status: 'ready_for_pickup', driver_id: 4, status_changed_at: minutesAgo(1) }, NOW),
    ).toEqual(new Set(['all', 'awaiting_pickup']));
    expect(countersOf({ status: 'no_answer', driver_id: 4, status_changed_at: minutesAgo(1) }, NOW)).toEqual(
      new Set(['all', 'problems']),
    );
    expect(
      countersOf({ status: 'delivered', driver_id: 4, status_changed_at: minutesAgo(1) }, NOW).size,
    ).toBe(0);
  });
});

describe('applyToCounts', () => {
  it('counts a new order in', () => {
    const change: OrderChange = { order: row(1, 'created', 0), previous: null };
    expect(applyToCounts(counts(), {}, change, NOW)).toMatchObject({ all: 11, new: 3, problems: 1 });
  });

  it('moves an order from lane to lane, and out when delivered', () => {
    const accepted: OrderChange = {
      order: row(1, 'preparing_order', 0),
      previous: { status: 'created', driver_id: null, status_changed_at: minutesAgo(2) },
    };
    expect(applyToCounts(counts(), {}, accepted, NOW)).toMatchObject({ all: 10, new: 1, preparing: 4 });
    const delivered: OrderChange = {
      order: row(1, 'delivered', 0, { driver: { id: 4, first_name: 'D', last_name: 'D' } }),
      previous: { status: 'in_delivery', driver_id: 4, status_changed_at: minutesAgo(45) },
    };
    // Delivered late: out of in delivery, problems and late.
    expect(applyToCounts(counts(), {}, delivered, NOW)).toMatchObject({
      all: 9,
      in_delivery: 2,
      problems: 0,
      late: 0,
    });
  });

  it('follows the filters: another restaurant’s order or another driver leaves the counts alone', () => {
    const change: OrderChange = { order: row(1, 'created', 0), previous: null };
    expect(applyToCounts(counts(), { restaurant_id: 2 }, change, NOW)).toEqual(counts());
    // Another delivery zone's order (issue 37) leaves a zone's counts alone; its own zone's counts it.
    expect(applyToCounts(counts(), { zone_id: 4 }, change, NOW)).toEqual(counts());
    expect(applyToCounts(counts(), { zone_id: 3 }, change, NOW)?.all).toBe(11);
    const assigned: OrderChange = {
      order: row(1, 'ready_for_pickup', 3, { driver: { id: 7, first_name: 'D', last_name: 'D' } }),
      previous: { status: 'ready_for_pickup', driver_id: null, status_changed_at: minutesAgo(3) },
    };
    // Filtered by driver 7: the order comes into these counts (it was not theirs before).
    expect(
      applyToCounts(counts({ all: 0, awaiting_pickup: 0 }), { driver_id: 7 }, assigned, NOW),
    ).toMatchObject({ all: 1, awaiting_pickup: 1 });
    expect(applyToCounts(counts(), {}, assigned, NOW)).toMatchObject({
      ready_no_driver: 0,
      awaiting_pickup: 2,
    });
  });

  it('never counts below zero, and leaves a search to a refetch', () => {
    const change: OrderChange = {
      order: row(1, 'cancelled', 0),
      previous: { status: 'created', driver_id: null, status_changed_at: minutesAgo(1) },
    };
    expect(applyToCounts(counts({ new: 0 }), {}, change, NOW)?.new).toBe(0);
    expect(applyToCounts(counts(), { q: '123' }, change, NOW)).toBeUndefined();
  });
});

describe('applyToList', () => {
  // Urgency: due = status start + target (created 5 min, preparing 25 min).
  const a = row(1, 'created', 10); // due 5 min ago
  const b = row(2, 'created', 4); // due in 1 min
  const c = row(3, 'created', 1); // due in 4 min

  it('inserts a new order where the urgency sort puts it, and moves the total', () => {
    const list = page([a, c], 2);
    const placed = applyToList(list, lane('new'), { order: b, previous: null }, NOW);
    expect(placed?.data.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(placed?.meta.total).toBe(3);
  });

  it('replaces a row in place and drops one that left the lane', () => {
    const list = page([a, b, c], 3);
    const renamed = { ...b, version: 2, total: 9999 };
    const replaced = applyToList(
      list,
      lane('new'),
      {
        order: renamed,
        previous: { status: 'created', driver_id: null, status_changed_at: b.status_changed_at },
      },
      NOW,
    );
    expect(replaced?.data[1]).toEqual(renamed);
    expect(replaced?.meta.total).toBe(3);
    const accepted = applyToList(
      list,
      lane('new'),
      {
        order: row(2, 'preparing_order', 0),
        previous: { status: 'created', driver_id: null, status_changed_at: b.status_changed_at },
      },
      NOW,
    );
    expect(accepted?.data.map((r) => r.id)).toEqual([1, 3]);
    expect(accepted?.meta.total).toBe(2);
    // The same change on the preparing lane brings the row in.
    const preparing = applyToList(
      page([], 0),
      lane('preparing'),
      {
        order: row(2, 'preparing_order', 0),
        previous: { status: 'created', driver_id: null, status_changed_at: b.status_changed_at },
      },
      NOW,
    );
    expect(preparing?.data.map((r) => r.id)).toEqual([2]);
  });

  it('keeps a full page full: a row sorting after its last one only moves the total', () => {
    const list = page([a, b, c], 7);
    const later = row(4, 'created', 0);
    const after = applyToList(list, lane('new'), { order: later, previous: null }, NOW);
    expect(after?.data.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(after?.meta.total).toBe(8);
    const sooner = row(5, 'created', 8);
    expect(
      applyToList(list, lane('new'), { order: sooner, previous: null }, NOW)?.data.map((r) => r.id),
    ).toEqual([1, 5, 2]);
  });

  it('follows the restaurant filter, and leaves lists it cannot sort (searches, other sorts) alone', () => {
    const list = page([a], 1);
    expect(applyToList(list, lane('new', { restaurant_id: 2 }), { order: b, previous: null }, NOW)).toBe(
      list,
    );
    expect(applyToList(list, lane('new', { q: '12' }), { order: b, previous: null }, NOW)).toBeUndefined();
    expect(
      applyToList(list, { ...lane('new'), sort: '-created_at' }, { order: b, previous: null }, NOW),
    ).toBeUndefined();
  });
});

describe('Refresher applies order events to the cached board', () => {
  let queryClient: QueryClient;
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW });
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 15_000 } } });
    readSchedulerOf(queryClient);
  });
  afterEach(() => {
    queryClient.clear();
    vi.useRealTimers();
  });

  it('moves the lane and its counts without a request, once per event, and reads a search again', async () => {
    const api = slowApi(50);
    const listKey = ordersQueryOptions(lane('new')).queryKey;
    const countsKey = boardCountsQueryOptions({}).queryKey;
    const search = { page: 1, per_page: 25, sort: '-created_at', q: '10' } as OrderListParams;
    onScreen(queryClient, [
      ordersQueryOptions(lane('new')),
      boardCountsQueryOptions({}),
      ordersQueryOptions(search),
    ]);
    await vi.advanceTimersByTimeAsync(100);
    queryClient.setQueryData(listKey, page([a(), c()], 2));
    queryClient.setQueryData(countsKey, { data: counts() });
    const before = api.seen.length;
    const refresher = new Refresher(queryClient);
    const created = {
      id: 'e1',
      type: 'order.created' as const,
      restaurant_id: 1,
      data: { order_id: 2, order: row(2, 'created', 4), previous: null },
      at: new Date(NOW).toISOString(),
    };
    refresher.order(created, NOW);
    refresher.order(created, NOW); // a second listener, or a replay: applied once
    expect(queryClient.getQueryData<ListResponse<OrderListItem>>(listKey)?.data.map((r) => r.id)).toEqual([
      1, 2, 3,
    ]);
    expect(queryClient.getQueryData<DataResponse<BoardCounts>>(countsKey)?.data).toMatchObject({
      all: 11,
      new: 3,
    });

    await vi.advanceTimersByTimeAsync(10 * COALESCE_MS);
    // Only the list that cannot take the event (the search) is read again; the order's details are not
    // on screen (they are read when shown).
    expect(api.seen.slice(before).map((r) => `${r.path}`)).toEqual(['/api/orders']);
    expect(api.seen.at(-1)?.sentAt).toBeGreaterThan(NOW);
    expect(queryClient.getQueryState(orderQueryOptions(2).queryKey)).toBeUndefined();
  });

  function a() {
    return row(1, 'created', 10);
  }
  function c() {
    return row(3, 'created', 1);
  }
});
