import {
  DISPATCH_DEFAULTS,
  type PrepModel,
  prepMinutes,
  promiseMinutes,
  RISK_GRACE_MINUTES,
  type TravelModel,
  travelMinutes,
  VEHICLE_TYPES,
  type VehicleType,
} from '@dostava/shared';
import {
  type CarriedOrder,
  evaluate,
  PLAN_DEFAULTS,
  type PlanDriver,
  type PlanOptions,
  type PlanOrder,
  type PlanSettings,
  planRound,
} from '../modules/dispatch/dispatch-plan.js';
import { type Random, seededRandom } from '../simulator/geo.js';

/**
 * `npm run bench:dispatch`: one seeded simulated Friday evening (a flat city in km, kitchens that slow
 * down at peak, drivers of three vehicle types, Poisson arrivals with an evening peak, promises made as
 * the product makes them) replayed under three dispatch policies, on the very same orders:
 *
 * - naive: the nearest free driver, first come first served, sent as soon as the kitchen accepts the
 *   order (a hurried dispatcher; one order per driver);
 * - suggest: every order that needs a driver takes the planner's best driver for it alone (`evaluate`
 *   per order, in arrival order, batching included), accepted at once (a dispatcher who always clicks);
 * - automatic: `planRound` over all waiting orders every 15 s; each pair is an offer the driver accepts
 *   (probability BENCH_ACCEPT, 0.85) after 5–30 s or lets expire after `offer_seconds`, never offered
 *   the same order again.
 *
 * Drivers ride straight lines × their detour at their own speed, wait at the restaurant for the food
 * and hand over. The planner knows only what the product would: the predicted preparation (the real
 * one is noisier and slower at peak), the vehicle type's speed, the fitted detour and handover.
 * Several seeds (BENCH_SEEDS, 1–5), then the spread over them; BENCH_DRIVERS, BENCH_PEAK_RATE and
 * BENCH_ACCEPT change the staffing, the peak's orders per minute and the drivers' acceptance. Pure
 * computation: no database, no server.
 */

const MINUTE = 60_000;
const TICK = 15_000;
/** Friday 17:00 … 22:00, hours of the week 113 … 117. */
const EVENING_START_HOW = 4 * 24 + 17;
const EVENING_HOURS = 5;
/** Orders still on the road at 22:00 are followed this long. */
const TAIL_HOURS = 3;
const RESTAURANTS = 25;
/** 60 drivers for ≈ 600 orders: the peak strains a hurried dispatcher without making every order late. */
const DRIVERS = Number(process.env.BENCH_DRIVERS ?? 60);
/** Orders per minute: quiet hours and the 18–21 h peak (≈ 600 orders in the evening). */
const RATE = { quiet: 1.2, peak: Number(process.env.BENCH_PEAK_RATE ?? 2.5) };
const CITY_KM = 4;
const ACCEPT = Number(process.env.BENCH_ACCEPT ?? 0.85);

interface XY {
  x: number;
  y: number;
}
const km = (a: XY, b: XY) => Math.hypot(a.x - b.x, a.y - b.y);
/** The planner's places are {lat, lng}; in the flat city lat is x and lng is y, in km. */
const place = (p: XY) => ({ lat: p.x, lng: p.y });
const planKm = (a: { lat: number; lng: number }, b: { lat: number; lng: number }) =>
  Math.hypot(a.lat - b.lat, a.lng - b.lng);

interface Kitchen extends XY {
  id: number;
  base: number;
  /** Multiplies preparation at peak. */
  peak: number;
  /** How popular it is (share of the orders). */
  weight: number;
}
interface DriverSpec extends XY {
  id: number;
  type: VehicleType;
  speed: number;
  detour: number;
}
interface OrderSpec {
  id: number;
  kitchen: Kitchen;
  to: XY;
  created: number;
  /** The kitchen accepts it: from now on it needs a driver. */
  accepted: number;
  /** Really ready (unknown to the planner, who has the prediction). */
  ready: number;
  predictedReady: number;
  promised: number;
  handover: number;
}

const TRUE_SPEED: Record<VehicleType, number> = { bike: 15, scooter: 24, car: 28 };
/** What the product has fitted from history (bench:eta shows it learns about this). */
const FITTED_DETOUR = 1.375;
const FITTED_HANDOVER = 3;
const travelOf = (type: VehicleType | 'any'): TravelModel => ({
  speed_kmh: type === 'any' ? 22.3 : TRUE_SPEED[type],
  detour_factor: FITTED_DETOUR,
  handover_minutes: FITTED_HANDOVER,
});

function normal(random: Random) {
  const u = Math.max(1e-9, random());
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
const isPeak = (hourOfDay: number) => hourOfDay >= 18 && hourOfDay < 21;

/** The evening of a seed: kitchens, drivers and every order, the same for each policy. */
function evening(seed: number) {
  const random = seededRandom(seed);
  const point = (radius: number, around: XY = { x: 0, y: 0 }): XY => {
    const r = radius * Math.sqrt(random());
    const a = 2 * Math.PI * random();
    return { x: around.x + r * Math.cos(a), y: around.y + r * Math.sin(a) };
  };
  const kitchens: Kitchen[] = Array.from({ length: RESTAURANTS }, (_, i) => ({
    id: i + 1,
    ...point(3),
    base: 10 + random() * 15,
    // Every third kitchen slows down a lot at peak, the others a little.
    peak: i % 3 === 0 ? 1.5 + random() * 0.4 : 1 + random() * 0.15,
    weight: Math.exp(0.7 * normal(random)),
  }));
  const drivers: DriverSpec[] = Array.from({ length: DRIVERS }, (_, i) => {
    const type = VEHICLE_TYPES[i % VEHICLE_TYPES.length] as VehicleType;
    return {
      id: i + 1,
      type,
      ...point(CITY_KM),
      speed: TRUE_SPEED[type] * (0.85 + random() * 0.3),
      detour: 1.25 + random() * 0.25,
    };
  });
  // What four weeks taught the product: each kitchen's median per hour (see bench:eta for the learning).
  const models = new Map<number, PrepModel>(
    kitchens.map((k) => [
      k.id,
      {
        overall: { minutes: k.base * 1.1, samples: 400 },
        hours: new Map(
          [17, 18, 19, 20, 21].map((h) => [
            EVENING_START_HOW + h - 17,
            { minutes: k.base * (isPeak(h) ? k.peak : 1), samples: 12 },
          ]),
        ),
      },
    ]),
  );
  const totalWeight = kitchens.reduce((s, k) => s + k.weight, 0);
  const pick = () => {
    let r = random() * totalWeight;
    for (const k of kitchens) {
      r -= k.weight;
      if (r <= 0) return k;
    }
    return kitchens[kitchens.length - 1] as Kitchen;
  };
  const start = Date.UTC(2026, 10, 20, 16, 0); // Friday 17:00 in Sarajevo
  const end = start + EVENING_HOURS * 60 * MINUTE;
  const orders: OrderSpec[] = [];
  for (let t = start; ; ) {
    const hourOfDay = 17 + Math.floor((t - start) / (60 * MINUTE));
    t += (-Math.log(Math.max(1e-9, 1 - random())) / (isPeak(hourOfDay) ? RATE.peak : RATE.quiet)) * MINUTE;
    if (t >= end) break;
    const hour = 17 + Math.floor((t - start) / (60 * MINUTE));
    const kitchen = pick();
    const a = 2 * Math.PI * random();
    const r = 0.4 + 3.2 * random();
    const to = { x: kitchen.x + r * Math.cos(a), y: kitchen.y + r * Math.sin(a) };
    const prep = prepMinutes(models.get(kitchen.id), EVENING_START_HOW + hour - 17);
    const truePrep = kitchen.base * (isPeak(hour) ? kitchen.peak : 1) * Math.exp(0.25 * normal(random));
    const accepted = t + (1 + random() * 3) * MINUTE;
    orders.push({
      id: orders.length + 1,
      kitchen,
      to,
      created: t,
      accepted,
      ready: Math.max(accepted, t + truePrep * MINUTE),
      predictedReady: t + prep * MINUTE,
      promised: t + promiseMinutes(prep, travelOf('any'), km(kitchen, to)) * MINUTE,
      handover: 1.5 + random() * 3,
    });
  }
  return { kitchens, drivers, orders, start, end };
}

type Policy = 'naive' | 'suggest' | 'automatic';

interface Order {
  spec: OrderSpec;
  driver: Driver | null;
  pickedUp: number | null;
  delivered: number | null;
  excluded: Set<number>;
  offered: boolean;
}
interface Stop {
  kind: 'pickup' | 'dropoff';
  order: Order;
}
interface Driver extends XY {
  spec: DriverSpec;
  travel: TravelModel;
  stops: Stop[];
  /** Assigned and not delivered yet. */
  orders: Order[];
  /** Ms of hand-over left at the current drop-off; null when not handing over. */
  handoverLeft: number | null;
  km: number;
  busy: number;
  offer: Offer | null;
}
interface Offer {
  order: Order;
  driver: Driver;
  answerAt: number;
  accepts: boolean;
}

export interface PolicyResult {
  orders: number;
  delivered: number;
  onTime: number;
  /** Created → delivered, minutes. */
  minutes: number[];
  km: number;
  busyHours: number;
  declined: number;
  offers: number;
  batched: number;
}

const SETTINGS: PlanSettings = PLAN_DEFAULTS;

/** One policy through one evening; deterministic for a seed. */
export function simulate(seed: number, policy: Policy): PolicyResult {
  const w = evening(seed);
  // The drivers' answers come from their own stream: the evening is the same for every policy.
  const answers = seededRandom(seed * 7919 + 17);
  const orders: Order[] = w.orders.map((spec) => ({
    spec,
    driver: null,
    pickedUp: null,
    delivered: null,
    excluded: new Set(),
    offered: false,
  }));
  const drivers: Driver[] = w.drivers.map((spec) => ({
    spec,
    x: spec.x,
    y: spec.y,
    travel: travelOf(spec.type),
    stops: [],
    orders: [],
    handoverLeft: null,
    km: 0,
    busy: 0,
    offer: null,
  }));
  const offers: Offer[] = [];
  let declined = 0;
  let offerCount = 0;
  let batched = 0;

  /** What the product would predict: the real ready time once the kitchen says so, else the prediction. */
  const foodReadyAt = (o: Order, now: number) =>
    o.spec.ready <= now ? o.spec.ready : Math.max(now, o.spec.predictedReady);
  const planOrder = (o: Order, now: number): PlanOrder => ({
    id: o.spec.id,
    order_number: String(o.spec.id),
    restaurant: place(o.spec.kitchen),
    dropoff: place(o.spec.to),
    food_ready_at: foodReadyAt(o, now),
    promised_at: o.spec.promised,
    excluded: o.excluded,
  });
  const planDriver = (d: Driver, now: number): PlanDriver => ({
    id: d.spec.id,
    at: place(d),
    location_at: now,
    travel: d.travel,
    carrying: d.orders.map(
      (o): CarriedOrder => ({
        id: o.spec.id,
        order_number: String(o.spec.id),
        restaurant: place(o.spec.kitchen),
        dropoff: place(o.spec.to),
        picked_up: o.pickedUp !== null,
        food_ready_at: foodReadyAt(o, now),
        promised_at: o.spec.promised,
      }),
    ),
  });
  const options = (now: number): PlanOptions => ({ now, fresh_minutes: 2, km: planKm });

  /** The driver takes the order: alone, or as a second one (pick-ups first, then the better drop-off order). */
  const assign = (o: Order, d: Driver, now: number) => {
    o.driver = d;
    const first = d.orders[0];
    d.orders.push(o);
    if (!first) {
      d.stops = [
        { kind: 'pickup', order: o },
        { kind: 'dropoff', order: o },
      ];
      return;
    }
    batched++;
    // A hand-over under way finishes first.
    const keep = d.handoverLeft !== null ? d.stops.slice(0, 1) : [];
    const pickups: Stop[] = d.stops.filter((s) => s.kind === 'pickup' && !keep.includes(s));
    pickups.push({ kind: 'pickup', order: o });
    const drops = d.orders.filter((x) => !keep.some((s) => s.order === x));
    const ride = (distance: number) => travelMinutes(d.travel, distance, true) * MINUTE;
    const from = o.spec.kitchen;
    const leave = Math.max(
      now + travelMinutes(d.travel, km(d, from), false) * MINUTE,
      ...pickups.map((s) => foodReadyAt(s.order, now)),
    );
    const routes = [drops, [...drops].reverse()].map((seq) => {
      let at = leave;
      let here: XY = from;
      let late = 0;
      let allOnTime = true;
      let distance = 0;
      for (const x of seq) {
        at += ride(km(here, x.spec.to));
        distance += km(here, x.spec.to);
        here = x.spec.to;
        late += Math.max(0, at - x.spec.promised);
        if (at > x.spec.promised + RISK_GRACE_MINUTES * MINUTE) allOnTime = false;
      }
      return { seq, late, allOnTime, distance };
    });
    routes.sort((a, b) =>
      a.allOnTime !== b.allOnTime ? (a.allOnTime ? -1 : 1) : a.late - b.late || a.distance - b.distance,
    );
    const best = routes[0]?.seq ?? drops;
    d.stops = [...keep, ...pickups, ...best.map((x): Stop => ({ kind: 'dropoff', order: x }))];
  };

  /** Moves a driver through [from, to): rides, waits for the food, hands over. */
  const move = (d: Driver, from: number, to: number) => {
    let now = from;
    while (now < to && d.stops.length > 0) {
      const stop = d.stops[0] as Stop;
      if (d.handoverLeft !== null) {
        const use = Math.min(d.handoverLeft, to - now);
        d.handoverLeft -= use;
        now += use;
        if (d.handoverLeft <= 0) {
          stop.order.delivered = now;
          d.orders = d.orders.filter((x) => x !== stop.order);
          d.stops.shift();
          d.handoverLeft = null;
        }
        continue;
      }
      const target = stop.kind === 'pickup' ? stop.order.spec.kitchen : stop.order.spec.to;
      const left = km(d, target);
      if (left > 1e-9) {
        const needed = ((left * d.spec.detour) / d.spec.speed) * 60 * MINUTE;
        const share = Math.min(1, (to - now) / needed);
        d.x += (target.x - d.x) * share;
        d.y += (target.y - d.y) * share;
        d.km += left * share * d.spec.detour;
        now += needed * share;
        if (share === 1) {
          d.x = target.x;
          d.y = target.y;
        }
        continue;
      }
      if (stop.kind === 'pickup') {
        if (stop.order.spec.ready <= now) {
          stop.order.pickedUp = now;
          d.stops.shift();
        } else now = Math.min(stop.order.spec.ready, to);
      } else d.handoverLeft = stop.order.spec.handover * MINUTE;
    }
    d.busy += (d.stops.length > 0 ? to : now) - from;
  };

  const last = w.end + TAIL_HOURS * 60 * MINUTE;
  for (let t = w.start; t < last; t += TICK) {
    // Answers to offers.
    for (let i = offers.length - 1; i >= 0; i--) {
      const offer = offers[i] as Offer;
      if (offer.answerAt > t) continue;
      offers.splice(i, 1);
      offer.driver.offer = null;
      offer.order.offered = false;
      if (offer.accepts) assign(offer.order, offer.driver, t);
      else {
        offer.order.excluded.add(offer.driver.spec.id);
        declined++;
      }
    }
    const waiting = orders.filter(
      (o) => o.spec.accepted <= t && o.driver === null && !o.offered && o.delivered === null,
    );
    if (policy === 'naive') {
      for (const o of waiting) {
        let best: Driver | null = null;
        for (const d of drivers) {
          if (d.orders.length > 0) continue;
          if (!best || km(d, o.spec.kitchen) < km(best, o.spec.kitchen)) best = d;
        }
        if (!best) break;
        assign(o, best, t);
      }
    } else if (policy === 'suggest') {
      for (const o of waiting) {
        const po = planOrder(o, t);
        let best: { d: Driver; cost: number } | null = null;
        for (const d of drivers) {
          const e = evaluate(po, planDriver(d, t), SETTINGS, options(t));
          if (e && (!best || e.cost < best.cost)) best = { d, cost: e.cost };
        }
        if (best) assign(o, best.d, t);
      }
    } else if (waiting.length > 0) {
      const available = drivers.filter((d) => d.offer === null);
      const plan = planRound(
        waiting.map((o) => planOrder(o, t)),
        available.map((d) => planDriver(d, t)),
        SETTINGS,
        options(t),
      );
      for (const a of plan.assignments) {
        const order = orders[a.order_id - 1] as Order;
        const driver = drivers[a.driver_id - 1] as Driver;
        const accepts = answers() < ACCEPT;
        const answerAt = accepts
          ? t + (5 + answers() * 25) * 1000
          : t + DISPATCH_DEFAULTS.offer_seconds * 1000;
        const offer = { order, driver, answerAt, accepts };
        offers.push(offer);
        offerCount++;
        order.offered = true;
        driver.offer = offer;
      }
    }
    for (const d of drivers) move(d, t, t + TICK);
    if (t >= w.end && orders.every((o) => o.delivered !== null)) break;
  }
  const done = orders.filter((o) => o.delivered !== null);
  return {
    orders: orders.length,
    delivered: done.length,
    onTime: done.filter((o) => (o.delivered ?? 0) <= o.spec.promised + RISK_GRACE_MINUTES * MINUTE).length,
    minutes: done.map((o) => ((o.delivered ?? 0) - o.spec.created) / MINUTE),
    km: drivers.reduce((s, d) => s + d.km, 0),
    busyHours: drivers.reduce((s, d) => s + d.busy, 0) / (60 * MINUTE),
    declined,
    offers: offerCount,
    batched,
  };
}

function quantile(values: number[], q: number) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return (sorted[lo] as number) + ((sorted[hi] as number) - (sorted[lo] as number)) * (at - lo);
}
const mean = (values: number[]) => values.reduce((s, v) => s + v, 0) / values.length;
const spread = (values: number[], digits = 1) => {
  const m = mean(values);
  const sd = Math.sqrt(values.reduce((s, v) => s + (v - m) ** 2, 0) / Math.max(1, values.length - 1));
  return `${m.toFixed(digits)} ± ${sd.toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`;
};

const POLICIES: { policy: Policy; label: string }[] = [
  { policy: 'naive', label: 'naive (nearest free, FCFS)' },
  { policy: 'suggest', label: 'suggest, always accepted' },
  { policy: 'automatic', label: 'automatic + batching' },
];
const METRICS: { label: string; digits?: number; of: (r: PolicyResult) => number }[] = [
  { label: 'on time (% ≤ promise + 1 min)', of: (r) => (100 * r.onTime) / r.orders },
  { label: 'delivery p50 (min)', of: (r) => quantile(r.minutes, 0.5) },
  { label: 'delivery p95 (min)', of: (r) => quantile(r.minutes, 0.95) },
  { label: 'driver km / delivered order', digits: 2, of: (r) => r.km / r.delivered },
  { label: 'orders / busy driver-hour', digits: 2, of: (r) => r.delivered / r.busyHours },
  { label: 'batched (% of orders)', of: (r) => (100 * r.batched) / r.orders },
  { label: 'offers declined or expired', of: (r) => r.declined },
];

function main() {
  const seeds = (process.env.BENCH_SEEDS ?? '1,2,3,4,5').split(',').map(Number);
  const started = Date.now();
  const results = seeds.map((seed) => ({
    seed,
    by: Object.fromEntries(POLICIES.map(({ policy }) => [policy, simulate(seed, policy)])) as Record<
      Policy,
      PolicyResult
    >,
  }));
  const first = results[0]?.by.naive;
  console.log(
    `Dispatch on a simulated Friday evening (17–22 h; ${RESTAURANTS} restaurants, every third much slower at peak; ${DRIVERS} drivers; ~${first?.orders ?? 0} orders, ${RATE.quiet}/min quiet and ${RATE.peak}/min at the 18–21 h peak; offers accepted with p = ${ACCEPT} after 5–30 s, else expire after ${DISPATCH_DEFAULTS.offer_seconds} s)\n`,
  );
  for (const { seed, by } of results) {
    console.log(
      `seed ${seed} (${by.naive.orders} orders): ${POLICIES.map(({ policy }) => `${policy} ${((100 * by[policy].onTime) / by[policy].orders).toFixed(0)}% on time, ${(by[policy].km / by[policy].delivered).toFixed(2)} km/order`).join(' · ')}`,
    );
  }
  const width = 34;
  console.log(
    `\nOver ${seeds.length} seeds, mean ± sd (min–max) of each seed's figure:\n${''.padEnd(width)}${POLICIES.map((p) => p.label.padEnd(width)).join('')}`,
  );
  for (const m of METRICS) {
    console.log(
      `${m.label.padEnd(width)}${POLICIES.map(({ policy }) =>
        spread(
          results.map(({ by }) => m.of(by[policy])),
          m.digits,
        ).padEnd(width),
      ).join('')}`,
    );
  }
  const diff = (of: (r: PolicyResult) => number) => results.map(({ by }) => of(by.automatic) - of(by.naive));
  const onTime = diff(METRICS[0]?.of ?? (() => 0));
  const kmSaved = results.map(
    ({ by }) => 100 * (1 - by.automatic.km / by.automatic.delivered / (by.naive.km / by.naive.delivered)),
  );
  console.log(
    `\nAutomatic vs naive, paired per seed: on-time rate ${spread(onTime)} percentage points; km per delivered order ${spread(kmSaved)}% fewer. (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
