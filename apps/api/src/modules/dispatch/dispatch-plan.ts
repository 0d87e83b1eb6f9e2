import {
  type DispatchProblem,
  type DispatchReasons,
  ETA_DEFAULTS,
  RISK_GRACE_MINUTES,
  type TravelModel,
  travelMinutes,
} from '@dostava/shared';
import munkres from 'munkres';
import { distanceKm } from '../orders/orders-amounts.js';

/**
 * The dispatch decision, pure (decision 0024): every waiting order and every driver who could take one,
 * solved together as one assignment problem (the Hungarian method of the `munkres` library), not greedily
 * order by order. The API feeds it the database's state, `npm run bench:dispatch` a simulated evening;
 * both run this code.
 *
 * The cost of giving order O to driver D, in "points": 10 per minute O is predicted to miss its promise
 * by, 2 per empty kilometre (the way to the restaurant, or a batch's detour), 1 per minute of the
 * driver's time O takes (the way there, the wait for the food, the ride and hand-over; for a second
 * order, the minutes it adds to the route), so a slow or far driver costs what they really cost; minus
 * what serving O now is worth (100, plus 10 per minute O would miss its promise by if it waited a few
 * more minutes), so that when drivers are scarce the most urgent orders are served first. A driver may
 * also stay idle (0), which wins when every order left would cost more than it is worth. The weights
 * were checked against naive dispatch on `npm run bench:dispatch`.
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
}

export interface PlanSettings {
  batching: boolean;
  batch_pickup_km: number;
  batch_dropoff_km: number;
}

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
const WEIGHT = { late: 10, empty_km: 2, driver_minute: 1 } as const;
const INFEASIBLE = 1e9;

const lateMinutes = (at: number, promised: number | null) =>
  promised === null ? 0 : Math.max(0, (at - promised) / MINUTE);
const onTime = (at: number, promised: number | null, margin = 0) =>
  promised === null || at <= promised + (RISK_GRACE_MINUTES - margin) * MINUTE;
/** A batch keeps both predicted deliveries this far inside their promises: predictions err. */
const BATCH_MARGIN_MINUTES = 3;

interface Evaluation {
  cost: number;
  reasons: DispatchReasons;
}

/**
 * Orders and drivers are fixed for one round; `evaluate` gives the cost and reasons of one pair, or
 * null when the pair is not possible (declined before, stale location, full, a batch that does not fit
 * or would make either order late, or the driver would wait too long for the food).
 */
export function evaluate(
  order: PlanOrder,
  driver: PlanDriver,
  settings: PlanSettings,
  options: PlanOptions,
): Evaluation | null {
  const scored = score(order, driver, settings, options);
  return scored?.due ? { cost: scored.cost, reasons: scored.reasons() } : null;
}

/** A scored pair; its reasons are put into words only for the pairs a round keeps. */
interface Scored {
  cost: number;
  due: boolean;
  reasons: () => DispatchReasons;
}

/**
 * A pair's cost, and whether it is due: a free driver who would wait more than MAX_DRIVER_WAIT_MINUTES
 * for the food is not sent yet, but the pair is still scored as if the driver left in time to arrive
 * when the food is ready. The round weighs it with the others and holds the order for that driver
 * instead of grabbing whoever is due first: otherwise the farthest and slowest driver, the first whose
 * wait falls under the limit, would take every order long before a nearer one could.
 */
function score(
  order: PlanOrder,
  driver: PlanDriver,
  settings: PlanSettings,
  { now, fresh_minutes, km = distanceKm }: PlanOptions,
): Scored | null {
  if (order.excluded.has(driver.id)) return null;
  if (!driver.at || driver.location_at === null || driver.location_at < now - fresh_minutes * MINUTE)
    return null;
  const dist = (a: Place | null, b: Place | null) => (a && b ? km(a, b) : TYPICAL_KM);
  const ride = (kmh: number, handover = false) => travelMinutes(driver.travel, kmh, handover) * MINUTE;
  const trip = dist(order.restaurant, order.dropoff);
  const location_minutes = Math.max(0, Math.round((now - driver.location_at) / MINUTE));
  const reasons = (
    arrival: number,
    delivery: number,
    distance: number,
    batched: CarriedOrder | null,
  ): DispatchReasons => ({
    state: driver.carrying.length ? 'carrying' : 'free',
    distance_km: Math.round(distance * 10) / 10,
    location_minutes,
    arrival_at: new Date(arrival).toISOString(),
    food_ready_at: new Date(order.food_ready_at).toISOString(),
    predicted_delivery_at: new Date(delivery).toISOString(),
    load: driver.carrying.length,
    late_minutes: Math.round(lateMinutes(delivery, order.promised_at)),
    batched_with: batched?.order_number ?? null,
  });

  if (driver.carrying.length === 0) {
    const distance = dist(driver.at, order.restaurant);
    const early = (order.food_ready_at - (now + ride(distance))) / MINUTE;
    if (early > MAX_DRIVER_WAIT_MINUTES + HOLD_MINUTES) return null;
    const due = early <= MAX_DRIVER_WAIT_MINUTES;
    const arrival = due ? now + ride(distance) : order.food_ready_at;
    const delivery = Math.max(arrival, order.food_ready_at) + ride(trip, true);
    const late = lateMinutes(delivery, order.promised_at);
    // The driver's time the order takes: the way there, the wait for the food, the ride, the hand-over.
    const busy = (delivery - (arrival - ride(distance))) / MINUTE;
    return {
      cost:
        WEIGHT.late * late +
        WEIGHT.empty_km * distance +
        WEIGHT.driver_minute * busy -
        orderValue(order, now, trip),
      reasons: () => reasons(arrival, delivery, distance, null),
      due,
    };
  }

  // A second order: batching on, exactly one carried, drop-offs near each other.
  if (!settings.batching || driver.carrying.length !== 1) return null;
  const first = driver.carrying[0] as CarriedOrder;
  if (dist(first.dropoff, order.dropoff) > settings.batch_dropoff_km) return null;
  const firstAlone = first.picked_up
    ? now + ride(dist(driver.at, first.dropoff), true)
    : Math.max(now + ride(dist(driver.at, first.restaurant)), first.food_ready_at) +
      ride(dist(first.restaurant, first.dropoff), true);

  let pickedUp: number;
  let arrival: number;
  let detour: number;
  if (first.picked_up) {
    // On the way: the restaurant of the new order lies near the way to the first drop-off.
    const toRestaurant = dist(driver.at, order.restaurant);
    detour = toRestaurant + dist(order.restaurant, first.dropoff) - dist(driver.at, first.dropoff);
    if (detour > 2 * settings.batch_pickup_km) return null;
    arrival = now + ride(toRestaurant);
    pickedUp = Math.max(arrival, order.food_ready_at);
  } else {
    // From the same restaurant, or one next to it: both collected, then both delivered.
    const between = dist(first.restaurant, order.restaurant);
    if (between > settings.batch_pickup_km) return null;
    const atFirst = Math.max(now + ride(dist(driver.at, first.restaurant)), first.food_ready_at);
    arrival = atFirst + ride(between);
    pickedUp = Math.max(arrival, order.food_ready_at);
    detour = between;
  }
  if ((order.food_ready_at - arrival) / MINUTE > MAX_DRIVER_WAIT_MINUTES) return null;
  // Both drop-offs from the new order's restaurant, in whichever order keeps both on time and is shorter.
  const routes = [true, false].map((firstFirst) => {
    const [a, b] = firstFirst ? [first.dropoff, order.dropoff] : [order.dropoff, first.dropoff];
    const atA = pickedUp + ride(dist(order.restaurant, a), true);
    const atB = atA + ride(dist(a, b), true);
    return {
      firstAt: firstFirst ? atA : atB,
      orderAt: firstFirst ? atB : atA,
      km: dist(order.restaurant, a) + dist(a, b),
    };
  });
  const fitting = routes
    .filter((r) => onTime(r.firstAt, first.promised_at, BATCH_MARGIN_MINUTES) || r.firstAt <= firstAlone)
    .filter((r) => onTime(r.orderAt, order.promised_at, BATCH_MARGIN_MINUTES))
    .sort((x, y) => x.km - y.km);
  const best = fitting[0];
  // Neither promise put at risk: the carried order stays on time (or no later than alone), the new one on time.
  if (!best) return null;
  // The driver's time the second order adds: the end of the batched route against the first alone.
  const busy = Math.max(0, Math.max(best.firstAt, best.orderAt) - firstAlone) / MINUTE;
  return {
    cost: WEIGHT.empty_km * Math.max(0, detour) + WEIGHT.driver_minute * busy - orderValue(order, now, trip),
    reasons: () => reasons(arrival, best.orderAt, dist(driver.at, order.restaurant), first),
    due: true,
  };
}

/**
 * What serving the order now is worth: a base, and its lateness if it waited WAIT_MINUTES more. A
 * property of the order, measured with the typical travel model, never with the driver's: with the
 * driver's own, a slow driver made every order look more urgent and won it.
 */
function orderValue(order: PlanOrder, now: number, trip: number): number {
  const later =
    Math.max(
      now + WAIT_MINUTES * MINUTE + travelMinutes(ETA_DEFAULTS, TYPICAL_KM, false) * MINUTE,
      order.food_ready_at,
    ) +
    travelMinutes(ETA_DEFAULTS, trip, true) * MINUTE;
  return ORDER_VALUE + WEIGHT.late * lateMinutes(later, order.promised_at);
}

/** One round: the best set of (order, driver) pairs, each driver at most one new order. */
export function planRound(
  orders: readonly PlanOrder[],
  drivers: readonly PlanDriver[],
  settings: PlanSettings,
  options: PlanOptions,
): Plan {
  const problems = new Map<number, DispatchProblem>();
  // Costs and due flags only, in typed arrays: a large round scores hundreds of thousands of pairs,
  // and keeping an object per pair made the garbage collector most of its time.
  const n = orders.length;
  const costs = new Float64Array(drivers.length * n).fill(Number.NaN);
  const due = new Uint8Array(drivers.length * n);
  const fits = new Uint8Array(n);
  const rows: number[] = [];
  drivers.forEach((d, j) => {
    let any = false;
    for (let i = 0; i < n; i++) {
      const e = score(orders[i] as PlanOrder, d, settings, options);
      if (!e) continue;
      costs[j * n + i] = e.cost;
      due[j * n + i] = e.due ? 1 : 0;
      fits[i] = 1;
      any = true;
    }
    // Rows: the drivers who fit at least one order.
    if (any) rows.push(j);
  });
  const assignments: Assignment[] = [];
  const taken = new Set<number>();
  if (rows.length > 0 && n > 0) {
    // Columns: the orders, then one "stay idle" per row.
    const width = n + rows.length;
    const matrix = rows.map((j, r) => {
      const row = new Float64Array(width).fill(INFEASIBLE);
      for (let i = 0; i < n; i++) {
        const cost = costs[j * n + i] as number;
        if (!Number.isNaN(cost)) row[i] = cost;
      }
      row[n + r] = 0;
      return row;
    });
    for (const [r, c] of munkres(matrix)) {
      if (c >= n) continue;
      const j = rows[r] as number;
      // A pair that is not due holds the order for its driver: no offer yet, and no problem either.
      if (!due[j * n + c]) continue;
      const order = orders[c] as PlanOrder;
      const driver = drivers[j] as PlanDriver;
      const e = score(order, driver, settings, options);
      if (!e) continue;
      assignments.push({ order_id: order.id, driver_id: driver.id, reasons: e.reasons(), cost: e.cost });
      taken.add(order.id);
    }
  }

  // Why the orders nobody fits wait (an order that lost to a more urgent one only waits: no problem).
  const fresh = drivers.filter(
    (d) => d.at && d.location_at !== null && d.location_at >= options.now - options.fresh_minutes * MINUTE,
  );
  orders.forEach((order, i) => {
    if (taken.has(order.id) || fits[i]) return;
    if (drivers.length === 0) problems.set(order.id, 'no_driver_on_shift');
    else if (fresh.length === 0) problems.set(order.id, 'no_fresh_location');
    else if (fresh.every((d) => order.excluded.has(d.id))) problems.set(order.id, 'all_declined');
    else if (
      (order.food_ready_at - options.now) / MINUTE <= NEEDED_SOON_MINUTES &&
      fresh.every((d) => order.excluded.has(d.id) || d.carrying.length > 0)
    )
      problems.set(order.id, 'all_busy');
  });
  return { assignments, problems };
}
