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
 * `npm run bench:dispatch`: seeded simulated evenings (a flat city in km, kitchens that slow down at peak,
 * drivers of three vehicle types, Poisson arrivals with an evening peak, promises made as the product
 * makes them) replayed under three dispatch policies, on the very same orders:
 *
 * - naive: the nearest free driver, first come first served, sent as soon as the kitchen accepts the
 *   order (a hurried dispatcher; one order per driver);
 * - suggest: every order that needs a driver takes the planner's best driver for it alone (`evaluate`
 *   per order, in arrival order, batching included), accepted at once (a dispatcher who always clicks);
 * - automatic: `planRound` over all waiting orders every 15 s; each pair is an offer the driver accepts
 *   (probability BENCH_ACCEPT, 0.85) after 5–30 s or lets expire after `offer_seconds`, never offered
 *   the same order again.
 *
 * Scenarios of real cities' scale (issue 33): from 10 × 7 km to 30 × 30 km, 100+ restaurants spread
 * out with a denser centre and a few outlying ones, a quiet (1.2 orders per driver-hour), normal (1.8)
 * and strained (2.4) evening, several seeds each. Drivers ride straight lines × their detour at their
 * own speed, wait at the restaurant for the food and hand over. The planner knows only what the product
 * would: the predicted preparation (the real one is noisier and slower at peak), the vehicle type's
 * speed, the fitted detour and handover. BENCH_SEEDS (default 1,2,3), BENCH_ACCEPT, BENCH_PAY_AWARE=1 (the
 * automatic policy weighs the pay model), `--quick` (one
 * seed), `--all` (the 20 × 15 km city too). Pure computation: no database, no server.
 */

const MINUTE = 60_000;
const TICK = 15_000;
/** Friday 17:00 … 22:00, hours of the week 113 … 117. */
const EVENING_START_HOW = 4 * 24 + 17;
const EVENING_HOURS = 5;
/** Orders still on the road at 22:00 are followed this long. */
const TAIL_HOURS = 3;
const ACCEPT = Number(process.env.BENCH_ACCEPT ?? 0.85);
/** The pay model the cost per order is stated in (the product's defaults, in fening). */
const PAY = {
  per_delivery: DISPATCH_DEFAULTS.pay_per_delivery,
  hourly_minimum: DISPATCH_DEFAULTS.pay_hourly_minimum,
};

interface City {
  name: string;
  width: number;
  height: number;
  restaurants: number;
  outlying: number;
  drivers: number;
}
const CITIES: City[] = [
  { name: '10 × 7 km', width: 10, height: 7, restaurants: 100, outlying: 4, drivers: 40 },
  { name: '20 × 15 km', width: 20, height: 15, restaurants: 140, outlying: 6, drivers: 60 },
  { name: '30 × 30 km', width: 30, height: 30, restaurants: 180, outlying: 8, drivers: 80 },
];
/** Orders per driver-hour over the evening (the peak 18–21 h is busier, the shoulders quieter). */
const LOADS = [
  { name: 'quiet', rate: 1.2 },
  { name: 'normal', rate: 1.8 },
  { name: 'strained', rate: 2.4 },
];
interface Scenario {
  city: City;
  load: { name: string; rate: number };
}

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
function evening(seed: number, { city, load }: Scenario) {
  const random = seededRandom(seed);
  const inCity = (p: XY): XY => ({
    x: Math.max(-city.width / 2, Math.min(city.width / 2, p.x)),
    y: Math.max(-city.height / 2, Math.min(city.height / 2, p.y)),
  });
  // Seven in ten places in the centre (a third of the city each way), the rest anywhere in it.
  const spot = (): XY => {
    const share = random() < 0.7 ? 1 / 3 : 1;
    return { x: (random() - 0.5) * city.width * share, y: (random() - 0.5) * city.height * share };
  };
  const kitchens: Kitchen[] = Array.from({ length: city.restaurants }, (_, i) => {
    // A few outlying ones, near the city's edge, with fewer orders.
    const outlying = i < city.outlying;
    const a = 2 * Math.PI * random();
    const at = outlying
      ? inCity({ x: Math.cos(a) * city.width * 0.48, y: Math.sin(a) * city.height * 0.48 })
      : spot();
    return {
      id: i + 1,
      ...at,
      base: 10 + random() * 15,
      // Every third kitchen slows down a lot at peak, the others a little.
      peak: i % 3 === 0 ? 1.5 + random() * 0.4 : 1 + random() * 0.15,
      weight: Math.exp(0.7 * normal(random)) * (outlying ? 0.5 : 1),
    };
  });
  const drivers: DriverSpec[] = Array.from({ length: city.drivers }, (_, i) => {
    const type = VEHICLE_TYPES[i % VEHICLE_TYPES.length] as VehicleType;
    return {
      id: i + 1,
      type,
      ...spot(),
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
  // Orders per minute: the evening's mean, ×1.25 at the 18–21 h peak and ×0.625 on the shoulders.
  const perMinute = (load.rate * city.drivers) / 60;
  const start = Date.UTC(2026, 10, 20, 16, 0); // Friday 17:00 in Sarajevo
  const end = start + EVENING_HOURS * 60 * MINUTE;
  const orders: OrderSpec[] = [];
  for (let t = start; ; ) {
    const hourOfDay = 17 + Math.floor((t - start) / (60 * MINUTE));
    const rate = perMinute * (isPeak(hourOfDay) ? 1.25 : 0.625);
    t += (-Math.log(Math.max(1e-9, 1 - random())) / rate) * MINUTE;
    if (t >= end) break;
    const hour = 17 + Math.floor((t - start) / (60 * MINUTE));
    const kitchen = pick();
    const a = 2 * Math.PI * random();
    const r = 0.4 + 3.6 * Math.sqrt(random());
    const to = inCity({ x: kitchen.x + r * Math.cos(a), y: kitchen.y + r * Math.sin(a) });
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
  /** Food ready → picked up (or the end of the replay, when never picked up), minutes. */
  readyWaits: number[];
  /** The orders never delivered. */
  undelivered: Set<number>;
  /** Order-minutes with the food ready, no driver, and a free driver who could take it. */
  idleMinutes: number;
  km: number;
  busyHours: number;
  shiftHours: number;
  /** What the drivers are paid under PAY: each the larger of per delivery and the hourly minimum. */
  pay: number;
  declined: number;
  offers: number;
  /** Orders taken as the 2nd and as the 3rd of a batch. */
  batched: number;
  batched3: number;
  fallbacks: number;
}

/** The product's defaults; BENCH_PAY_AWARE=1 weighs the pay model (PAY) too. */
const SETTINGS: PlanSettings = { ...PLAN_DEFAULTS, pay_aware: process.env.BENCH_PAY_AWARE === '1' };

/** One policy through one evening; deterministic for a seed. */
export function simulate(seed: number, policy: Policy, scenario: Scenario): PolicyResult {
  const w = evening(seed, scenario);
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
  let batched3 = 0;
  let fallbacks = 0;
  let idleMinutes = 0;
  const delivered = new Map<number, number>();

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
    shift_started_at: w.start,
    deliveries: delivered.get(d.spec.id) ?? 0,
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
  const options = (now: number): PlanOptions => ({
    now,
    fresh_minutes: 2,
    km: planKm,
    travel: travelOf('any'),
  });

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
    if (d.orders.length > 2) batched3++;
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
    const routes = orderings(drops).map((seq) => {
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
          delivered.set(d.spec.id, (delivered.get(d.spec.id) ?? 0) + 1);
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
        if (a.reasons.fallback) fallbacks++;
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
    // A ready order without a driver while a free driver who could take it waits too.
    const free = drivers.filter((d) => d.orders.length === 0 && d.offer === null);
    if (free.length > 0)
      for (const o of orders)
        if (
          o.spec.ready <= t &&
          o.driver === null &&
          !o.offered &&
          free.some((d) => !o.excluded.has(d.spec.id))
        )
          idleMinutes += TICK / MINUTE;
    for (const d of drivers) move(d, t, t + TICK);
    if (t >= w.end && orders.every((o) => o.delivered !== null)) break;
  }
  const done = orders.filter((o) => o.delivered !== null);
  const stop = Math.min(last, Math.max(w.end, ...done.map((o) => o.delivered ?? 0)));
  const shiftHours = EVENING_HOURS;
  return {
    orders: orders.length,
    delivered: done.length,
    onTime: done.filter((o) => (o.delivered ?? 0) <= o.spec.promised + RISK_GRACE_MINUTES * MINUTE).length,
    minutes: done.map((o) => ((o.delivered ?? 0) - o.spec.created) / MINUTE),
    readyWaits: orders.map((o) => Math.max(0, (o.pickedUp ?? stop) - o.spec.ready) / MINUTE),
    undelivered: new Set(orders.filter((o) => o.delivered === null).map((o) => o.spec.id)),
    idleMinutes,
    km: drivers.reduce((s, d) => s + d.km, 0),
    busyHours: drivers.reduce((s, d) => s + d.busy, 0) / (60 * MINUTE),
    shiftHours: drivers.length * shiftHours,
    pay: drivers.reduce(
      (s, d) =>
        s + Math.max((delivered.get(d.spec.id) ?? 0) * PAY.per_delivery, shiftHours * PAY.hourly_minimum),
      0,
    ),
    declined,
    offers: offerCount,
    batched,
    batched3,
    fallbacks,
  };
}

/** Every order of a batch's drop-offs (at most three). */
function orderings<T>(items: readonly T[]): T[][] {
  if (items.length <= 1) return [[...items]];
  return items.flatMap((x, i) =>
    orderings([...items.slice(0, i), ...items.slice(i + 1)]).map((rest) => [x, ...rest]),
  );
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
  { policy: 'naive', label: 'naive' },
  { policy: 'suggest', label: 'suggest' },
  { policy: 'automatic', label: 'automatic' },
];
const METRICS: { label: string; digits?: number; of: (r: PolicyResult) => number }[] = [
  { label: 'on time (% ≤ promise + 1 min)', of: (r) => (100 * r.onTime) / r.orders },
  { label: 'delivery p50 (min)', of: (r) => quantile(r.minutes, 0.5) },
  { label: 'delivery p95 (min)', of: (r) => quantile(r.minutes, 0.95) },
  { label: 'never delivered (orders)', digits: 0, of: (r) => r.undelivered.size },
  { label: 'wait after food ready p99 (min)', of: (r) => quantile(r.readyWaits, 0.99) },
  { label: 'wait after food ready max (min)', of: (r) => Math.max(...r.readyWaits) },
  { label: 'ready order + free driver (order-min)', digits: 0, of: (r) => r.idleMinutes },
  { label: 'orders / driver-hour on shift', digits: 2, of: (r) => r.delivered / r.shiftHours },
  { label: 'orders / busy driver-hour', digits: 2, of: (r) => r.delivered / r.busyHours },
  { label: 'cost / delivered order (KM)', digits: 2, of: (r) => r.pay / 100 / r.delivered },
  { label: 'driver km / delivered order', digits: 2, of: (r) => r.km / r.delivered },
  { label: 'batched as 2nd (% of orders)', of: (r) => (100 * (r.batched - r.batched3)) / r.orders },
  { label: 'batched as 3rd (% of orders)', of: (r) => (100 * r.batched3) / r.orders },
  { label: 'fallback offers', digits: 0, of: (r) => r.fallbacks },
  { label: 'offers declined or expired', digits: 0, of: (r) => r.declined },
];

function main() {
  // The smallest and the largest city by default (a few minutes on two cores); --all adds the middle one,
  // --quick runs one seed.
  const quick = process.argv.includes('--quick');
  const seeds = (process.env.BENCH_SEEDS ?? (quick ? '1' : '1,2,3')).split(',').map(Number);
  const cities = process.argv.includes('--all')
    ? CITIES
    : [CITIES[0] as City, CITIES[CITIES.length - 1] as City];
  const started = Date.now();
  console.log(
    `Dispatch on simulated Friday evenings (17–22 h, every third kitchen much slower at peak; offers accepted with p = ${ACCEPT} after 5–30 s, else expire after ${DISPATCH_DEFAULTS.offer_seconds} s; seeds ${seeds.join(', ')}). Cost per order: each driver is paid the larger of ${(PAY.per_delivery / 100).toFixed(2)} KM per delivery and ${(PAY.hourly_minimum / 100).toFixed(2)} KM per hour on shift (${EVENING_HOURS} h). Figures: mean ± sd (min–max) over the seeds.`,
  );
  const width = 40;
  const column = 30;
  const checks: string[] = [];
  for (const city of cities)
    for (const load of LOADS) {
      const scenario = { city, load };
      const results = seeds.map((seed) => ({
        seed,
        by: Object.fromEntries(
          POLICIES.map(({ policy }) => [policy, simulate(seed, policy, scenario)]),
        ) as Record<Policy, PolicyResult>,
      }));
      const first = results[0]?.by.naive;
      console.log(
        `\n### ${city.name}, ${load.name} (${load.rate} orders per driver-hour): ${city.restaurants} restaurants (${city.outlying} outlying), ${city.drivers} drivers, ~${first?.orders ?? 0} orders\n${''.padEnd(width)}${POLICIES.map((p) => p.label.padEnd(column)).join('')}`,
      );
      for (const m of METRICS)
        console.log(
          `${m.label.padEnd(width)}${POLICIES.map(({ policy }) =>
            spread(
              results.map(({ by }) => m.of(by[policy])),
              m.digits,
            ).padEnd(column),
          ).join('')}`,
        );
      const onTime = results.map(
        ({ by }) => (100 * (by.automatic.onTime - by.naive.onTime)) / by.naive.orders,
      );
      const lost = results.map(
        ({ by }) => [...by.automatic.undelivered].filter((id) => !by.naive.undelivered.has(id)).length,
      );
      const longer = results.map(
        ({ by }) => Math.max(...by.automatic.readyWaits) - Math.max(...by.naive.readyWaits),
      );
      const line = `${city.name}, ${load.name}: automatic − naive on time ${spread(onTime)} points; orders naive delivered and automatic did not: ${lost.join(', ')}; longest wait after food ready, automatic − naive: ${spread(longer)} min`;
      console.log(`\n${line}`);
      checks.push(line);
    }
  console.log(`\nPaired per seed:\n${checks.join('\n')}\n(${((Date.now() - started) / 1000).toFixed(0)} s)`);
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) main();
