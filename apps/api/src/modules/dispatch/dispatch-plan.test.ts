import { DISPATCH_DEFAULTS, type TravelModel } from '@dostava/shared';
import fc from 'fast-check';
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
// The operation's defaults, less what the planner does not read.
const { mode: _mode, driver_pool: _pool, offer_seconds: _offer, ...defaults } = DISPATCH_DEFAULTS;
const BATCHING: PlanSettings = defaults;

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

  it('keeps an order that lost the only driver to a more urgent one in the lane, as "all busy"', () => {
    // The lane moves by the orders that got a driver: it does not empty each time one driver comes free.
    const urgent = order(1, { promised_at: at(5) });
    const plan = planRound([urgent, order(2)], [driver(1, 1)], BATCHING, OPTIONS);
    expect(pairs(plan)).toEqual({ 1: 1 });
    expect([...plan.problems]).toEqual([[2, 'all_busy']]);
    // The next round, that driver carries the offer and none fits: still "all busy", no flap.
    const busy = driver(1, 1, { carrying: [carried(1, { dropoff: p(-5) })] });
    expect([...planRound([order(2)], [busy], BATCHING, OPTIONS).problems]).toEqual([[2, 'all_busy']]);
    // An order whose food is far off only waits.
    const later = order(3, { food_ready_at: at(40), promised_at: at(80) });
    expect(planRound([urgent, later], [driver(1, 1)], BATCHING, OPTIONS).problems.size).toBe(0);
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

describe('planRound: no order is stranded (fallback)', () => {
  // 30 km away at 60 km/h: too far for the costs alone, which leave the order while it is fresh.
  const far = driver(1, 30);

  it('gives the nearest driver, however far, to an order whose food waited the fallback minutes, before a cheaper one', () => {
    const near = order(1, { restaurant: p(1), dropoff: p(1, 2), food_ready_at: at(-1), promised_at: at(60) });
    const waited = order(2, {
      restaurant: p(31),
      dropoff: p(31, 2),
      food_ready_at: at(-4),
      promised_at: at(60),
    });
    // Four minutes on the pass: the near order is cheaper and wins.
    expect(pairs(planRound([near, waited], [driver(1, 0)], BATCHING, OPTIONS))).toEqual({ 1: 1 });
    // Five (the setting): the one that waited goes first, 31 km away, and says so.
    const later = { ...OPTIONS, now: at(1) };
    const plan = planRound([near, waited], [driver(1, 0)], BATCHING, later);
    expect(pairs(plan)).toEqual({ 2: 1 });
    expect(plan.assignments[0]?.reasons.fallback).toBe(true);
    // With 10 minutes set, 5 minutes of waiting is not a fallback yet.
    const ten = { ...BATCHING, fallback_minutes: 10 };
    expect(pairs(planRound([near, waited], [driver(1, 0)], ten, later))).toEqual({ 1: 1 });
  });

  it('takes the free drivers nearest to the waiting orders, and the order that waited longest first', () => {
    const older = order(1, { restaurant: p(0), food_ready_at: at(-20), promised_at: at(-5) });
    const newer = order(2, { restaurant: p(0), food_ready_at: at(-6), promised_at: at(-5) });
    const carrier = driver(4, 20, { carrying: [carried(4, { dropoff: p(-30) })] });
    const fleet = [driver(1, 40), driver(2, 35), driver(3, 90), carrier];
    const plan = planRound([newer, older], fleet, BATCHING, OPTIONS);
    expect(new Set(plan.assignments.map((a) => a.driver_id))).toEqual(new Set([1, 2]));
    expect(plan.assignments.every((a) => a.reasons.fallback)).toBe(true);
    expect(pairs(planRound([newer, older], [driver(1, 40)], BATCHING, OPTIONS))).toEqual({ 1: 1 });
  });

  it('does not send a free driver from far away when one now carrying will get there much sooner', () => {
    const waited = order(1, { food_ready_at: at(-10), dropoff: p(0, 2) });
    // Driver 2 is 2 km from his drop-off, then 3 km back: at the restaurant in 5 minutes; driver 1 is
    // free, 40 km away. The carrier's drop-off is too far for a batch.
    const carrier = driver(2, 5, { carrying: [carried(2, { picked_up: true, dropoff: p(3) })] });
    const plan = planRound([waited], [driver(1, 40), carrier], BATCHING, OPTIONS);
    expect(plan.assignments).toEqual([]);
    // 10 km away, he is sent (the fallback).
    expect(pairs(planRound([waited], [driver(1, 10), carrier], BATCHING, OPTIONS))).toEqual({ 1: 1 });
    // Nor does it count when the carrier declined it before.
    const declined = order(1, { food_ready_at: at(-10), dropoff: p(0, 2), excluded: new Set([2]) });
    expect(pairs(planRound([declined], [driver(1, 40), carrier], BATCHING, OPTIONS))).toEqual({ 1: 1 });
  });

  it('never offers it to a driver who declined it, and names the problem when nobody can take it', () => {
    const waited = order(1, { food_ready_at: at(-30), excluded: new Set([1]) });
    const plan = planRound([waited], [far], BATCHING, OPTIONS);
    expect(plan.assignments).toEqual([]);
    expect(plan.problems.get(1)).toBe('all_declined');
  });

  it('property: every order whose food waited the fallback minutes is offered, unless each free driver who could take it took another such order', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            x: fc.double({ min: -40, max: 40, noNaN: true }),
            y: fc.double({ min: -40, max: 40, noNaN: true }),
            ready: fc.integer({ min: -60, max: 30 }),
            promise: fc.integer({ min: -30, max: 60 }),
            excluded: fc.subarray([1, 2, 3, 4, 5, 6]),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        fc.array(
          fc.record({
            x: fc.double({ min: -40, max: 40, noNaN: true }),
            y: fc.double({ min: -40, max: 40, noNaN: true }),
            carrying: fc.boolean(),
            stale: fc.boolean(),
            ends: fc.option(fc.integer({ min: -5, max: 120 })),
          }),
          { minLength: 0, maxLength: 6 },
        ),
        fc.integer({ min: 1, max: 15 }),
        (os, ds, fallback) => {
          const orders = os.map((o, i) =>
            order(i + 1, {
              restaurant: p(o.x, o.y),
              dropoff: p(o.x + 1, o.y),
              food_ready_at: at(o.ready),
              promised_at: at(o.ready + o.promise),
              excluded: new Set(o.excluded),
            }),
          );
          const drivers = ds.map((d, j) =>
            driver(j + 1, d.x, {
              at: p(d.x, d.y),
              location_at: d.stale ? at(-30) : NOW,
              carrying: d.carrying ? [carried(100 + j, { dropoff: p(d.x + 50, d.y) })] : [],
              shift_ends_at: d.ends === null ? null : at(d.ends),
            }),
          );
          const settings = { ...BATCHING, fallback_minutes: fallback };
          const plan = planRound(orders, drivers, settings, OPTIONS);
          const given = new Map(plan.assignments.map((a) => [a.order_id, a]));
          for (const o of orders.filter((x) => NOW - x.food_ready_at >= fallback * MINUTE)) {
            // Who could take it now: free, fresh, not declined, the shift lasting until the pickup.
            const able = drivers.filter(
              (d) => d.carrying.length === 0 && evaluate(o, d, settings, OPTIONS) !== null,
            );
            if (able.length === 0) continue;
            if (given.has(o.id)) {
              expect(given.get(o.id)?.reasons.fallback).toBe(true);
              continue;
            }
            for (const d of able) {
              const other = plan.assignments.find((a) => a.driver_id === d.id);
              expect(other?.reasons.fallback, `order ${o.id}: driver ${d.id} idle`).toBe(true);
            }
          }
          // Each driver gets at most one new order.
          const drivers_ = plan.assignments.map((a) => a.driver_id);
          expect(new Set(drivers_).size).toBe(drivers_.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('planRound: no free driver idles beside a ready order', () => {
  // The near driver could be held for an order whose food comes in 15 minutes (1 km away), while a
  // ready order 30 km off waits; holding him is not predicted to deliver more on time. (An order whose
  // food is ready by the time he would get there counts as ready.)
  const held = order(1, { restaurant: p(0), food_ready_at: at(15), promised_at: at(60) });
  // The fallback (tested above) would send him anyway: this rule is seen with it an hour away.
  const NO_FALLBACK = { ...BATCHING, fallback_minutes: 60 };

  it('sends the driver to the ready order rather than hold him', () => {
    const ready = order(2, { restaurant: p(30), dropoff: p(30, 2), promised_at: at(60) });
    const plan = planRound([held, ready], [driver(1, 1)], NO_FALLBACK, OPTIONS);
    expect(pairs(plan)).toEqual({ 2: 1 });
  });

  it('counts as ready an order whose food is ready by the time he would get there', () => {
    // Food in 20 minutes, 25 km (25 minutes) away: sent now he still arrives after the food.
    const far = order(2, {
      restaurant: p(26),
      dropoff: p(26, 2),
      food_ready_at: at(20),
      promised_at: at(90),
    });
    expect(pairs(planRound([held, far], [driver(1, 1)], NO_FALLBACK, OPTIONS))).toEqual({ 2: 1 });
  });

  it('holds him when that is predicted to deliver more orders on time', () => {
    // The ready order is late whoever takes it; the held one is on time only with this driver.
    const lost = order(2, { restaurant: p(30), dropoff: p(30, 2), promised_at: at(-10) });
    const plan = planRound([held, lost], [driver(1, 1)], NO_FALLBACK, OPTIONS);
    expect(plan.assignments).toEqual([]);
  });
});

describe('planRound: batching only where it pays', () => {
  it('does not turn a driver back to the restaurant he has just left', () => {
    // Picked up at x=0, now at x=0.4 on the way to x=3: a new order at x=0 lies behind him.
    const onTheWay = driver(1, 0.4, { carrying: [carried(1, { picked_up: true, dropoff: p(3) })] });
    expect(evaluate(order(5, { restaurant: p(0), dropoff: p(3.5) }), onTheWay, BATCHING, OPTIONS)).toBeNull();
    // A restaurant ahead, on the way, fits.
    const ahead = order(6, { restaurant: p(1, 0.2), dropoff: p(3.5) });
    expect(evaluate(ahead, onTheWay, BATCHING, OPTIONS)?.reasons.batched_with).toBe('C1');
  });

  it('refuses a batch that risks the new order when a free driver alone brings it on time', () => {
    // Batched, the new order (x=3.5) arrives after 3.5 minutes, inside its promise (4.5) but not by the
    // batch's margin; the free driver half a kilometre behind brings it alone in 4, on time.
    const carrying = driver(1, 0, { carrying: [carried(1, { dropoff: p(3) })] });
    const o = order(5, { dropoff: p(3.5), promised_at: at(4.5) });
    const free = driver(2, -0.5);
    expect(evaluate(o, carrying, BATCHING, OPTIONS, [carrying, free])).toBeNull();
    expect(pairs(planRound([o], [carrying, free], BATCHING, OPTIONS))).toEqual({ 5: 2 });
  });

  it('adds a late order to a batch when no free driver could bring it sooner', () => {
    const carrying = driver(1, 0, { carrying: [carried(1, { dropoff: p(3), promised_at: at(30) })] });
    const o = order(5, { dropoff: p(3.5), promised_at: at(1) });
    // Alone with the only free driver, 20 km away, it is later still.
    const farFree = driver(2, 20);
    const plan = planRound([o], [carrying, farFree], BATCHING, OPTIONS);
    expect(pairs(plan)).toEqual({ 5: 1 });
  });

  it('forms a batch of three from one restaurant, and never across restaurants', () => {
    const two = driver(1, 0, {
      carrying: [carried(1, { dropoff: p(3) }), carried(2, { dropoff: p(3, 0.5) })],
    });
    const o = order(5, { restaurant: p(0), dropoff: p(3.5) });
    const plan = planRound([o], [two, driver(2, -4)], BATCHING, OPTIONS);
    expect(pairs(plan)).toEqual({ 5: 1 });
    expect(plan.assignments[0]?.reasons).toMatchObject({ load: 2, batched_with: 'C1, C2' });
    // The next restaurant, 0.3 km off, is fine for a pair but not for a third order.
    expect(evaluate(order(6, { restaurant: p(0, 0.3), dropoff: p(3.5) }), two, BATCHING, OPTIONS)).toBeNull();
    const full = driver(1, 0, { carrying: [carried(1), carried(2), carried(3)] });
    expect(evaluate(o, full, BATCHING, OPTIONS)).toBeNull();
  });
});

describe('planRound: one travel model, pay, shifts', () => {
  it("measures an order's urgency with the operation's fitted travel, not constants", () => {
    // With slow fitted travel the same order is nearer missing its promise: more urgent, a lower cost.
    const o = order(1, { restaurant: p(0), dropoff: p(0, 4), promised_at: at(12) });
    const slow = { speed_kmh: 12, detour_factor: 1.4, handover_minutes: 3 };
    const fast = { speed_kmh: 40, detour_factor: 1.2, handover_minutes: 1 };
    const cost = (travel: TravelModel) => evaluate(o, driver(1, 1), BATCHING, { ...OPTIONS, travel })?.cost;
    expect(cost(slow)).toBeLessThan(cost(fast) as number);
  });

  it('pay-aware: gives the order to the driver still under his guaranteed minimum', () => {
    const pay = { ...BATCHING, pay_aware: true };
    const started = at(-120); // two hours: 1,600 guaranteed
    const rich = driver(1, 1, { shift_started_at: started, deliveries: 10 }); // 3,000 earned
    const idle = driver(2, 1.5, { shift_started_at: started, deliveries: 1 }); // 300 earned
    expect(pairs(planRound([order(1)], [rich, idle], BATCHING, OPTIONS))).toEqual({ 1: 1 });
    expect(pairs(planRound([order(1)], [rich, idle], pay, OPTIONS))).toEqual({ 1: 2 });
  });

  it('offers no pickup a driver cannot make before his shift ends', () => {
    const o = order(1, { restaurant: p(5), dropoff: p(5, 2) }); // pickup 5 minutes from now
    const ending = driver(1, 0, { shift_ends_at: at(4) });
    expect(evaluate(o, ending, BATCHING, OPTIONS)).toBeNull();
    expect(evaluate(o, driver(1, 0, { shift_ends_at: at(6) }), BATCHING, OPTIONS)).not.toBeNull();
    expect(pairs(planRound([o], [ending, driver(2, 9)], BATCHING, OPTIONS))).toEqual({ 1: 2 });
  });
});
