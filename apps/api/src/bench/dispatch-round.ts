import { ETA_DEFAULTS } from '@dostava/shared';
import {
  type CarriedOrder,
  type PlanDriver,
  type PlanOrder,
  planRound,
} from '../modules/dispatch/dispatch-plan.js';
import { type Random, seededRandom } from '../simulator/geo.js';

const MINUTE = 60_000;

/**
 * The time of one dispatch round of a large operation: `orders` waiting orders and `drivers` drivers
 * (three in four free, the rest carrying one order), seeded positions in a city of about 12 km across
 * around Sarajevo, the default batching. The median of `runs` rounds, in ms, after one warm-up round.
 */
export function timeRound(
  orders = 1000,
  drivers = 200,
  runs = 5,
  seed = 24,
): { ms: number; assigned: number } {
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
  const settings = { batching: true, batch_pickup_km: 0.5, batch_dropoff_km: 2 };
  const round = () => planRound(waiting, fleet, settings, { now, fresh_minutes: 5 });
  const warm = round();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    round();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)] ?? Number.NaN, assigned: warm.assignments.length };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const { ms, assigned } = timeRound();
  console.log(
    `one dispatch round, 1,000 waiting orders × 200 drivers: ${ms.toFixed(0)} ms (median of 5; ${assigned} assigned)`,
  );
}
