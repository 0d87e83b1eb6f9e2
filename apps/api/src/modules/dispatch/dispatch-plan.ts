import {
  DISPATCH_DEFAULTS,
  type DispatchProblem,
  type DispatchReasons,
  ETA_DEFAULTS,
  RISK_GRACE_MINUTES,
  type TravelModel,
  travelMinutes,
} from '@dostava/shared';
import munkres from 'munkres';
import { distanceKm } from '../../lib/geo.js';

/**
 * The dispatch decision, pure (decision 0024; issue 33): every waiting order and every driver who could
 * take one, solved together as one assignment problem (the Hungarian method of the `munkres` library),
 * not greedily order by order. The API feeds it the database's state, `npm run bench:dispatch` a
 * simulated evening; both run this code.
 *
 * The cost of giving order O to driver D, in "points": 10 per minute O is predicted to miss its promise
 * by, 2 per empty kilometre (the way to the restaurant, or a batch's detour from where the driver is
 * now), 1 per minute of the driver's time O takes, and (pay-aware) what the delivery adds to the pay
 * bill; minus what serving O now is worth (100, plus 10 per minute O would miss its promise by if it
 * waited a few more minutes, plus 5 per minute its food has waited on the pass). A driver may also stay
 * idle (0). On top of the costs, three rules the cost alone cannot promise:
 *
 * - fallback: an order whose food has waited `fallback_minutes` on the pass goes to the nearest driver
 *   who can take it (free, or carrying with a batch that fits), before anything else, however far: no
 *   order is stranded by distance (measured on \`npm run bench:dispatch\`: triggering earlier, on the
 *   wait the nearest driver would leave, made every order of a large city a fallback and lost on time);
 * - no free driver idles or is held for a later order while an order he could take waits whose food
 *   is ready by the time he would get there, unless the plan that holds him predicts more on time;
 * - a batch is formed only when it delivers no fewer orders on time than sending the new order alone
 *   with the best free driver.
 * - a free driver is not sent to a restaurant he would reach more than 15 minutes after a driver now
 *   carrying could, once done with his own orders (measured: it took the longest wait after food ready
 *   below naive's in every scenario, where far bikes sent by the fallback had made it worse).
 *
 * Urgency, predictions and the promise use one travel model: the fitted one (per vehicle type for a
 * driver's own trips, the operation's overall one for an order's urgency).
 */

export interface Place {
  lat: number;
  lng: number;
}

/** An order that needs a driver. Times are epoch milliseconds. */
export interface PlanOrder {
  id: number;
  order_number: string;
  /** Null when the restaurant has no coordinates: a typical trip is assumed. */
  restaurant: Place | null;
  dropoff: Place;
  /** When the food is predicted ready (now or earlier when it is ready). */
  food_ready_at: number;
  promised_at: number | null;
  /** Drivers who declined it or let its offer expire: never offered it again. */
  excluded: ReadonlySet<number>;
}

/** An order a driver carries already, or has been offered and not answered yet. */
export interface CarriedOrder {
  id: number;
  order_number: string;
  restaurant: Place | null;
  dropoff: Place;
  picked_up: boolean;
  food_ready_at: number;
  promised_at: number | null;
}

export interface PlanDriver {
  id: number;
  at: Place | null;
  location_at: number | null;
  travel: TravelModel;
  carrying: readonly CarriedOrder[];
  /** When the driver's shift is planned to end: no pickup after it. */
  shift_ends_at?: number | null;
  /** Pay-aware: when the shift started and the deliveries made in it (the guaranteed minimum runs from the start). */
  shift_started_at?: number | null;
  deliveries?: number;
}

export interface PlanSettings {
  batching: boolean;
  batch_pickup_km: number;
  batch_dropoff_km: number;
  /** A ready order waiting this long goes to the nearest free driver who can take it. */
  fallback_minutes: number;
  /** Weigh the pay bill: per delivery, with a guaranteed hourly minimum (minor units). */
  pay_aware: boolean;
  pay_per_delivery: number;
  pay_hourly_minimum: number;
}

/** The planner's part of a new operation's settings. */
export const PLAN_DEFAULTS: PlanSettings = {
  batching: DISPATCH_DEFAULTS.batching,
  batch_pickup_km: DISPATCH_DEFAULTS.batch_pickup_km,
  batch_dropoff_km: DISPATCH_DEFAULTS.batch_dropoff_km,
  fallback_minutes: DISPATCH_DEFAULTS.fallback_minutes,
  pay_aware: DISPATCH_DEFAULTS.pay_aware,
  pay_per_delivery: DISPATCH_DEFAULTS.pay_per_delivery,
  pay_hourly_minimum: DISPATCH_DEFAULTS.pay_hourly_minimum,
};

export interface Assignment {
  order_id: number;
  driver_id: number;
  reasons: DispatchReasons;
  cost: number;
}

export interface Plan {
  assignments: Assignment[];
  /** Orders no driver fits, with why (the board's problems lane). */
  problems: Map<number, DispatchProblem>;
}

export interface PlanOptions {
  now: number;
  /** A location older than this is not trusted (the ETA's freshness). */
  fresh_minutes: number;
  /** Straight-line km between two places; haversine by default (the bench uses a flat city). */
  km?: (a: Place, b: Place) => number;
  /** The operation's fitted travel (all vehicles): an order's urgency, as its promise was made. */
  travel?: TravelModel;
}

const MINUTE = 60_000;
/** Where a place is unknown: a typical trip. */
const TYPICAL_KM = 2;
/** A driver is not sent to wait at a restaurant longer than this for the food. */
export const MAX_DRIVER_WAIT_MINUTES = 10;
/** A pair is held (scored, not sent) only when it falls due within this: no driver kept for a far-off order. */
const HOLD_MINUTES = 10;
/** An order whose food is ready within this is needed now: with no driver fitting, it is a problem. */
const NEEDED_SOON_MINUTES = 15;
/** What an order is worth serving now, and the wait its urgency is measured over. */
const ORDER_VALUE = 100;
const WAIT_MINUTES = 5;
const WEIGHT = { late: 10, empty_km: 2, driver_minute: 1, ready_minute: 5, pay_delivery: 20 } as const;
/** A fallback pair outranks every other pair: it is taken first, the oldest order first. */
const FALLBACK = 1e6;
const FALLBACK_AGE = 1000;
const INFEASIBLE = 1e9;
/** Orders one driver may carry at once (more than two only from one restaurant). */
export const MAX_BATCH = 3;
/** Restaurants this close are the same place. */
const SAME_PLACE_KM = 0.05;
/** A batch keeps both predicted deliveries this far inside their promises: predictions err. */
const BATCH_MARGIN_MINUTES = 3;

const lateMinutes = (at: number, promised: number | null) =>
  promised === null ? 0 : Math.max(0, (at - promised) / MINUTE);
const onTime = (at: number, promised: number | null, margin = 0) =>
  promised === null || at <= promised + (RISK_GRACE_MINUTES - margin) * MINUTE;

export const isFresh = (d: PlanDriver, { now, fresh_minutes }: PlanOptions) =>
  d.at !== null && d.location_at !== null && d.location_at >= now - fresh_minutes * MINUTE;

/** Minutes an order's food has waited on the pass (0 while it is not ready). */
const readyMinutes = (order: PlanOrder, now: number) => Math.max(0, (now - order.food_ready_at) / MINUTE);

interface Evaluation {
  cost: number;
  reasons: DispatchReasons;
}

/**
 * Orders and drivers are fixed for one round; `evaluate` gives the cost and reasons of one pair, or
 * null when the pair is not possible (declined before, stale location, full, a batch that does not fit
 * or does not pay, the shift ends before the pickup, or the driver would wait too long for the food).
 * `drivers` (everyone in the round) lets a batch be weighed against the best free driver alone.
 */
export function evaluate(
  order: PlanOrder,
  driver: PlanDriver,
  settings: PlanSettings,
  options: PlanOptions,
  drivers: readonly PlanDriver[] = [],
): Evaluation | null {
  const scored = score(order, driver, settings, options, bestAlone(order, drivers, settings, options));
  return scored?.due ? { cost: scored.cost, reasons: scored.reasons() } : null;
}

/** The earliest predicted delivery of the order by a free driver alone (undefined: no free driver fits). */
function bestAlone(
  order: PlanOrder,
  drivers: readonly PlanDriver[],
  settings: PlanSettings,
  options: PlanOptions,
): number | undefined {
  let best: number | undefined;
  for (const d of drivers) {
    if (d.carrying.length > 0) continue;
    const s = score(order, d, settings, options);
    if (s && (best === undefined || s.delivery < best)) best = s.delivery;
  }
  return best;
}

/** A scored pair; its reasons are put into words only for the pairs a round keeps. */
interface Scored {
  cost: number;
  due: boolean;
  delivery: number;
  /** When the driver, sent now, reaches the restaurant. */
  arrival: number;
  fallback: boolean;
  reasons: () => DispatchReasons;
}

/** All orderings of a few items (a batch has at most MAX_BATCH drop-offs). */
function permutations<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((x, i) =>
    permutations([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
}

/**
 * What the delivery adds to the pay bill, as a share of one delivery's pay (0…1): nothing while the
 * driver's deliveries earn less than the hourly minimum they are guaranteed by then (the operation
 * pays that minimum anyway), the full pay once they earn more.
 */
function extraPay(driver: PlanDriver, delivery: number, settings: PlanSettings): number {
  if (!settings.pay_aware || settings.pay_per_delivery <= 0) return 0;
  const started = driver.shift_started_at ?? delivery;
  const guaranteed = (settings.pay_hourly_minimum * Math.max(0, delivery - started)) / (60 * MINUTE);
  const earned = ((driver.deliveries ?? 0) + driver.carrying.length + 1) * settings.pay_per_delivery;
  return Math.min(1, Math.max(0, (earned - guaranteed) / settings.pay_per_delivery));
}

/**
 * A pair's cost, and whether it is due: a free driver who would wait more than MAX_DRIVER_WAIT_MINUTES
 * for the food is not sent yet, but the pair is still scored as if the driver left in time to arrive
 * when the food is ready. The round weighs it with the others and holds the order for that driver
 * instead of grabbing whoever is due first: otherwise the farthest and slowest driver, the first whose
 * wait falls under the limit, would take every order long before a nearer one could. `alone` is the
 * order's best delivery by a free driver alone, which a batch must not do worse than.
 */
function score(
  order: PlanOrder,
  driver: PlanDriver,
  settings: PlanSettings,
  options: PlanOptions,
  alone?: number,
): Scored | null {
  const { now, km = distanceKm } = options;
  if (order.excluded.has(driver.id) || !isFresh(driver, options)) return null;
  const here = driver.at as Place;
  const dist = (a: Place | null, b: Place | null) => (a && b ? km(a, b) : TYPICAL_KM);
  const ride = (kmh: number, handover = false) => travelMinutes(driver.travel, kmh, handover) * MINUTE;
  const trip = dist(order.restaurant, order.dropoff);
  const location_minutes = Math.max(0, Math.round((now - (driver.location_at as number)) / MINUTE));
  const endsBefore = (pickup: number) =>
    driver.shift_ends_at !== undefined && driver.shift_ends_at !== null && pickup > driver.shift_ends_at;
  const reasons = (
    arrival: number,
    delivery: number,
    distance: number,
    batched: readonly CarriedOrder[],
    fallback: boolean,
  ): DispatchReasons => ({
    state: driver.carrying.length ? 'carrying' : 'free',
    distance_km: Math.round(distance * 10) / 10,
    location_minutes,
    arrival_at: new Date(arrival).toISOString(),
    food_ready_at: new Date(order.food_ready_at).toISOString(),
    predicted_delivery_at: new Date(delivery).toISOString(),
    load: driver.carrying.length,
    late_minutes: Math.round(lateMinutes(delivery, order.promised_at)),
    batched_with: batched.length ? batched.map((c) => c.order_number).join(', ') : null,
    ...(fallback ? { fallback: true } : {}),
  });

  if (driver.carrying.length === 0) {
    const distance = dist(here, order.restaurant);
    const early = (order.food_ready_at - (now + ride(distance))) / MINUTE;
    if (early > MAX_DRIVER_WAIT_MINUTES + HOLD_MINUTES) return null;
    const due = early <= MAX_DRIVER_WAIT_MINUTES;
    const arrival = due ? now + ride(distance) : order.food_ready_at;
    const pickup = Math.max(arrival, order.food_ready_at);
    if (endsBefore(pickup)) return null;
    const delivery = pickup + ride(trip, true);
    const late = lateMinutes(delivery, order.promised_at);
    // The driver's time the order takes: the way there, the wait for the food, the ride, the hand-over.
    const busy = (delivery - (arrival - ride(distance))) / MINUTE;
    const fallback = due && isFallback(order, now, settings);
    const cost = fallback
      ? fallbackCost(order, arrival, now)
      : WEIGHT.late * late +
        WEIGHT.empty_km * distance +
        WEIGHT.driver_minute * busy +
        WEIGHT.pay_delivery * extraPay(driver, delivery, settings) -
        orderValue(order, options, trip);
    return {
      cost,
      due,
      delivery,
      arrival,
      fallback,
      reasons: () => reasons(arrival, delivery, distance, [], fallback),
    };
  }

  if (!settings.batching || driver.carrying.length >= MAX_BATCH) return null;
  const carried = driver.carrying;
  if (carried.some((c) => dist(c.dropoff, order.dropoff) > settings.batch_dropoff_km)) return null;
  const pickedUp = carried.filter((c) => c.picked_up);
  // More than two only from one restaurant, all still to be collected.
  if (
    carried.length > 1 &&
    (pickedUp.length > 0 || carried.some((c) => dist(c.restaurant, order.restaurant) > SAME_PLACE_KM))
  )
    return null;

  /** The best order of the drop-offs from `from` at `leave`: each order's delivery, and the km. */
  const dropRoute = (from: Place | null, leave: number, drops: readonly (CarriedOrder | PlanOrder)[]) =>
    permutations(drops)
      .map((seq) => {
        let at = leave;
        let place = from;
        let distance = 0;
        const when = new Map<number, number>();
        for (const x of seq) {
          at += ride(dist(place, x.dropoff), true);
          distance += dist(place, x.dropoff);
          place = x.dropoff;
          when.set(x.id, at);
        }
        const onTimeCount = seq.filter((x) => onTime(when.get(x.id) as number, x.promised_at)).length;
        return { when, distance, onTimeCount };
      })
      .sort((a, b) => b.onTimeCount - a.onTimeCount || a.distance - b.distance)[0] as {
      when: Map<number, number>;
      distance: number;
      onTimeCount: number;
    };

  // The carried orders as the driver would deliver them without the new one, measured from here and now.
  let aloneLeave: number;
  let aloneFrom: Place | null;
  let aloneKm: number;
  if (pickedUp.length > 0) {
    aloneLeave = now;
    aloneFrom = here;
    aloneKm = 0;
  } else {
    const first = carried[0] as CarriedOrder;
    aloneKm = dist(here, first.restaurant);
    aloneLeave = Math.max(now + ride(aloneKm), ...carried.map((c) => c.food_ready_at));
    aloneFrom = first.restaurant;
  }
  const withoutIt = dropRoute(aloneFrom, aloneLeave, carried);

  let arrival: number;
  let collectedKm: number;
  if (pickedUp.length > 0) {
    // On the way: the new restaurant lies ahead, nearer the carried drop-off than the driver is now,
    // so nobody is turned back to a restaurant just left.
    const first = carried[0] as CarriedOrder;
    if (dist(order.restaurant, first.dropoff) >= dist(here, first.dropoff)) return null;
    collectedKm = dist(here, order.restaurant);
    arrival = now + ride(collectedKm);
  } else {
    // The carried orders' restaurant first (or the new one's when it is the same place), then the new one's.
    const first = carried[0] as CarriedOrder;
    const between = dist(first.restaurant, order.restaurant);
    if (between > settings.batch_pickup_km) return null;
    const atFirst = Math.max(
      now + ride(dist(here, first.restaurant)),
      ...carried.map((c) => c.food_ready_at),
    );
    collectedKm = dist(here, first.restaurant) + between;
    arrival = atFirst + ride(between);
  }
  if ((order.food_ready_at - arrival) / MINUTE > MAX_DRIVER_WAIT_MINUTES) return null;
  const leave = Math.max(arrival, order.food_ready_at);
  if (endsBefore(leave)) return null;
  const together = dropRoute(order.restaurant, leave, [...carried, order]);
  const orderAt = together.when.get(order.id) as number;
  // Neither promise put at risk: every carried order on time with a margin or no later than without it…
  for (const c of carried) {
    const at = together.when.get(c.id) as number;
    if (!onTime(at, c.promised_at, BATCH_MARGIN_MINUTES) && at > (withoutIt.when.get(c.id) as number))
      return null;
  }
  // …and the new one on time with a margin, or (when no free driver alone would bring it on time) no
  // later than alone. So the batch never delivers fewer orders on time than the new one sent alone.
  if (
    !onTime(orderAt, order.promised_at, BATCH_MARGIN_MINUTES) &&
    alone !== undefined &&
    (onTime(alone, order.promised_at) || orderAt > alone)
  )
    return null;
  // The detour from here and now: the batched route's km against the carried orders' own.
  const detour = collectedKm + together.distance - (aloneKm + withoutIt.distance);
  const endTogether = Math.max(...together.when.values());
  const endWithout = Math.max(...withoutIt.when.values());
  const busy = Math.max(0, endTogether - endWithout) / MINUTE;
  const fallback = isFallback(order, now, settings);
  return {
    cost: fallback
      ? fallbackCost(order, arrival, now)
      : WEIGHT.empty_km * Math.max(0, detour) +
        WEIGHT.driver_minute * busy +
        WEIGHT.pay_delivery * extraPay(driver, orderAt, settings) -
        orderValue(order, options, trip),
    due: true,
    delivery: orderAt,
    arrival,
    fallback,
    reasons: () => reasons(arrival, orderAt, dist(here, order.restaurant), carried, fallback),
  };
}

/** The order's food has waited the fallback minutes on the pass. */
const isFallback = (order: PlanOrder, now: number, settings: PlanSettings) =>
  now - order.food_ready_at >= settings.fallback_minutes * MINUTE;

/**
 * A fallback pair: the order whose food waited longest first (a minute of waiting outweighs any way
 * there), then the least driving to the fallback orders together, so the nearest driver.
 */
const fallbackCost = (order: PlanOrder, arrival: number, now: number) =>
  -FALLBACK - (FALLBACK_AGE * (now - order.food_ready_at)) / MINUTE + (arrival - now) / MINUTE;

/**
 * What serving the order now is worth: a base, its lateness if it waited WAIT_MINUTES more, and the
 * minutes its food has waited, so that leaving an order costs more the longer it waits. A property of
 * the order, measured with the operation's fitted travel (the model its promise was made with), never
 * with the driver's: with the driver's own, a slow driver made every order look more urgent and won it.
 */
function orderValue(order: PlanOrder, { now, travel = ETA_DEFAULTS }: PlanOptions, trip: number): number {
  const later =
    Math.max(
      now + WAIT_MINUTES * MINUTE + travelMinutes(travel, TYPICAL_KM, false) * MINUTE,
      order.food_ready_at,
    ) +
    travelMinutes(travel, trip, true) * MINUTE;
  return (
    ORDER_VALUE +
    WEIGHT.late * lateMinutes(later, order.promised_at) +
    WEIGHT.ready_minute * readyMinutes(order, now)
  );
}

/** A free driver arriving this much later than a carrying one could, once done, is not sent. */
const FREE_SOONER_MINUTES = 15;

/** When and where a carrying driver is done with what he carries (his orders in their listed order). */
function freeAgain(driver: PlanDriver, { now, km = distanceKm }: PlanOptions) {
  const dist = (a: Place | null, b: Place | null) => (a && b ? km(a, b) : TYPICAL_KM);
  let at = now;
  let here: Place | null = driver.at;
  for (const c of driver.carrying.filter((x) => !x.picked_up)) {
    at = Math.max(
      at + travelMinutes(driver.travel, dist(here, c.restaurant), false) * MINUTE,
      c.food_ready_at,
    );
    here = c.restaurant;
  }
  for (const c of driver.carrying) {
    at += travelMinutes(driver.travel, dist(here, c.dropoff), true) * MINUTE;
    here = c.dropoff;
  }
  return { at, from: here };
}

interface Matrix {
  costs: Float64Array;
  due: Uint8Array;
  delivery: Float64Array;
}

/** Solves the pairs; `noIdle` drivers may neither idle nor be held while a due pair is open to them. */
function solve(
  orders: readonly PlanOrder[],
  m: Matrix,
  rows: readonly number[],
  noIdle: ReadonlySet<number> = new Set(),
): Map<number, number> {
  const n = orders.length;
  const chosen = new Map<number, number>();
  if (rows.length === 0 || n === 0) return chosen;
  const width = n + rows.length;
  const matrix = rows.map((j, r) => {
    const row = new Float64Array(width).fill(INFEASIBLE);
    const strict = noIdle.has(j);
    for (let i = 0; i < n; i++) {
      const cost = m.costs[j * n + i] as number;
      if (Number.isNaN(cost)) continue;
      // A driver who must not idle: a hold is as bad as idling, below every due pair.
      row[i] = strict && !m.due[j * n + i] ? INFEASIBLE / 2 : cost;
    }
    row[n + r] = strict ? INFEASIBLE / 2 : 0;
    return row;
  });
  for (const [r, c] of munkres(matrix)) {
    const j = rows[r] as number;
    if (c < n && (matrix[r]?.[c] as number) < INFEASIBLE / 4) chosen.set(j, c);
  }
  return chosen;
}

/** One round: the best set of (order, driver) pairs, each driver at most one new order. */
export function planRound(
  orders: readonly PlanOrder[],
  drivers: readonly PlanDriver[],
  settings: PlanSettings,
  options: PlanOptions,
): Plan {
  const problems = new Map<number, DispatchProblem>();
  // Costs and flags only, in typed arrays: a large round scores hundreds of thousands of pairs,
  // and keeping an object per pair made the garbage collector most of its time.
  const n = orders.length;
  const m: Matrix = {
    costs: new Float64Array(drivers.length * n).fill(Number.NaN),
    due: new Uint8Array(drivers.length * n),
    delivery: new Float64Array(drivers.length * n),
  };
  const arrivals = new Float64Array(drivers.length * n);
  const fits = new Uint8Array(n);
  const alone = new Array<number | undefined>(n).fill(undefined);
  const fitting = new Set<number>();
  const carriers = drivers.flatMap((d) =>
    d.carrying.length > 0 && isFresh(d, options) ? [{ d, ...freeAgain(d, options) }] : [],
  );
  /** When a carrying driver (not declined) could be at the order's restaurant once done with his own. */
  const afterCarried = (o: PlanOrder) => {
    let best = Number.POSITIVE_INFINITY;
    for (const { d, at, from } of carriers) {
      if (o.excluded.has(d.id)) continue;
      const km = from && o.restaurant ? (options.km ?? distanceKm)(from, o.restaurant) : TYPICAL_KM;
      best = Math.min(best, at + travelMinutes(d.travel, km, false) * MINUTE);
    }
    return best;
  };
  const later = orders.map(afterCarried);
  const put = (j: number, carryingPass: boolean) => {
    const d = drivers[j] as PlanDriver;
    if (d.carrying.length > 0 !== carryingPass) return;
    for (let i = 0; i < n; i++) {
      const e = score(orders[i] as PlanOrder, d, settings, options, alone[i]);
      if (!e) continue;
      // A free driver who would get there long after one now carrying could, once done: not him.
      if (!carryingPass && e.arrival > (later[i] as number) + FREE_SOONER_MINUTES * MINUTE) continue;
      m.costs[j * n + i] = e.cost;
      m.due[j * n + i] = e.due ? 1 : 0;
      m.delivery[j * n + i] = e.delivery;
      arrivals[j * n + i] = e.arrival;
      fits[i] = 1;
      fitting.add(j);
      if (!carryingPass && (alone[i] === undefined || e.delivery < (alone[i] as number)))
        alone[i] = e.delivery;
    }
  };
  // Free drivers first: their best delivery of each order is what a batch must not do worse than.
  for (let j = 0; j < drivers.length; j++) put(j, false);
  for (let j = 0; j < drivers.length; j++) put(j, true);
  const rows = [...fitting].sort((a, b) => a - b);

  let chosen = solve(orders, m, rows);
  // A free driver idle or held while a ready order he could take (due) is left: solve again with him
  // made to work, and keep that unless holding predicts more orders on time.
  const taken = new Set(chosen.values());
  const idle = new Set<number>();
  for (const j of rows) {
    const d = drivers[j] as PlanDriver;
    if (d.carrying.length > 0) continue;
    const c = chosen.get(j);
    if (c !== undefined && m.due[j * n + c]) continue;
    for (let i = 0; i < n; i++) {
      const o = orders[i] as PlanOrder;
      if (
        !taken.has(i) &&
        o.food_ready_at <= (arrivals[j * n + i] as number) &&
        m.due[j * n + i] &&
        !Number.isNaN(m.costs[j * n + i] as number)
      ) {
        idle.add(j);
        break;
      }
    }
  }
  if (idle.size > 0) {
    const busier = solve(orders, m, rows, idle);
    const onTimeOf = (plan: Map<number, number>) => {
      let count = 0;
      for (const [j, i] of plan) {
        const o = orders[i] as PlanOrder;
        if (onTime(m.delivery[j * n + i] as number, o.promised_at)) count++;
      }
      return count;
    };
    if (onTimeOf(busier) >= onTimeOf(chosen)) chosen = busier;
  }

  const assignments: Assignment[] = [];
  const served = new Set<number>();
  const used = new Set<number>();
  for (const [j, i] of chosen) {
    used.add(j);
    const order = orders[i] as PlanOrder;
    served.add(order.id);
    // A pair that is not due holds the order for its driver: no offer yet, and no problem either.
    if (!m.due[j * n + i]) continue;
    const driver = drivers[j] as PlanDriver;
    const e = score(order, driver, settings, options, alone[i]);
    if (!e) continue;
    assignments.push({ order_id: order.id, driver_id: driver.id, reasons: e.reasons(), cost: e.cost });
  }

  // Why the orders nobody fits wait. An order needed soon that some drivers fit but every one of them
  // took another order this round is "all busy" too, so the lane does not empty and refill each time
  // one driver comes free: it moves by the orders that got a driver.
  const fresh = drivers.filter((d) => isFresh(d, options));
  orders.forEach((order, i) => {
    if (served.has(order.id)) return;
    const soon = (order.food_ready_at - options.now) / MINUTE <= NEEDED_SOON_MINUTES;
    if (fits[i]) {
      if (!soon) return;
      for (const j of rows) if (!Number.isNaN(m.costs[j * n + i] as number) && !used.has(j)) return;
      problems.set(order.id, 'all_busy');
      return;
    }
    if (drivers.length === 0) problems.set(order.id, 'no_driver_on_shift');
    else if (fresh.length === 0) problems.set(order.id, 'no_fresh_location');
    else if (fresh.every((d) => order.excluded.has(d.id))) problems.set(order.id, 'all_declined');
    else if (soon && fresh.every((d) => order.excluded.has(d.id) || d.carrying.length > 0))
      problems.set(order.id, 'all_busy');
  });
  return { assignments, problems };
}
