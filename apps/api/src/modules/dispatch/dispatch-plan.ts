import {
  type DispatchProblem,
  type DispatchReasons,
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
 * by, 2 per empty kilometre (the way to the restaurant, or a batch's detour), 0.5 per minute the driver
 * waits at the restaurant for the food; minus what serving O now is worth (100, plus 10 per minute O
 * would miss its promise by if it waited a few more minutes), so that when drivers are scarce the most
 * urgent orders are served first. A driver may also stay idle (0), which wins when every order left
 * would cost more than it is worth.
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
/** An order whose food is ready within this is needed now: with no driver fitting, it is a problem. */
const NEEDED_SOON_MINUTES = 15;
/** What an order is worth serving now, and the wait its urgency is measured over. */
const ORDER_VALUE = 100;
const WAIT_MINUTES = 5;
const WEIGHT = { late: 10, empty_km: 2, driver_wait: 0.5 } as const;
const INFEASIBLE = 1e9;

const lateMinutes = (at: number, promised: number | null) =>
  promised === null ? 0 : Math.max(0, (at - promised) / MINUTE);
const onTime = (at: number, promised: number | null) =>
  promised === null || at <= promised + RISK_GRACE_MINUTES * MINUTE;

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
  { now, fresh_minutes, km = distanceKm }: PlanOptions,
): Evaluation | null {
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
    const arrival = now + ride(distance);
    const wait = Math.max(0, order.food_ready_at - arrival) / MINUTE;
    if (wait > MAX_DRIVER_WAIT_MINUTES) return null;
    const delivery = Math.max(arrival, order.food_ready_at) + ride(trip, true);
    const late = lateMinutes(delivery, order.promised_at);
    return {
      cost:
        WEIGHT.late * late +
        WEIGHT.empty_km * distance +
        WEIGHT.driver_wait * wait -
        orderValue(order, now, trip, driver.travel),
      reasons: reasons(arrival, delivery, distance, null),
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
    .filter((r) => onTime(r.firstAt, first.promised_at) || r.firstAt <= firstAlone)
    .filter((r) => onTime(r.orderAt, order.promised_at))
    .sort((x, y) => x.km - y.km);
  const best = fitting[0];
  // Neither promise put at risk: the carried order stays on time (or no later than alone), the new one on time.
  if (!best || (!onTime(best.firstAt, first.promised_at) && best.firstAt > firstAlone + MINUTE)) return null;
  const wait = Math.max(0, order.food_ready_at - arrival) / MINUTE;
  return {
    cost:
      WEIGHT.empty_km * Math.max(0, detour) +
      WEIGHT.driver_wait * wait -
      orderValue(order, now, trip, driver.travel),
    reasons: reasons(arrival, best.orderAt, dist(driver.at, order.restaurant), first),
  };
}

/** What serving the order now is worth: a base, and its lateness if it waited WAIT_MINUTES more. */
function orderValue(order: PlanOrder, now: number, trip: number, travel: TravelModel): number {
  const later =
    Math.max(
      now + WAIT_MINUTES * MINUTE + travelMinutes(travel, TYPICAL_KM, false) * MINUTE,
      order.food_ready_at,
    ) +
    travelMinutes(travel, trip, true) * MINUTE;
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
  const evaluations: (Evaluation | null)[][] = drivers.map((d) =>
    orders.map((o) => evaluate(o, d, settings, options)),
  );
  // Rows: the drivers who fit at least one order; columns: the orders, then one "stay idle" per row.
  const rows = drivers.map((_, j) => j).filter((j) => evaluations[j]?.some((e) => e !== null));
  const assignments: Assignment[] = [];
  const taken = new Set<number>();
  if (rows.length > 0 && orders.length > 0) {
    const width = orders.length + rows.length;
    const matrix = rows.map((j, r) => {
      const row = new Float64Array(width).fill(INFEASIBLE);
      const costs = evaluations[j] as (Evaluation | null)[];
      for (let i = 0; i < orders.length; i++) {
        const e = costs[i];
        if (e) row[i] = e.cost;
      }
      row[orders.length + r] = 0;
      return row;
    });
    for (const [r, c] of munkres(matrix)) {
      if (c >= orders.length) continue;
      const j = rows[r] as number;
      const e = evaluations[j]?.[c];
      if (!e || e.cost >= INFEASIBLE / 2) continue;
      const order = orders[c] as PlanOrder;
      const driver = drivers[j] as PlanDriver;
      assignments.push({ order_id: order.id, driver_id: driver.id, reasons: e.reasons, cost: e.cost });
      taken.add(order.id);
    }
  }

  // Why the orders nobody fits wait (an order that lost to a more urgent one only waits: no problem).
  const fresh = drivers.filter(
    (d) => d.at && d.location_at !== null && d.location_at >= options.now - options.fresh_minutes * MINUTE,
  );
  orders.forEach((order, i) => {
    if (taken.has(order.id) || drivers.some((_, j) => evaluations[j]?.[i])) return;
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
