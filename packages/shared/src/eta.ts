import { z } from 'zod';
import type { OrderStatus } from './order-rules.js';

/**
 * Learned times, promises and predictions (decision 0021). The math is here, pure, so the API, its
 * bench and the tests run the same code; the API feeds it the learned models and the live positions.
 */

/** Why an active order may miss its promise; null when it is on track. */
export const RISK_REASONS = ['kitchen_slow', 'no_driver_near', 'driver_far'] as const;
export type RiskReason = (typeof RISK_REASONS)[number];

/** What a new operation starts from before its own history speaks. */
export const ETA_DEFAULTS = {
  /** Created → ready for pickup, for a restaurant without history. */
  prep_minutes: 20,
  /** Straight line × this ≈ the road. */
  detour_factor: 1.35,
  speed_kmh: 20,
  /** Parking, stairs, the door: fixed minutes per trip. */
  handover_minutes: 3,
} as const;

/**
 * How many samples the prior is worth when a learned figure is shrunk toward it: an hour of the week
 * with 10 orders is half its own median, half the restaurant's overall figure.
 */
export const PRIOR_WEIGHT = 10;
/** The travel model needs this many delivered orders before it leaves the defaults entirely. */
export const TRAVEL_PRIOR_WEIGHT = 20;
/** A driver's way to the restaurant, in the promise made at placement (nobody is assigned yet). */
export const DRIVER_ALLOWANCE_MINUTES = 5;
/** With no free driver at all, how long until one is expected to come free. */
export const NO_DRIVER_WAIT_MINUTES = 15;
/** A prediction within this many minutes of the promise is still on time. */
export const RISK_GRACE_MINUTES = 1;
/** Learning looks this far back. */
export const LEARNING_DAYS = 28;

const MINUTE = 60_000;

/** `value` from `samples` shrunk toward `prior` (a weighted mean; `prior` wins when samples are few). */
export function shrink(value: number | null, samples: number, prior: number, weight = PRIOR_WEIGHT): number {
  if (value === null || samples <= 0) return prior;
  return (value * samples + prior * weight) / (samples + weight);
}

const weekdayHour = new Map<string, Intl.DateTimeFormat>();

/** Hour of the week, 0 = Monday 00:00 … 167, of an instant in `timeZone`. */
export function hourOfWeek(at: Date, timeZone: string): number {
  let format = weekdayHour.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      hourCycle: 'h23',
    });
    weekdayHour.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  return ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday) * 24 + hour;
}

/** A restaurant's learned preparation: its overall figure and the hours of the week that have data. */
export interface PrepModel {
  /** Median minutes and samples of the restaurant overall; null for a new restaurant. */
  overall: { minutes: number; samples: number } | null;
  hours: ReadonlyMap<number, { minutes: number; samples: number }>;
}

/**
 * Predicted preparation minutes for an order created in `hour`: the hour's median shrunk toward the
 * restaurant's overall median, itself shrunk toward the default; busy minutes on top.
 */
export function prepMinutes(model: PrepModel | undefined, hour: number, busyMinutes = 0): number {
  const overall = shrink(
    model?.overall?.minutes ?? null,
    model?.overall?.samples ?? 0,
    ETA_DEFAULTS.prep_minutes,
  );
  const cell = model?.hours.get(hour);
  return shrink(cell?.minutes ?? null, cell?.samples ?? 0, overall) + busyMinutes;
}

export interface TravelModel {
  detour_factor: number;
  speed_kmh: number;
  handover_minutes: number;
}

/** Minutes to cover a straight line of `km`: the road is `detour_factor` × longer, then the handover. */
export function travelMinutes(model: TravelModel, km: number, handover = true): number {
  return (km * model.detour_factor * 60) / model.speed_kmh + (handover ? model.handover_minutes : 0);
}

/**
 * A fitted travel model from a regression of trip minutes on straight-line km (slope = minutes per km,
 * intercept = handover) and the median moving speed from the pings; shrunk toward the defaults while
 * the samples are few, and kept inside sane bounds.
 */
export function fitTravel(
  fit: { slope: number | null; intercept: number | null; samples: number; ping_speed_kmh: number | null },
  prior: TravelModel = ETA_DEFAULTS,
): TravelModel {
  const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
  const speed = clamp(fit.ping_speed_kmh ?? prior.speed_kmh, 5, 60);
  const n = fit.slope === null || fit.intercept === null ? 0 : fit.samples;
  const detour = n > 0 ? clamp(((fit.slope ?? 0) * speed) / 60, 1, 2.5) : prior.detour_factor;
  const handover = n > 0 ? clamp(fit.intercept ?? 0, 0, 15) : prior.handover_minutes;
  return {
    speed_kmh: speed,
    detour_factor: shrink(detour, n, prior.detour_factor, TRAVEL_PRIOR_WEIGHT),
    handover_minutes: shrink(handover, n, prior.handover_minutes, TRAVEL_PRIOR_WEIGHT),
  };
}

/**
 * A ride delivered this many days ago weighs half as much in the travel fit as one delivered now (an
 * exponential decay): the operation's last few days speak louder than its month (decision 0021).
 */
export const TRAVEL_HALF_LIFE_DAYS = 3;
/** The recent error corrects rides delivered in this many last minutes. */
export const RECENT_MINUTES = 60;
/** Within them, a ride delivered this many minutes ago weighs half as much as one delivered now. */
export const RECENT_HALF_LIFE_MINUTES = 20;
/**
 * How many recent rides the "no correction" prior is worth: 2 rides correct half of their error, 12 six
 * sevenths (a ride's log ratio varies by about 0.25, the pace of the operation by about 0.2: (0.25 / 0.2)²).
 */
export const CORRECTION_PRIOR_WEIGHT = 2;
/** The correction never scales a ride by more than this (or less than its inverse): twice or half as long. */
export const MAX_CORRECTION = 2;

/** A ride's weight in the travel fit, by its age in days (1 now, ½ after TRAVEL_HALF_LIFE_DAYS). */
export function decayWeight(ageDays: number, halfLifeDays = TRAVEL_HALF_LIFE_DAYS): number {
  return 0.5 ** (Math.max(0, ageDays) / halfLifeDays);
}

/**
 * Weighted least squares of ride minutes on straight-line km, the input of fitTravel: slope, intercept
 * and the effective number of rides, (Σw)² / Σw², so that a month of old rides worth a few days is
 * shrunk toward the prior as a few days would be. The SQL refresh computes the same sums.
 */
export function weightedRegression(points: readonly { km: number; minutes: number; weight: number }[]): {
  slope: number | null;
  intercept: number | null;
  samples: number;
} {
  const sums = { n: points.length, w: 0, ww: 0, x: 0, y: 0, xx: 0, xy: 0 };
  for (const p of points) {
    sums.w += p.weight;
    sums.ww += p.weight * p.weight;
    sums.x += p.weight * p.km;
    sums.y += p.weight * p.minutes;
    sums.xx += p.weight * p.km * p.km;
    sums.xy += p.weight * p.km * p.minutes;
  }
  return regressionFromSums(sums);
}

/** weightedRegression from its weighted sums (w = Σw, ww = Σw², x = Σw·km, y = Σw·minutes, …; n rides). */
export function regressionFromSums(s: {
  n: number;
  w: number;
  ww: number;
  x: number;
  y: number;
  xx: number;
  xy: number;
}): { slope: number | null; intercept: number | null; samples: number } {
  const samples = s.ww > 0 ? (s.w * s.w) / s.ww : 0;
  const det = s.w * s.xx - s.x * s.x;
  if (s.n < 2 || s.w <= 0 || Math.abs(det) <= 1e-9 * s.w * s.w)
    return { slope: null, intercept: null, samples };
  const slope = (s.w * s.xy - s.x * s.y) / det;
  return { slope, intercept: (s.y - slope * s.x) / s.w, samples };
}

/**
 * The factor that corrects ride times from the error of the last RECENT_MINUTES: the median ratio of
 * actual to predicted ride minutes (robust to the one ride that waited at a door for ten minutes),
 * taken in logs. Each ride weighs its predicted minutes (so that the minutes, not only the rides,
 * come out right: a long ride gains more from a faster pace than a short one), halved every
 * RECENT_HALF_LIFE_MINUTES of its age (so a change shows within half an hour, not once it fills half
 * the hour). Shrunk toward no correction while the rides are few (their effective number), then
 * bounded by MAX_CORRECTION; 1 without recent rides. `predicted_minutes` is the uncorrected model's,
 * so the correction never feeds on itself.
 */
export function recentCorrection(
  rides: readonly { actual_minutes: number; predicted_minutes: number; age_minutes?: number }[],
): number {
  const logs = rides
    .filter((r) => r.actual_minutes > 0 && r.predicted_minutes > 0)
    .map((r) => {
      const recency = decayWeight(r.age_minutes ?? 0, RECENT_HALF_LIFE_MINUTES);
      return {
        log: Math.log(r.actual_minutes / r.predicted_minutes),
        recency,
        weight: recency * r.predicted_minutes,
      };
    })
    .sort((a, b) => a.log - b.log);
  if (logs.length === 0) return 1;
  const half = logs.reduce((s, r) => s + r.weight, 0) / 2;
  let median = 0;
  let below = 0;
  for (let i = 0; i < logs.length; i++) {
    const r = logs[i] as { log: number; weight: number };
    below += r.weight;
    if (below >= half) {
      // Exactly half below: between this ride and the next, as the plain median of an even count.
      median =
        below === half && i + 1 < logs.length ? (r.log + (logs[i + 1] as { log: number }).log) / 2 : r.log;
      break;
    }
  }
  const sum = logs.reduce((s, r) => s + r.recency, 0);
  const n = (sum * sum) / logs.reduce((s, r) => s + r.recency * r.recency, 0);
  const bound = Math.log(MAX_CORRECTION);
  const shrunk = (median * n) / (n + CORRECTION_PRIOR_WEIGHT);
  return Math.exp(Math.min(bound, Math.max(-bound, shrunk)));
}

/** A travel model whose rides (moving and handover) take `factor` times as long. */
export function correctTravel(model: TravelModel, factor: number): TravelModel {
  if (factor === 1) return model;
  return {
    detour_factor: model.detour_factor,
    speed_kmh: model.speed_kmh / factor,
    handover_minutes: model.handover_minutes * factor,
  };
}

/**
 * How many recent orders the "no correction" prior is worth in waitCorrection: 3 orders correct half of
 * their median error, 12 four fifths (a single order's wait varies by minutes, the queue by tens).
 */
export const WAIT_PRIOR_WEIGHT = 3;
/** The wait correction never moves a pickup by more than this many minutes, either way. */
export const MAX_WAIT_CORRECTION_MINUTES = 30;

/**
 * Minutes to add to the predicted pickup of an order no driver has taken yet, from the error of the
 * last RECENT_MINUTES: for each order picked up since, its actual minutes placed → picked up against
 * the minutes the *uncorrected* prediction gave at placement (so the correction never feeds on itself).
 * The part of a prediction that is not ride time is mostly the wait for a driver, which the travel
 * model cannot see: when drivers are scarce the queue grows and every placement is late alike. The
 * median of the errors (robust to the one order forgotten on the pass), each weighing half as much
 * every RECENT_HALF_LIFE_MINUTES of its age (since pickup), shrunk toward 0 by n / (n +
 * WAIT_PRIOR_WEIGHT) with n the effective number of orders, bounded to ±MAX_WAIT_CORRECTION_MINUTES;
 * 0 without recent orders.
 */
export function waitCorrection(
  orders: readonly { actual_minutes: number; predicted_minutes: number; age_minutes?: number }[],
): number {
  const errors = orders
    .filter((o) => Number.isFinite(o.actual_minutes) && Number.isFinite(o.predicted_minutes))
    .map((o) => ({
      error: o.actual_minutes - o.predicted_minutes,
      weight: decayWeight(o.age_minutes ?? 0, RECENT_HALF_LIFE_MINUTES),
    }))
    .sort((a, b) => a.error - b.error);
  if (errors.length === 0) return 0;
  const total = errors.reduce((s, e) => s + e.weight, 0);
  let median = 0;
  let below = 0;
  for (let i = 0; i < errors.length; i++) {
    const e = errors[i] as { error: number; weight: number };
    below += e.weight;
    if (below >= total / 2) {
      median =
        below === total / 2 && i + 1 < errors.length
          ? (e.error + (errors[i + 1] as { error: number }).error) / 2
          : e.error;
      break;
    }
  }
  const n = (total * total) / errors.reduce((s, e) => s + e.weight * e.weight, 0);
  const shrunk = (median * n) / (n + WAIT_PRIOR_WEIGHT);
  return Math.min(MAX_WAIT_CORRECTION_MINUTES, Math.max(-MAX_WAIT_CORRECTION_MINUTES, shrunk));
}

/**
 * The promise made when an order is placed: prep (with busy minutes), a driver's way there, the ride;
 * plus the wait correction when no driver is free (waitCorrection), only when it lengthens the wait:
 * the promise's allowance for a driver is already shorter than NO_DRIVER_WAIT_MINUTES, so drivers
 * coming free sooner than that says nothing about it.
 */
export function promiseMinutes(prep: number, travel: TravelModel, km: number, waitMinutes = 0): number {
  return Math.round(prep + DRIVER_ALLOWANCE_MINUTES + Math.max(0, waitMinutes) + travelMinutes(travel, km));
}

/** Everything the prediction of one active order needs; distances are straight-line km. */
export interface EtaInput {
  status: OrderStatus;
  created_at: Date;
  status_changed_at: Date;
  picked_up_at: Date | null;
  promised_at: Date | null;
  /** Predicted preparation minutes (prepMinutes for the hour it was created, busy minutes included). */
  prep_minutes: number;
  /** Restaurant → customer. */
  trip_km: number;
  /** The assigned driver's distance to where they go next (restaurant, or the customer once picked up); null without a known position. */
  driver_km: number | null;
  has_driver: boolean;
  /** Unassigned: the nearest free driver's distance to the restaurant; null when nobody is free. */
  nearest_free_km: number | null;
  travel: TravelModel;
  /** Minutes added to the pickup while no driver is assigned (waitCorrection); 0 when absent. */
  wait_correction_minutes?: number;
}

export interface EtaPrediction {
  predicted_pickup_at: Date;
  predicted_delivery_at: Date;
  risk_reason: RiskReason | null;
}

const after = (at: Date, minutes: number) => new Date(at.getTime() + minutes * MINUTE);
const later = (a: Date, b: Date) => (a.getTime() >= b.getTime() ? a : b);

/**
 * Predicts pickup and delivery of an active order at `now`: the food is ready at creation + prep (or
 * already is), a driver reaches the restaurant (the assigned one from their position, else the nearest
 * free one, else whoever comes free), pickup is the later of the two (moved by the learned wait
 * correction while no driver is assigned), then the ride. The reason of a
 * predicted miss is what holds the order up: the kitchen, the lack of a driver near, or the driver's way.
 */
export function predictEta(input: EtaInput, now: Date): EtaPrediction {
  const { travel } = input;
  if (input.status === 'in_delivery' || input.status === 'no_answer') {
    const pickup = input.picked_up_at ?? input.status_changed_at;
    const ride =
      input.status === 'no_answer'
        ? travel.handover_minutes
        : input.driver_km !== null
          ? travelMinutes(travel, input.driver_km)
          : Math.max(
              travel.handover_minutes,
              travelMinutes(travel, input.trip_km) - (now.getTime() - pickup.getTime()) / MINUTE,
            );
    const delivery = after(now, ride);
    return {
      predicted_pickup_at: pickup,
      predicted_delivery_at: delivery,
      risk_reason: missed(input.promised_at, delivery) ? 'driver_far' : null,
    };
  }
  const ready =
    input.status === 'ready_for_pickup'
      ? input.status_changed_at
      : later(now, after(input.created_at, input.prep_minutes));
  const driverAt = input.has_driver
    ? after(
        now,
        input.driver_km !== null ? travelMinutes(travel, input.driver_km, false) : DRIVER_ALLOWANCE_MINUTES,
      )
    : after(
        now,
        input.nearest_free_km !== null
          ? travelMinutes(travel, input.nearest_free_km, false) + 1
          : NO_DRIVER_WAIT_MINUTES,
      );
  const wait = input.has_driver ? 0 : (input.wait_correction_minutes ?? 0);
  const pickup = later(after(later(ready, driverAt), wait), now);
  const delivery = after(pickup, travelMinutes(travel, input.trip_km));
  let reason: RiskReason | null = null;
  if (missed(input.promised_at, delivery)) {
    if (ready.getTime() >= driverAt.getTime()) reason = 'kitchen_slow';
    else if (!input.has_driver) reason = 'no_driver_near';
    else reason = 'driver_far';
  }
  return { predicted_pickup_at: pickup, predicted_delivery_at: delivery, risk_reason: reason };
}

function missed(promised: Date | null, delivery: Date): boolean {
  return promised !== null && delivery.getTime() > promised.getTime() + RISK_GRACE_MINUTES * MINUTE;
}

/** Whether a new prediction is worth a history row: a move of a minute or more, or a new reason. */
export function etaMoved(
  before: {
    predicted_delivery_at: Date | null;
    predicted_pickup_at: Date | null;
    risk_reason: string | null;
  },
  next: EtaPrediction,
): boolean {
  const moved = (a: Date | null, b: Date) => a === null || Math.abs(a.getTime() - b.getTime()) >= MINUTE;
  return (
    before.risk_reason !== next.risk_reason ||
    moved(before.predicted_delivery_at, next.predicted_delivery_at) ||
    moved(before.predicted_pickup_at, next.predicted_pickup_at)
  );
}

/** An order's promise, its current prediction and the history of both, on its details. */
export const orderEtaSchema = z.object({
  promised_at: z.string().nullable(),
  predicted_pickup_at: z.string().nullable(),
  predicted_delivery_at: z.string().nullable(),
  risk_reason: z.enum(RISK_REASONS).nullable(),
  history: z.array(
    z.object({
      promised_at: z.string().nullable(),
      predicted_pickup_at: z.string().nullable(),
      predicted_delivery_at: z.string().nullable(),
      risk_reason: z.enum(RISK_REASONS).nullable(),
      created_at: z.string(),
    }),
  ),
});
export type OrderEta = z.infer<typeof orderEtaSchema>;
