import type { FeeFields, ZoneGeometry, ZoneKind } from '@dostava/shared';
import type { ZoneSnapshot } from '../modules/zones/zones-cache.js';
import { areaOf, bboxOf, type ZoneShape } from '../modules/zones/zones-geometry.js';
import { priceDelivery } from '../modules/zones/zones-pricing.js';
import { type Random, seededRandom } from '../simulator/geo.js';

/** A ring of `corners` points around (lat, lng), `r` degrees across, a little irregular. */
function ring(random: Random, lat: number, lng: number, r: number, corners: number): [number, number][] {
  const points = Array.from({ length: corners }, (_, i): [number, number] => {
    const angle = (2 * Math.PI * i) / corners;
    const radius = r * (0.75 + random() * 0.25);
    return [lng + Math.cos(angle) * radius * 1.4, lat + Math.sin(angle) * radius];
  });
  return [...points, points[0] as [number, number]];
}

/**
 * The work of one quote beyond the request itself (issue 37): finding the zones that hold the point,
 * the restaurant's area and the rules, and evaluating them, from the in-memory snapshot of `zones`
 * zones (one service area over the city, a twentieth of them exclusions, the rest fee zones of
 * 16–40 corners, a tenth with a hole) and `restaurants` restaurants, each with a radius and a fifth of
 * them with a zone too. Median and 99th percentile of `runs` quotes at seeded points, in µs.
 */
export function timeQuote(zones = 500, restaurants = 200, runs = 20_000, seed = 37) {
  const random = seededRandom(seed);
  const near = () => ({ lat: 43.856 + (random() - 0.5) * 0.11, lng: 18.413 + (random() - 0.5) * 0.15 });
  const shapes: ZoneShape[] = [];
  const add = (kind: ZoneKind, geometry: ZoneGeometry, priority: number) =>
    shapes.push({
      id: shapes.length + 1,
      name: `Z${shapes.length + 1}`,
      kind,
      priority,
      active: true,
      geometry,
      area_m2: areaOf(geometry),
      bbox: bboxOf(geometry),
    });
  add('service_area', { type: 'Polygon', coordinates: [ring(random, 43.856, 18.413, 0.08, 64)] }, 0);
  for (let i = 1; i < zones; i++) {
    const at = near();
    const outer = ring(random, at.lat, at.lng, 0.004 + random() * 0.01, 16 + Math.floor(random() * 25));
    const holes = random() < 0.1 ? [ring(random, at.lat, at.lng, 0.001, 8)] : [];
    add(i % 20 === 0 ? 'exclusion' : 'fee_zone', { type: 'Polygon', coordinates: [outer, ...holes] }, i % 7);
  }
  const rule = (i: number): Partial<FeeFields> => ({
    base_fee: 200 + (i % 5) * 20,
    distance_bands: [
      { up_to_m: 1500, amount: 0 },
      { up_to_m: 3000, amount: 50 },
      { up_to_m: 6000, amount: 150 },
    ],
    peak_windows: [{ days: [5, 6], from: '19:00', to: '23:00', amount: 100 }],
  });
  const restaurantRows = Array.from({ length: restaurants }, (_, i) => ({ id: i + 1, ...near() }));
  const snapshot: ZoneSnapshot = {
    zones: shapes,
    byId: new Map(shapes.map((z) => [z.id, z])),
    globalFees: { ...rule(0), small_basket_below: 1000, small_basket_fee: 100, cap: 1500, rounding: 10 },
    zoneFees: new Map(shapes.filter((z) => z.id % 2 === 0).map((z) => [z.id, rule(z.id)])),
    restaurantFees: new Map(
      restaurantRows.filter((r) => r.id % 10 === 0).map((r) => [r.id, { min_order: 800 }]),
    ),
    areas: new Map(restaurantRows.map((r) => [r.id, { zone_id: r.id % 5 === 0 ? 1 : null, radius_m: 8000 }])),
    detour: 1.35,
  };
  const at = new Date(Date.UTC(2026, 10, 27, 18, 0));
  const quote = () => {
    const restaurant = restaurantRows[Math.floor(random() * restaurantRows.length)] ?? {
      id: 1,
      lat: 43.85,
      lng: 18.41,
    };
    const point = near();
    return priceDelivery(snapshot, {
      restaurant,
      ...point,
      basket: 500 + Math.floor(random() * 4000),
      at,
      timeZone: 'Europe/Sarajevo',
    });
  };
  for (let i = 0; i < 1000; i++) quote();
  const times: number[] = [];
  let refused = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const result = quote();
    times.push((performance.now() - started) * 1000);
    if (!result.ok) refused++;
  }
  times.sort((a, b) => a - b);
  return {
    p50: times[Math.floor(times.length / 2)] ?? Number.NaN,
    p99: times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? Number.NaN,
    refused,
    runs,
  };
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1].split('/').pop() ?? '')) {
  const { p50, p99, refused, runs } = timeQuote();
  console.log(
    `one quote's work, 500 zones × 200 restaurants: p50 ${p50.toFixed(1)} µs, p99 ${p99.toFixed(1)} µs (${runs} quotes, ${refused} refused)`,
  );
}
