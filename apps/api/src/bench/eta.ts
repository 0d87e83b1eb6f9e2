import {
  ETA_DEFAULTS,
  type EtaInput,
  fitTravel,
  type PrepModel,
  predictEta,
  prepMinutes,
  promiseMinutes,
  STATUS_TARGET_MINUTES,
  type TravelModel,
  VEHICLE_TYPES,
  type VehicleType,
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
 */

const MINUTE = 60_000;
/** Friday 17:00 … 22:00, hours of the week 113 … 117. */
const EVENING_START_HOW = 4 * 24 + 17;
const EVENING_HOURS = 5;
const HISTORY_DAYS = 28;
const RESTAURANTS = 8;
const DRIVERS = 14;
const TICK_MIN = 0.25;

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
  predictedAtPlacement: number;
  naiveAtPlacement: number;
  fixedAtPlacement: number;
  predictedAtPickup: number | null;
  naiveAtPickup: number | null;
  driver: Driver | null;
}

const TRUE_SPEED: Record<VehicleType, number> = { bike: 15, scooter: 24, car: 28 };

function normal(random: Random) {
  const u = Math.max(1e-9, random());
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
const isPeak = (hourOfDay: number) =>
  (hourOfDay >= 12 && hourOfDay < 14) || (hourOfDay >= 18 && hourOfDay < 21);

function world(random: Random) {
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
  const drivers: Driver[] = Array.from({ length: DRIVERS }, (_, i) => {
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

/** Least squares of y on x: slope and intercept (the SQL refresh uses regr_slope / regr_intercept). */
function regression(points: { x: number; y: number }[]) {
  const n = points.length;
  if (n < 2) return { slope: null, intercept: null };
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  if (sxx === 0) return { slope: null, intercept: null };
  const slope = sxy / sxx;
  return { slope, intercept: my - slope * mx };
}

/** Four weeks of history, learned the way the SQL refresh learns it. */
function learn(w: ReturnType<typeof world>, random: Random) {
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
  const fits = new Map<string, TravelModel>();
  const rides = new Map<string, { x: number; y: number }[]>();
  const pings = new Map<string, number[]>();
  for (const d of w.drivers) {
    for (let i = 0; i < 120; i++) {
      const trip = 0.3 + random() * 5;
      const minutes = (trip * d.detour * 60) / d.speed + w.handover();
      for (const type of [d.type, 'any']) {
        rides.set(type, [...(rides.get(type) ?? []), { x: trip, y: minutes }]);
        // Pings a few seconds apart measure the moving speed (with GPS noise).
        pings.set(type, [...(pings.get(type) ?? []), d.speed * (1 + 0.15 * normal(random))]);
      }
    }
  }
  const fitOf = (type: string, prior: TravelModel) => {
    const points = rides.get(type) ?? [];
    return fitTravel(
      {
        ...regression(points),
        samples: points.length,
        ping_speed_kmh: median(pings.get(type) ?? []) || null,
      },
      prior,
    );
  };
  const any = fitOf('any', ETA_DEFAULTS);
  fits.set('any', any);
  for (const type of VEHICLE_TYPES) fits.set(type, fitOf(type, any));
  const travel = (type: string | null) => fits.get(type ?? 'any') ?? any;
  return { prep, travel };
}

/** The naive estimate: the current status's start + the target minutes of it and every later one. */
function naive(status: 'created' | 'in_delivery', since: number) {
  const chain = ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery'] as const;
  const rest = chain.slice(chain.indexOf(status));
  return since + rest.reduce((s, st) => s + (STATUS_TARGET_MINUTES[st] ?? 0), 0) * MINUTE;
}

export interface EveningResult {
  orders: number;
  onTime: number;
  /** Absolute errors in minutes. */
  placement: { learned: number[]; naive: number[]; fixed: number[] };
  pickup: { learned: number[]; naive: number[] };
}

/** One simulated Friday evening; deterministic for a seed. */
export function runEvening(seed: number): EveningResult {
  const random = seededRandom(seed);
  const w = world(random);
  const model = learn(w, random);
  const start = Date.UTC(2026, 10, 20, 16, 0); // Friday 17:00 in Sarajevo
  const end = start + EVENING_HOURS * 60 * MINUTE;
  const orders: Order[] = [];
  let nextArrival = start;
  const rate = (t: number) => {
    const hourOfDay = 17 + (t - start) / (60 * MINUTE);
    return isPeak(hourOfDay) ? 0.5 : 0.25; // orders per minute
  };
  const at = (t: number, minutes: number) => t + minutes * MINUTE;

  for (let t = start; t < end + 3 * 60 * MINUTE; t += TICK_MIN * MINUTE) {
    const hourOfDay = 17 + Math.floor((t - start) / (60 * MINUTE));
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
        predictedAtPlacement: predicted,
        naiveAtPlacement: naive('created', t),
        fixedAtPlacement: at(t, 25 + Math.round(trip * 3)),
        predictedAtPickup: null,
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
        const travel = model.travel(d.type);
        order.predictedAtPickup = predictEta(
          {
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
          },
          new Date(t),
        ).predicted_delivery_at.getTime();
        order.naiveAtPickup = naive('in_delivery', t);
      } else if (d.leg === 'handover') {
        d.handoverLeft -= TICK_MIN;
        if (d.handoverLeft <= 0) {
          order.delivered = t;
          d.order = null;
          d.leg = null;
        }
      }
    }
  }
  const done = orders.filter((o) => o.delivered !== null);
  const err = (predicted: number, o: Order) => Math.abs(predicted - (o.delivered ?? 0)) / MINUTE;
  return {
    orders: done.length,
    onTime: done.filter((o) => (o.delivered ?? 0) <= o.promised).length,
    placement: {
      learned: done.map((o) => err(o.predictedAtPlacement, o)),
      naive: done.map((o) => err(o.naiveAtPlacement, o)),
      fixed: done.map((o) => err(o.fixedAtPlacement, o)),
    },
    pickup: {
      learned: done.map((o) => err(o.predictedAtPickup ?? 0, o)),
      naive: done.map((o) => err(o.naiveAtPickup ?? 0, o)),
    },
  };
}

const f = (n: number) => n.toFixed(1).padStart(6);
const spread = (values: number[]) => {
  const mean = values.reduce((s, v) => s + v, 0) / values.length;
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - mean) ** 2, 0) / Math.max(1, values.length - 1));
  return `${mean.toFixed(1)} ± ${sd.toFixed(1)} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
};

function main() {
  const seeds = (process.env.BENCH_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
  const rows: { label: string; pick: (r: EveningResult) => number[] }[] = [
    { label: 'placement · learned', pick: (r) => r.placement.learned },
    { label: 'placement · naive targets', pick: (r) => r.placement.naive },
    { label: 'placement · fixed 25+3/km', pick: (r) => r.placement.fixed },
    { label: 'pickup    · learned', pick: (r) => r.pickup.learned },
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
      console.log(`  ${row.label.padEnd(28)} median ${f(median(v))}   p90 ${f(quantile(v, 0.9))}`);
    }
  }
  console.log(`\nOver ${seeds.length} seeds (mean ± sd (min–max) of each seed's figure):`);
  for (const row of rows) {
    const medians = results.map(({ result }) => median(row.pick(result)));
    const p90s = results.map(({ result }) => quantile(row.pick(result), 0.9));
    console.log(`  ${row.label.padEnd(28)} median ${spread(medians).padEnd(26)} p90 ${spread(p90s)}`);
  }
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
