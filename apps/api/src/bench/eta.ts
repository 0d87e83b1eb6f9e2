import {
  correctTravel,
  decayWeight,
  ETA_DEFAULTS,
  type EtaInput,
  fitTravel,
  LEARNING_DAYS,
  type PrepModel,
  predictEta,
  prepMinutes,
  promiseMinutes,
  RECENT_MINUTES,
  recentCorrection,
  STATUS_TARGET_MINUTES,
  type TravelModel,
  travelMinutes,
  VEHICLE_TYPES,
  type VehicleType,
  waitCorrection,
  weightedRegression,
} from '@dostava/shared';
import { type Random, seededRandom } from '../simulator/geo.js';

/**
 * `npm run bench:eta`: replays a seeded simulated evening through the real prediction code (shared
 * prepMinutes, fitTravel, promiseMinutes, predictEta) and prints the ETA error — |predicted − actual
 * delivery| in minutes, median and p90, at placement and at pickup — beside the naive constant-target
 * estimate the board uses today (status start + STATUS_TARGET_MINUTES of every status still to come)
 * and beside the old fixed estimate (25 min + 3 min per km). Four weeks of history come first, from the
 * same kitchens and drivers, to learn from: prep medians per restaurant and hour of the week, and a
 * regression of ride minutes on straight-line km with the median ping speed, as the SQL refresh does.
 * Several seeds, then the spread over them. Pure computation: no database, no server.
 *
 * Two travel learners run side by side on the same evening (the same orders, drivers and rides):
 * today's (every ride of the 28 days weighs the same) and the learning one (rides decay with a half-life
 * of TRAVEL_HALF_LIFE_DAYS, and the last RECENT_MINUTES' rides correct the ride times, shared
 * recentCorrection). Both relearn every 15 minutes from the rides delivered so far, as the API's timer
 * does. Besides the steady evening, two where every driver becomes 30 % faster or slower halfway
 * through: error (MAE) and bias (predicted − actual) before and after the change, and how long after
 * it the error at pickup is back within RECOVERY_BOUND_MINUTES. A third learner is the learning one plus
 * the wait correction (shared waitCorrection): orders placed while no driver is free get their pickup
 * moved by the error of the last hour's such orders, placed → picked up, against the learning
 * learner's uncorrected prediction at placement. Besides the usual evening, a quiet one (half the
 * orders) and a strained one (ten drivers): the error at placement of the three learners.
 */

const MINUTE = 60_000;
/** Friday 17:00 … 22:00, hours of the week 113 … 117. */
const EVENING_START_HOW = 4 * 24 + 17;
const EVENING_HOURS = 5;
const HISTORY_DAYS = 28;
const RESTAURANTS = 8;
const DRIVERS = 14;
const TICK_MIN = 0.25;
const DAY = 24 * 60 * MINUTE;
/** Both learners relearn this often, as the API's timer (MODELS_EVERY_MS). */
const REFRESH_MINUTES = 15;
/** Recovered: the mean signed error at pickup of the last RECOVERY_WINDOW_MINUTES stays within this. */
const RECOVERY_BOUND_MINUTES = 1;
const RECOVERY_WINDOW_MINUTES = 30;

/** An evening's load: drivers on shift and the arrival rate (× the usual Friday's). */
interface Evening {
  label: string;
  drivers: number;
  rate: number;
}
const EVENINGS = {
  usual: { label: 'usual', drivers: DRIVERS, rate: 1 },
  quiet: { label: 'quiet (half the orders)', drivers: DRIVERS, rate: 0.5 },
  strained: { label: 'strained (10 drivers)', drivers: 10, rate: 1 },
} satisfies Record<string, Evening>;

interface Place {
  x: number;
  y: number;
}
const km = (a: Place, b: Place) => Math.hypot(a.x - b.x, a.y - b.y);

interface Kitchen extends Place {
  id: number;
  base: number;
  /** Multiplies preparation at peak (lunch and dinner): 1 for a steady kitchen. */
  peak: number;
}
interface Driver extends Place {
  id: number;
  type: VehicleType;
  /** True speed (km/h) and detour of this driver's roads. */
  speed: number;
  detour: number;
  order: Order | null;
  /** 'to_restaurant' | 'waiting' | 'to_customer' | 'handover' */
  leg: 'to_restaurant' | 'waiting' | 'to_customer' | 'handover' | null;
  handoverLeft: number;
}
interface Order {
  id: number;
  kitchen: Kitchen;
  to: Place;
  created: number;
  accepted: number;
  ready: number;
  pickedUp: number | null;
  delivered: number | null;
  promised: number;
  /** The promise per learner (today's is `promised`): the learning one's travel, then also the wait correction when nobody is free. */
  promisedBy: Record<Learner, number>;
  predictedAtPlacement: number;
  adaptiveAtPlacement: number;
  /** The learning learner's uncorrected minutes placed → picked up, predicted at placement (its wait correction learns from it). */
  adaptiveWait: number;
  waitingAtPlacement: number;
  /** No driver was free at placement: the prediction assumed NO_DRIVER_WAIT_MINUTES (the wait correction's orders). */
  noneFree: boolean;
  naiveAtPlacement: number;
  fixedAtPlacement: number;
  predictedAtPickup: number | null;
  adaptiveAtPickup: number | null;
  naiveAtPickup: number | null;
  driver: Driver | null;
}

/** A delivered ride as the learning reads it: when, vehicle, straight-line km, minutes, ping speed. */
interface Ride {
  at: number;
  type: VehicleType;
  km: number;
  minutes: number;
  kmh: number;
}

const TRUE_SPEED: Record<VehicleType, number> = { bike: 15, scooter: 24, car: 28 };

function normal(random: Random) {
  const u = Math.max(1e-9, random());
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
const isPeak = (hourOfDay: number) =>
  (hourOfDay >= 12 && hourOfDay < 14) || (hourOfDay >= 18 && hourOfDay < 21);

function world(random: Random, driverCount = DRIVERS) {
  const point = (radius: number): Place => {
    const r = radius * Math.sqrt(random());
    const a = 2 * Math.PI * random();
    return { x: r * Math.cos(a), y: r * Math.sin(a) };
  };
  const kitchens: Kitchen[] = Array.from({ length: RESTAURANTS }, (_, i) => ({
    id: i + 1,
    ...point(3),
    base: 12 + random() * 16,
    // Every third kitchen slows down at peak, as the simulator's do.
    peak: i % 3 === 0 ? 1.6 + random() * 0.4 : 1,
  }));
  const trueTravel = (type: VehicleType) => ({
    speed: TRUE_SPEED[type] * (0.85 + random() * 0.3),
    detour: 1.25 + random() * 0.25,
  });
  const drivers: Driver[] = Array.from({ length: driverCount }, (_, i) => {
    const type = VEHICLE_TYPES[i % VEHICLE_TYPES.length] as VehicleType;
    return { id: i + 1, type, ...point(3), ...trueTravel(type), order: null, leg: null, handoverLeft: 0 };
  });
  const prepOf = (k: Kitchen, hourOfDay: number) =>
    k.base * (isPeak(hourOfDay) ? k.peak : 1) * Math.exp(0.25 * normal(random));
  const handover = () => 1.5 + random() * 3;
  return { kitchens, drivers, prepOf, handover, point };
}

const median = (values: number[]) => quantile(values, 0.5);
function quantile(values: number[], q: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}

/**
 * Four weeks of history, learned the way the SQL refresh learns it: prep medians per restaurant and hour
 * of the week, and the rides (with their ping speeds) the travel learners fit, ending at `start`.
 */
function learn(w: ReturnType<typeof world>, random: Random, start: number) {
  const prep = new Map<number, PrepModel>();
  for (const k of w.kitchens) {
    const byHour = new Map<number, number[]>();
    const all: number[] = [];
    for (let day = 0; day < HISTORY_DAYS; day++) {
      for (let hour = 10; hour < 23; hour++) {
        const orders = Math.round((isPeak(hour) ? 2 : 0.6) * random() * 2);
        for (let i = 0; i < orders; i++) {
          const minutes = w.prepOf(k, hour);
          const how = (day % 7) * 24 + hour;
          byHour.set(how, [...(byHour.get(how) ?? []), minutes]);
          all.push(minutes);
        }
      }
    }
    prep.set(k.id, {
      overall: all.length ? { minutes: median(all), samples: all.length } : null,
      hours: new Map([...byHour].map(([how, v]) => [how, { minutes: median(v), samples: v.length }])),
    });
  }
  const rides: Ride[] = [];
  const RIDES = 120;
  for (const d of w.drivers) {
    for (let i = 0; i < RIDES; i++) {
      const trip = 0.3 + random() * 5;
      const minutes = (trip * d.detour * 60) / d.speed + w.handover();
      // Pings a few seconds apart measure the moving speed (with GPS noise); one figure per ride.
      const kmh = d.speed * (1 + 0.15 * normal(random));
      normal(random); // the former per-type ping, kept so the seeded worlds stay as they were
      rides.push({
        at: start - ((i + 0.5) / RIDES) * HISTORY_DAYS * DAY,
        type: d.type,
        km: trip,
        minutes,
        kmh,
      });
    }
  }
  return { prep, rides };
}

type Learner = 'today' | 'learning' | 'waiting';

/**
 * The travel models at `now` from the rides delivered so far, as the SQL refresh fits them: a least
 * squares line per vehicle type and pooled ('any') over the last LEARNING_DAYS — every ride alike for
 * today's learner, decayed by age for the learning one — and the median ping speed of the last day.
 */
function fitModels(rides: readonly Ride[], now: number, learner: Learner) {
  const kept = rides.filter((r) => r.at <= now && r.at >= now - LEARNING_DAYS * DAY);
  const fitOf = (type: string, prior: TravelModel) => {
    const mine = kept.filter((r) => type === 'any' || r.type === type);
    const pings = mine.filter((r) => r.at >= now - DAY).map((r) => r.kmh);
    return fitTravel(
      {
        ...weightedRegression(
          mine.map((r) => ({
            km: r.km,
            minutes: r.minutes,
            weight: learner === 'today' ? 1 : decayWeight((now - r.at) / DAY),
          })),
        ),
        ping_speed_kmh: pings.length ? median(pings) : type === 'any' ? null : prior.speed_kmh,
      },
      prior,
    );
  };
  const any = fitOf('any', ETA_DEFAULTS);
  const fits = new Map<string, TravelModel>([['any', any]]);
  for (const type of VEHICLE_TYPES) fits.set(type, fitOf(type, any));
  return (type: string | null) => fits.get(type ?? 'any') ?? any;
}

/** The learning learner's models corrected by the rides of the last RECENT_MINUTES (as loadTravel). */
function corrected(models: (type: string | null) => TravelModel, rides: readonly Ride[], now: number) {
  const recent = rides.filter((r) => r.at <= now && r.at > now - RECENT_MINUTES * MINUTE);
  const factor = recentCorrection(
    recent.map((r) => ({
      actual_minutes: r.minutes,
      predicted_minutes: travelMinutes(models(r.type), r.km),
      age_minutes: (now - r.at) / MINUTE,
    })),
  );
  return (type: string | null) => correctTravel(models(type), factor);
}

/** The naive estimate: the current status's start + the target minutes of it and every later one. */
function naive(status: 'created' | 'in_delivery', since: number) {
  const chain = ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery'] as const;
  const rest = chain.slice(chain.indexOf(status));
  return since + rest.reduce((s, st) => s + (STATUS_TARGET_MINUTES[st] ?? 0), 0) * MINUTE;
}

/** A delivered order's times and signed errors (predicted − actual delivery, minutes) per learner. */
export interface Delivered {
  created: number;
  pickedUp: number;
  delivered: number;
  placement: Record<Learner, number>;
  pickup: Record<Learner, number>;
  /** Promised − actual delivery, minutes. */
  promise: Record<Learner, number>;
}

export interface EveningResult {
  orders: number;
  onTime: number;
  /** Absolute errors in minutes; `learned` is today's learner, `learning` the one that learns this week. */
  placement: { learned: number[]; learning: number[]; waiting: number[]; naive: number[]; fixed: number[] };
  pickup: { learned: number[]; learning: number[]; naive: number[] };
  /** When the drivers' pace changed (halfway through the evening), when orders stopped, every delivered order. */
  changeAt: number;
  endAt: number;
  delivered: Delivered[];
}

/**
 * One simulated Friday evening; deterministic for a seed. Halfway through it every driver's speed is
 * multiplied by `pace` (1: the steady evening).
 */
export function runEvening(seed: number, pace = 1, evening: Evening = EVENINGS.usual): EveningResult {
  const random = seededRandom(seed);
  // The pings' noise of the evening's rides has its own stream, so the world stays the seed's.
  const pingRandom = seededRandom(seed + 7919);
  const w = world(random, evening.drivers);
  const start = Date.UTC(2026, 10, 20, 16, 0); // Friday 17:00 in Sarajevo
  const end = start + EVENING_HOURS * 60 * MINUTE;
  const changeAt = start + (EVENING_HOURS / 2) * 60 * MINUTE;
  let changed = pace === 1;
  const { prep, rides } = learn(w, random, start);
  const model = { prep, travel: fitModels(rides, start, 'today') };
  let learning = fitModels(rides, start, 'learning');
  let refreshedAt = start;
  let correctedAt = Number.NaN;
  let adaptive = learning;
  /** The learning learner's travel at `t`: relearned every REFRESH_MINUTES, corrected every tick. */
  const adaptiveAt = (t: number) => {
    if (correctedAt !== t) {
      adaptive = corrected(learning, rides, t);
      correctedAt = t;
    }
    return adaptive;
  };
  const orders: Order[] = [];
  let waitAt = Number.NaN;
  let wait = 0;
  /**
   * The waiting learner's wait correction at `t`, from the orders placed while no driver was free and
   * picked up in the last RECENT_MINUTES, against the learning learner's prediction at placement (as loadWait).
   */
  const waitCorrectionAt = (t: number) => {
    if (waitAt !== t) {
      wait = waitCorrection(
        orders
          .filter(
            (o) =>
              o.noneFree &&
              o.pickedUp !== null &&
              o.pickedUp <= t &&
              o.pickedUp > t - RECENT_MINUTES * MINUTE,
          )
          .map((o) => ({
            actual_minutes: ((o.pickedUp ?? 0) - o.created) / MINUTE,
            predicted_minutes: o.adaptiveWait,
            age_minutes: (t - (o.pickedUp ?? 0)) / MINUTE,
          })),
      );
      waitAt = t;
    }
    return wait;
  };
  let nextArrival = start;
  const rate = (t: number) => {
    const hourOfDay = 17 + (t - start) / (60 * MINUTE);
    return (isPeak(hourOfDay) ? 0.5 : 0.25) * evening.rate; // orders per minute
  };
  const at = (t: number, minutes: number) => t + minutes * MINUTE;

  for (let t = start; t < end + 3 * 60 * MINUTE; t += TICK_MIN * MINUTE) {
    const hourOfDay = 17 + Math.floor((t - start) / (60 * MINUTE));
    if (!changed && t >= changeAt) {
      for (const d of w.drivers) d.speed *= pace;
      changed = true;
    }
    if (t - refreshedAt >= REFRESH_MINUTES * MINUTE) {
      model.travel = fitModels(rides, t, 'today');
      learning = fitModels(rides, t, 'learning');
      refreshedAt = t;
    }
    const free = w.drivers.filter((d) => d.order === null);
    // Arrivals (Poisson), only during the evening.
    while (t < end && nextArrival <= t) {
      const kitchen = w.kitchens[Math.floor(random() * w.kitchens.length)] as Kitchen;
      const to = { x: kitchen.x + (random() - 0.5) * 6, y: kitchen.y + (random() - 0.5) * 6 };
      const trip = km(kitchen, to);
      const how = EVENING_START_HOW + (hourOfDay - 17);
      const prep = prepMinutes(model.prep.get(kitchen.id), how);
      const promised = at(t, promiseMinutes(prep, model.travel('any'), trip));
      const nearest = free.length ? Math.min(...free.map((d) => km(d, kitchen))) : null;
      const input: EtaInput = {
        status: 'created',
        created_at: new Date(t),
        status_changed_at: new Date(t),
        picked_up_at: null,
        promised_at: new Date(promised),
        prep_minutes: prep,
        trip_km: trip,
        driver_km: null,
        has_driver: false,
        nearest_free_km: nearest,
        travel: model.travel('any'),
      };
      const predicted = predictEta(input, new Date(t)).predicted_delivery_at.getTime();
      const adaptivePrediction = predictEta({ ...input, travel: adaptiveAt(t)('any') }, new Date(t));
      const adaptivePredicted = adaptivePrediction.predicted_delivery_at.getTime();
      const waitingPredicted = predictEta(
        {
          ...input,
          travel: adaptiveAt(t)('any'),
          wait_correction_minutes: nearest === null ? waitCorrectionAt(t) : 0,
        },
        new Date(t),
      ).predicted_delivery_at.getTime();
      const accepted = at(t, 1 + random() * 4);
      orders.push({
        id: orders.length + 1,
        kitchen,
        to,
        created: t,
        accepted,
        ready: Math.max(accepted, at(t, w.prepOf(kitchen, hourOfDay))),
        pickedUp: null,
        delivered: null,
        promised,
        promisedBy: {
          today: promised,
          learning: at(t, promiseMinutes(prep, adaptiveAt(t)('any'), trip)),
          waiting: at(
            t,
            promiseMinutes(prep, adaptiveAt(t)('any'), trip, nearest === null ? waitCorrectionAt(t) : 0),
          ),
        },
        predictedAtPlacement: predicted,
        adaptiveAtPlacement: adaptivePredicted,
        adaptiveWait: (adaptivePrediction.predicted_pickup_at.getTime() - t) / MINUTE,
        waitingAtPlacement: waitingPredicted,
        noneFree: nearest === null,
        naiveAtPlacement: naive('created', t),
        fixedAtPlacement: at(t, 25 + Math.round(trip * 3)),
        predictedAtPickup: null,
        adaptiveAtPickup: null,
        naiveAtPickup: null,
        driver: null,
      });
      nextArrival += Math.max(1, (-Math.log(Math.max(1e-9, 1 - random())) / rate(nextArrival)) * MINUTE);
    }
    // Dispatch: the oldest waiting order gets the nearest free driver.
    for (const order of orders) {
      if (order.driver || order.delivered !== null) continue;
      const candidates = w.drivers.filter((d) => d.order === null);
      if (candidates.length === 0) break;
      const driver = candidates.reduce((a, b) => (km(a, order.kitchen) <= km(b, order.kitchen) ? a : b));
      driver.order = order;
      driver.leg = 'to_restaurant';
      order.driver = driver;
    }
    // Drivers move along the straight line at speed / detour: a ride takes km × detour / speed.
    const step = TICK_MIN / 60;
    for (const d of w.drivers) {
      const order = d.order;
      if (!order) continue;
      const target = d.leg === 'to_restaurant' ? order.kitchen : d.leg === 'to_customer' ? order.to : null;
      if (target) {
        const left = km(d, target);
        const reach = (d.speed / d.detour) * step;
        if (left <= reach) {
          d.x = target.x;
          d.y = target.y;
          if (d.leg === 'to_restaurant') d.leg = 'waiting';
          else {
            d.leg = 'handover';
            d.handoverLeft = w.handover();
          }
        } else {
          d.x += ((target.x - d.x) / left) * reach;
          d.y += ((target.y - d.y) / left) * reach;
        }
      }
      if (d.leg === 'waiting' && t >= order.ready) {
        d.leg = 'to_customer';
        order.pickedUp = t;
        const onTheRoad = (travel: TravelModel): EtaInput => ({
          status: 'in_delivery',
          created_at: new Date(order.created),
          status_changed_at: new Date(t),
          picked_up_at: new Date(t),
          promised_at: new Date(order.promised),
          prep_minutes: 0,
          trip_km: km(order.kitchen, order.to),
          driver_km: km(order.kitchen, order.to),
          has_driver: true,
          nearest_free_km: null,
          travel,
        });
        order.predictedAtPickup = predictEta(
          onTheRoad(model.travel(d.type)),
          new Date(t),
        ).predicted_delivery_at.getTime();
        order.adaptiveAtPickup = predictEta(
          onTheRoad(adaptiveAt(t)(d.type)),
          new Date(t),
        ).predicted_delivery_at.getTime();
        order.naiveAtPickup = naive('in_delivery', t);
      } else if (d.leg === 'handover') {
        d.handoverLeft -= TICK_MIN;
        if (d.handoverLeft <= 0) {
          order.delivered = t;
          rides.push({
            at: t,
            type: d.type,
            km: km(order.kitchen, order.to),
            minutes: (t - (order.pickedUp ?? t)) / MINUTE,
            kmh: d.speed * (1 + 0.15 * normal(pingRandom)),
          });
          d.order = null;
          d.leg = null;
        }
      }
    }
  }
  const done = orders.filter((o) => o.delivered !== null);
  const err = (predicted: number, o: Order) => Math.abs(predicted - (o.delivered ?? 0)) / MINUTE;
  const signed = (predicted: number | null, o: Order) => ((predicted ?? 0) - (o.delivered ?? 0)) / MINUTE;
  return {
    orders: done.length,
    onTime: done.filter((o) => (o.delivered ?? 0) <= o.promised).length,
    placement: {
      learned: done.map((o) => err(o.predictedAtPlacement, o)),
      learning: done.map((o) => err(o.adaptiveAtPlacement, o)),
      waiting: done.map((o) => err(o.waitingAtPlacement, o)),
      naive: done.map((o) => err(o.naiveAtPlacement, o)),
      fixed: done.map((o) => err(o.fixedAtPlacement, o)),
    },
    pickup: {
      learned: done.map((o) => err(o.predictedAtPickup ?? 0, o)),
      learning: done.map((o) => err(o.adaptiveAtPickup ?? 0, o)),
      naive: done.map((o) => err(o.naiveAtPickup ?? 0, o)),
    },
    changeAt,
    endAt: end,
    delivered: done.map((o) => ({
      created: o.created,
      pickedUp: o.pickedUp ?? 0,
      delivered: o.delivered ?? 0,
      placement: {
        today: signed(o.predictedAtPlacement, o),
        learning: signed(o.adaptiveAtPlacement, o),
        waiting: signed(o.waitingAtPlacement, o),
      },
      promise: {
        today: signed(o.promisedBy.today, o),
        learning: signed(o.promisedBy.learning, o),
        waiting: signed(o.promisedBy.waiting, o),
      },
      // On the road no wait is left to correct: the waiting learner predicts as the learning one.
      pickup: {
        today: signed(o.predictedAtPickup, o),
        learning: signed(o.adaptiveAtPickup, o),
        waiting: signed(o.adaptiveAtPickup, o),
      },
    })),
  };
}

const f = (n: number) => n.toFixed(1).padStart(6);
const spread = (values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return `${mean.toFixed(1)} ± ${sd.toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
};

const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;

/** MAE and bias (mean predicted − actual) of signed errors, in minutes. */
const errorOf = (signedErrors: number[]) => ({
  mae: mean(signedErrors.map(Math.abs)),
  bias: mean(signedErrors),
});

/**
 * Minutes (and orders picked up) after the change until the mean signed error at pickup over the last
 * RECOVERY_WINDOW_MINUTES is within ±RECOVERY_BOUND_MINUTES and stays there for the rest of the evening
 * (windows of at least 5 orders, until 22:00: after it the last few orders drain); null when it never is.
 */
function recovery(result: EveningResult, learner: Learner): { minutes: number; orders: number } | null {
  const after = result.delivered
    .filter((d) => d.pickedUp >= result.changeAt && d.pickedUp < result.endAt)
    .sort((a, b) => a.pickedUp - b.pickedUp);
  let since: number | null = null;
  for (let i = 0; i < after.length; i++) {
    const now = (after[i] as Delivered).pickedUp;
    const window = after.slice(0, i + 1).filter((d) => d.pickedUp > now - RECOVERY_WINDOW_MINUTES * MINUTE);
    if (window.length < 5) continue;
    const inside = Math.abs(errorOf(window.map((d) => d.pickup[learner])).bias) <= RECOVERY_BOUND_MINUTES;
    if (!inside) since = null;
    else if (since === null) since = i;
  }
  if (since === null) return null;
  const at = after[since] as Delivered;
  return { minutes: (at.pickedUp - result.changeAt) / MINUTE, orders: since + 1 };
}

const LEARNERS: { learner: Learner; label: string }[] = [
  { learner: 'today', label: "today's (28 days alike)" },
  { learner: 'learning', label: 'learning (decay + last hour)' },
  { learner: 'waiting', label: '+ wait from the last hour' },
];

function changeScenario(seeds: number[], pace: number) {
  const results = seeds.map((seed) => ({ seed, result: runEvening(seed, pace) }));
  const name =
    pace > 1 ? `${Math.round((pace - 1) * 100)} % faster` : `${Math.round((1 - pace) * 100)} % slower`;
  console.log(
    `\nDrivers ${name} from 19:30 (halfway), the same evenings. Phases by pickup (at pickup) or placement (at placement, and the promise made then): before the change, after it, and settled (from an hour after it). MAE and bias (predicted − actual) in minutes, mean ± sd (min–max) over ${seeds.length} seeds:`,
  );
  for (const stage of ['pickup', 'placement', 'promise'] as const) {
    // At pickup the waiting learner is the learning one (nothing left to wait for).
    for (const { learner, label } of LEARNERS.filter((l) => stage !== 'pickup' || l.learner !== 'waiting')) {
      const phases = results.map(({ result }) => {
        const when = (d: Delivered) => (stage === 'pickup' ? d.pickedUp : d.created);
        const of = (keep: (at: number) => boolean) =>
          errorOf(result.delivered.filter((d) => keep(when(d))).map((d) => d[stage][learner]));
        return {
          before: of((at) => at < result.changeAt),
          after: of((at) => at >= result.changeAt),
          settled: of((at) => at >= result.changeAt + 60 * MINUTE),
        };
      });
      const cell = (pick: (p: (typeof phases)[number]) => number) => spread(phases.map(pick)).padEnd(25);
      for (const what of ['mae', 'bias'] as const) {
        console.log(
          `  ${stage.padEnd(9)} · ${label.padEnd(30)} ${what.toUpperCase().padEnd(4)} before ${cell((p) => p.before[what])} after ${cell((p) => p.after[what])} settled ${cell((p) => p.settled[what])}`,
        );
      }
    }
  }
  console.log(
    `  back within ±${RECOVERY_BOUND_MINUTES} min (mean error at pickup of the last ${RECOVERY_WINDOW_MINUTES} min, for good), per seed ${seeds.join(', ')}:`,
  );
  for (const { learner, label } of LEARNERS.filter((l) => l.learner !== 'waiting')) {
    const each = results.map(({ result }) => recovery(result, learner));
    const got = each.filter((r) => r !== null);
    const perSeed = each
      .map((r) => (r === null ? 'never' : `${r.minutes.toFixed(0)} min/${r.orders} orders`))
      .join(', ');
    const summary = got.length
      ? `${got.length}/${seeds.length} seeds; minutes ${spread(got.map((r) => r.minutes))}, orders ${spread(got.map((r) => r.orders))}`
      : `0/${seeds.length} seeds`;
    console.log(`    ${label.padEnd(30)} ${summary}  [${perSeed}]`);
  }
}

/** A steady evening of another load: the error at placement over the evening, its first and second half (by placement). */
function loadScenario(seeds: number[], evening: Evening) {
  const results = seeds.map((seed) => runEvening(seed, 1, evening));
  const delivered = results.map((r) => r.orders);
  console.log(
    `\nA ${evening.label} steady evening: ${spread(delivered)} orders delivered, ${spread(results.map((r) => (100 * r.onTime) / r.orders))} % by the promise. At placement, MAE and bias in minutes, mean ± sd (min–max) over ${seeds.length} seeds:`,
  );
  for (const { learner, label } of LEARNERS) {
    const phases = results.map((result) => {
      const of = (keep: (at: number) => boolean) =>
        errorOf(result.delivered.filter((d) => keep(d.created)).map((d) => d.placement[learner]));
      return {
        all: of(() => true),
        first: of((at) => at < result.changeAt),
        second: of((at) => at >= result.changeAt),
        promise: errorOf(result.delivered.map((d) => d.promise[learner])),
        onTime: (100 * result.delivered.filter((d) => d.promise[learner] >= 0).length) / result.orders,
      };
    });
    const cell = (pick: (p: (typeof phases)[number]) => number) => spread(phases.map(pick)).padEnd(25);
    for (const what of ['mae', 'bias'] as const) {
      console.log(
        `  placement · ${label.padEnd(30)} ${what.toUpperCase().padEnd(4)} evening ${cell((p) => p.all[what])} 17–19:30 ${cell((p) => p.first[what])} 19:30–22 ${cell((p) => p.second[what])}`,
      );
    }
    console.log(
      `  promise   · ${label.padEnd(30)} MAE  ${cell((p) => p.promise.mae)} bias ${cell((p) => p.promise.bias)} by the promise ${cell((p) => p.onTime)} %`,
    );
  }
}

function main() {
  const seeds = (process.env.BENCH_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
  const rows: { label: string; pick: (r: EveningResult) => number[] }[] = [
    { label: "placement · learned, today's", pick: (r) => r.placement.learned },
    { label: 'placement · learning', pick: (r) => r.placement.learning },
    { label: 'placement · + learned wait', pick: (r) => r.placement.waiting },
    { label: 'placement · naive targets', pick: (r) => r.placement.naive },
    { label: 'placement · fixed 25+3/km', pick: (r) => r.placement.fixed },
    { label: "pickup    · learned, today's", pick: (r) => r.pickup.learned },
    { label: 'pickup    · learning', pick: (r) => r.pickup.learning },
    { label: 'pickup    · naive targets', pick: (r) => r.pickup.naive },
  ];
  const results = seeds.map((seed) => ({ seed, result: runEvening(seed) }));
  console.log(
    `ETA error on a simulated Friday evening (17–22 h, ${RESTAURANTS} restaurants of which every third slow at peak, ${DRIVERS} drivers), |predicted − actual delivery| in minutes\n`,
  );
  for (const { seed, result } of results) {
    console.log(
      `seed ${seed}: ${result.orders} orders delivered, ${((100 * result.onTime) / result.orders).toFixed(0)}% by the promise`,
    );
    for (const row of rows) {
      const v = row.pick(result);
      console.log(`  ${row.label.padEnd(30)} median ${f(median(v))}   p90 ${f(quantile(v, 0.9))}`);
    }
  }
  console.log(`\nOver ${seeds.length} seeds (mean ± sd (min–max) of each seed's figure):`);
  for (const row of rows) {
    const medians = results.map(({ result }) => median(row.pick(result)));
    const p90s = results.map(({ result }) => quantile(row.pick(result), 0.9));
    console.log(`  ${row.label.padEnd(30)} median ${spread(medians).padEnd(26)} p90 ${spread(p90s)}`);
  }
  for (const pace of [1.3, 0.7]) changeScenario(seeds, pace);
  for (const evening of [EVENINGS.usual, EVENINGS.quiet, EVENINGS.strained]) loadScenario(seeds, evening);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
