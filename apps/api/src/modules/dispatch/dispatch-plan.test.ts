import type { TravelModel } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import {
  type CarriedOrder,
  evaluate,
  MAX_DRIVER_WAIT_MINUTES,
  type PlanDriver,
  type PlanOptions,
  type PlanOrder,
  type PlanSettings,
  planRound,
} from './dispatch-plan.js';

/**
 * The pure planner on a flat plane: places are {lat: x, lng: y} in km, and every driver rides 1 km a
 * minute with no detour and no hand-over, so the figures below can be checked by hand.
 */
const MINUTE = 60_000;
const NOW = Date.UTC(2026, 10, 20, 18, 0);
const at = (minutes: number) => NOW + minutes * MINUTE;
const p = (x: number, y = 0) => ({ lat: x, lng: y });
const flat = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot(a.lat - b.lat, a.lng - b.lng);
const OPTIONS: PlanOptions = { now: NOW, fresh_minutes: 5, km: flat };
const TRAVEL: TravelModel = { speed_kmh: 60, detour_factor: 1, handover_minutes: 0 };
const BATCHING: PlanSettings = { batching: true, batch_pickup_km: 0.5, batch_dropoff_km: 2 };

const order = (id: number, over: Partial<PlanOrder> = {}): PlanOrder => ({
  id,
  order_number: `O${id}`,
  restaurant: p(0),
  dropoff: p(0, 2),
  food_ready_at: NOW,
  promised_at: at(60),
  excluded: new Set(),
  ...over,
});
const driver = (id: number, x: number, over: Partial<PlanDriver> = {}): PlanDriver => ({
  id,
  at: p(x),
  location_at: NOW,
  travel: TRAVEL,
  carrying: [],
  ...over,
});
const carried = (id: number, over: Partial<CarriedOrder> = {}): CarriedOrder => ({
  id,
  order_number: `C${id}`,
  restaurant: p(0),
  dropoff: p(3),
  picked_up: false,
  food_ready_at: NOW,
  promised_at: at(60),
  ...over,
});
const pairs = (plan: ReturnType<typeof planRound>) =>
  Object.fromEntries(plan.assignments.map((a) => [a.order_id, a.driver_id]));

describe('planRound: all waiting orders solved together', () => {
  it('beats greedy nearest-first on two orders and two drivers', () => {
    // Order 1's restaurant at x=0, order 2's at x=10; driver 1 at x=1, driver 2 at x=-2.
    const orders = [order(1, { restaurant: p(0) }), order(2, { restaurant: p(10), dropoff: p(10, 2) })];
    const drivers = [driver(1, 1), driver(2, -2)];
    // Greedy, order 1 first, takes its nearest driver (1 km instead of 2) and leaves order 2 with 12 km…
    const forFirst = drivers.map((d) => evaluate(orders[0] as PlanOrder, d, BATCHING, OPTIONS));
    expect(forFirst[0]?.cost).toBeLessThan(forFirst[1]?.cost ?? Number.NEGATIVE_INFINITY);
    // …while together 2 + 9 km beat 1 + 12 km.
    expect(pairs(planRound(orders, drivers, BATCHING, OPTIONS))).toEqual({ 1: 2, 2: 1 });
  });

  it('never chooses a driver who declined the order or let its offer expire', () => {
    const o = order(1, { excluded: new Set([1]) });
    const drivers = [driver(1, 0.5), driver(2, 4)];
    expect(evaluate(o, drivers[0] as PlanDriver, BATCHING, OPTIONS)).toBeNull();
    expect(pairs(planRound([o], drivers, BATCHING, OPTIONS))).toEqual({ 1: 2 });
  });

  it('never chooses a driver whose location is stale', () => {
    const stale = driver(1, 0.5, { location_at: at(-6) });
    const drivers = [stale, driver(2, 4)];
    expect(evaluate(order(1), stale, BATCHING, OPTIONS)).toBeNull();
    expect(pairs(planRound([order(1)], drivers, BATCHING, OPTIONS))).toEqual({ 1: 2 });
  });

  it(`does not send a driver to wait more than ${MAX_DRIVER_WAIT_MINUTES} minutes for the food`, () => {
    const d = driver(1, 1); // one minute away
    const late = order(1, { food_ready_at: at(MAX_DRIVER_WAIT_MINUTES + 3) }); // would wait 12
    expect(evaluate(late, d, BATCHING, OPTIONS)).toBeNull();
    const plan = planRound([late], [d], BATCHING, OPTIONS);
    expect(plan.assignments).toEqual([]);
    expect(plan.problems.size).toBe(0);
    // Nine minutes of wait is within the limit.
    const soon = order(2, { food_ready_at: at(MAX_DRIVER_WAIT_MINUTES) });
    expect(evaluate(soon, d, BATCHING, OPTIONS)?.reasons.arrival_at).toBe(new Date(at(1)).toISOString());
    expect(pairs(planRound([soon], [d], BATCHING, OPTIONS))).toEqual({ 2: 1 });
  });

  it('holds an order for a near driver instead of sending a far one early', () => {
    // Food in 15 minutes: the driver 1 km away would wait 14 (not yet), the one 8 km away 7 (now).
    const o = order(1, { food_ready_at: at(15) });
    const near = driver(1, 1);
    const far = driver(2, 8);
    expect(evaluate(o, far, BATCHING, OPTIONS)).not.toBeNull();
    const plan = planRound([o], [near, far], BATCHING, OPTIONS);
    expect(plan.assignments).toEqual([]);
    expect(plan.problems.size).toBe(0);
    // Four minutes later the near driver is due and gets it.
    expect(pairs(planRound([o], [near, far], BATCHING, { ...OPTIONS, now: at(4) }))).toEqual({ 1: 1 });
  });
});

describe('planRound: batching a second order', () => {
  // Driver 1 stands at the restaurant (x=0) with order C1 for x=3; driver 2 is free 3 km away.
  const carrying = (first: CarriedOrder = carried(1)) => driver(1, 0, { carrying: [first] });
  const free = driver(2, -3);

  it('gives a same-restaurant order with a near drop-off to the driver carrying one', () => {
    const o = order(5, { dropoff: p(3.5) });
    const plan = planRound([o], [carrying(), free], BATCHING, OPTIONS);
    expect(pairs(plan)).toEqual({ 5: 1 });
    expect(plan.assignments[0]?.reasons).toMatchObject({ state: 'carrying', load: 1, batched_with: 'C1' });
  });

  it('refuses a batch that would make the carried order late', () => {
    // The new order (2.5 km away, promised in 5 minutes) must go first to stay inside its promise; C1
    // (3 km away, promised in 4 minutes) would then arrive after 4.3 minutes instead of 3: late. The
    // free driver takes it.
    const first = carried(1, { promised_at: at(4) });
    const o = order(5, { dropoff: p(2, 1.5), promised_at: at(5) });
    expect(evaluate(o, carrying(first), BATCHING, OPTIONS)).toBeNull();
    // With the carried order's promise loose, the same batch fits.
    expect(evaluate(o, carrying(carried(1, { promised_at: at(30) })), BATCHING, OPTIONS)).not.toBeNull();
    expect(pairs(planRound([o], [carrying(first), free], BATCHING, OPTIONS))).toEqual({ 5: 2 });
  });

  it('refuses every batch when batching is off', () => {
    const off = { ...BATCHING, batching: false };
    const o = order(5, { dropoff: p(3.5) });
    expect(evaluate(o, carrying(), off, OPTIONS)).toBeNull();
    expect(pairs(planRound([o], [carrying(), free], off, OPTIONS))).toEqual({ 5: 2 });
  });
});

describe('planRound: problems and scarcity', () => {
  it('names why no driver fits', () => {
    const problem = (drivers: PlanDriver[], o = order(1)) =>
      planRound([o], drivers, BATCHING, OPTIONS).problems.get(1);
    expect(problem([])).toBe('no_driver_on_shift');
    expect(problem([driver(1, 1, { location_at: at(-30) }), driver(2, 2, { at: null })])).toBe(
      'no_fresh_location',
    );
    expect(problem([driver(1, 1), driver(2, 2)], order(1, { excluded: new Set([1, 2]) }))).toBe(
      'all_declined',
    );
    // Both carry an order whose drop-off is far from this one's: no batch fits.
    const busy = (id: number) => driver(id, 0, { carrying: [carried(id, { dropoff: p(-5) })] });
    expect(problem([busy(1), busy(2)])).toBe('all_busy');
    // Not needed soon (food in an hour): it only waits.
    expect(problem([busy(1), busy(2)], order(1, { food_ready_at: at(60) }))).toBeUndefined();
  });

  it('gives no problem to an order that only lost to a more urgent one', () => {
    const urgent = order(1, { promised_at: at(5) });
    const plan = planRound([urgent, order(2)], [driver(1, 1)], BATCHING, OPTIONS);
    expect(pairs(plan)).toEqual({ 1: 1 });
    expect(plan.problems.size).toBe(0);
    // The only driver carries one order and either new one fits as a second: the loser is not "all busy".
    const both = [order(3, { dropoff: p(3.5), promised_at: at(9) }), order(4, { dropoff: p(3.5) })];
    const busy = driver(1, 0, { carrying: [carried(1)] });
    const batch = planRound(both, [busy], BATCHING, OPTIONS);
    expect(pairs(batch)).toEqual({ 3: 1 });
    expect(batch.problems.size).toBe(0);
  });

  it('keeps no driver for an order whose food is far off', () => {
    // Order 1 is near the only driver but its food is an hour away; order 2 is far but ready now.
    const later = order(1, {
      restaurant: p(1),
      dropoff: p(1, 2),
      food_ready_at: at(60),
      promised_at: at(90),
    });
    const now = order(2, { restaurant: p(6), dropoff: p(6, 2) });
    expect(pairs(planRound([later, now], [driver(1, 0)], BATCHING, OPTIONS))).toEqual({ 2: 1 });
  });

  it('gives the only driver to the order that would be late, not to the nearer one', () => {
    // Order 1 is nearer the driver (1 km against 2) but has half an hour to spare; order 2 is due now.
    const relaxed = order(1, { restaurant: p(1), dropoff: p(1, 2), promised_at: at(40) });
    const tight = order(2, { restaurant: p(-2), dropoff: p(-2, 2), promised_at: at(5) });
    const d = driver(1, 0);
    const costs = [relaxed, tight].map((o) => evaluate(o, d, BATCHING, OPTIONS)?.reasons.distance_km);
    expect(costs).toEqual([1, 2]);
    expect(pairs(planRound([relaxed, tight], [d], BATCHING, OPTIONS))).toEqual({ 2: 1 });
  });
});
