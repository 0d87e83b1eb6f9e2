import type { BoardCounts, OrderListItem, OrderStatus } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import type { LiveEvent } from '../../../lib/event-stream';
import { countsCall, eventCalls } from './cues';

const order = (status: OrderStatus, driver: number | null = null) =>
  ({
    id: 1,
    status,
    restaurant: { id: 1, name: 'Željo' },
    driver: driver === null ? null : { id: driver, first_name: 'D', last_name: 'D' },
    status_changed_at: '2026-03-01T18:00:00.000Z',
  }) as OrderListItem;

const created: LiveEvent = {
  id: '1',
  type: 'order.created',
  restaurant_id: 1,
  data: { order_id: 1, status: 'created', order: order('created'), previous: null },
  at: '2026-03-01T18:00:00.000Z',
};
const updated = (
  from: OrderStatus,
  to: OrderStatus,
  driverBefore: number | null = null,
  driverAfter: number | null = driverBefore,
): LiveEvent => ({
  id: '2',
  type: 'order.updated',
  restaurant_id: 1,
  data: {
    order_id: 1,
    order: order(to, driverAfter),
    previous: { status: from, driver_id: driverBefore, status_changed_at: '2026-03-01T17:50:00.000Z' },
  },
  at: '2026-03-01T18:00:00.000Z',
});

describe('eventCalls: who an event calls to act', () => {
  it('calls the kitchen for a new order, and only for that', () => {
    expect(eventCalls('restaurant', created)).toBe(true);
    expect(eventCalls('restaurant', updated('preparing_order', 'ready_for_pickup'))).toBe(false);
    expect(eventCalls('restaurant', updated('in_delivery', 'no_answer', 4))).toBe(false);
  });

  it('does not call the dispatcher for a new order or one the restaurant accepts', () => {
    expect(eventCalls('dispatch', created)).toBe(false);
    expect(eventCalls('dispatch', updated('created', 'preparing_order'))).toBe(false);
    expect(eventCalls('dispatch', updated('preparing_order', 'ready_for_pickup', 4))).toBe(false);
  });

  it('calls the dispatcher when an order comes to need a driver, or nobody answers', () => {
    expect(eventCalls('dispatch', updated('preparing_order', 'ready_for_pickup'))).toBe(true);
    // A driver taken off an order that is ready.
    expect(eventCalls('dispatch', updated('ready_for_pickup', 'ready_for_pickup', 4, null))).toBe(true);
    expect(eventCalls('dispatch', updated('in_delivery', 'ready_for_pickup', 4, null))).toBe(true);
    expect(eventCalls('dispatch', updated('in_delivery', 'no_answer', 4))).toBe(true);
    // Still waiting, already known: no second call.
    expect(eventCalls('dispatch', updated('no_answer', 'no_answer', 4))).toBe(false);
  });

  it('calls nobody for a driver event or an event without the order', () => {
    const ping: LiveEvent = { ...created, type: 'driver.updated', data: { driver_id: 4 } };
    expect(eventCalls('dispatch', ping)).toBe(false);
    expect(eventCalls('restaurant', ping)).toBe(false);
    expect(eventCalls('dispatch', { ...created, type: 'order.updated', data: { order_id: 1 } })).toBe(false);
  });
});

const counts = (over: Partial<BoardCounts>): BoardCounts => ({
  all: 10,
  at_risk: 0,
  new: 2,
  preparing: 3,
  ready_no_driver: 5,
  awaiting_pickup: 0,
  in_delivery: 0,
  problems: 4,
  late: 4,
  late_preparation: 1,
  restaurant: null,
  ...over,
});

describe('countsCall: growing counts that call to act', () => {
  it('calls the kitchen for its own late preparation, not for dispatch’s late orders or drivers', () => {
    expect(countsCall('restaurant', counts({}), counts({ late_preparation: 2, late: 5 }))).toBe(true);
    expect(countsCall('restaurant', counts({}), counts({ late: 9, problems: 9 }))).toBe(false);
    expect(countsCall('restaurant', counts({}), counts({ ready_no_driver: 110 }))).toBe(false);
  });

  it('calls the dispatcher when the late count grows', () => {
    expect(countsCall('dispatch', counts({}), counts({ late: 5 }))).toBe(true);
    expect(countsCall('dispatch', counts({}), counts({ late: 3 }))).toBe(false);
    expect(countsCall('dispatch', counts({}), counts({ new: 20 }))).toBe(false);
  });

  it('stays quiet on the first counts of a visit or of a filter', () => {
    expect(countsCall('dispatch', undefined, counts({ late: 50 }))).toBe(false);
    expect(countsCall('restaurant', undefined, counts({ late_preparation: 50 }))).toBe(false);
  });
});
