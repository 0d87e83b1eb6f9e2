import { ETA_DEFAULTS } from '@dostava/shared';
import {
  type CarriedOrder,
  PLAN_DEFAULTS,
  type PlanDriver,
  type PlanOrder,
  planRound,
} from '../modules/dispatch/dispatch-plan.js';
import { type Random, seededRandom } from '../simulator/geo.js';

const MINUTE = 60_000;

/**
 * The time of one dispatch round of a large operation: `orders` waiting orders and `drivers` drivers
 * (three in four free, the rest carrying one order), seeded positions in a city of about 12 km across
 * around Sarajevo, the default settings. The first call (cold: nothing compiled yet) and the median
 * and 99th percentile of `runs` rounds after it, in ms.
 */
export function timeRound(
  orders = 1000,
  drivers = 200,
  runs = 5,
  seed = 24,
): { ms: number; p99: number; first: number; assigned: number } {
  const random: Random = seededRandom(seed);
  const near = () => ({ lat: 43.856 + (random() - 0.5) * 0.11, lng: 18.413 + (random() - 0.5) * 0.15 });
  const now = Date.UTC(2026, 10, 20, 18, 0);
  const restaurants = Array.from({ length: 300 }, near);
  const pick = () => restaurants[Math.floor(random() * restaurants.length)] ?? near();
  const waiting: PlanOrder[] = Array.from({ length: orders }, (_, i) => ({
    id: i + 1,
    order_number: `B${i + 1}`,
    restaurant: pick(),
    dropoff: near(),
    food_ready_at: now + (random() * 25 - 5) * MINUTE,
    promised_at: now + (10 + random() * 35) * MINUTE,
    excluded: new Set<number>(),
  }));
  const fleet: PlanDriver[] = Array.from({ length: drivers }, (_, j) => {
    const carrying: CarriedOrder[] =
      j % 4 === 3
        ? [
            {
              id: 100_000 + j,
              order_number: `C${j}`,
              restaurant: pick(),
              dropoff: near(),
              picked_up: random() < 0.5,
              food_ready_at: now + random() * 10 * MINUTE,
              promised_at: now + (15 + random() * 25) * MINUTE,
            },
          ]
        : [];
    return { id: j + 1, at: near(), location_at: now - MINUTE, travel: ETA_DEFAULTS, carrying };
  });
  const round = () => planRound(waiting, fleet, PLAN_DEFAULTS, { now, fresh_minutes: 5 });
  const cold = performance.now();
  const warm = round();
  const first = performance.now() - cold;
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    round();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    ms: times[Math.floor(times.length / 2)] ?? Number.NaN,
    p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? Number.NaN,
    first,
    assigned: warm.assignments.length,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const { ms, p99, first, assigned } = timeRound(500, 200, 50);
  console.log(
    `one dispatch round, 500 waiting orders × 200 drivers: p50 ${ms.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, first call ${first.toFixed(0)} ms (50 rounds; ${assigned} assigned)`,
  );
}
