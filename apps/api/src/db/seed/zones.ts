import type { FeeFields, ZoneGeometry } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import { ZoneCache } from '../../modules/zones/zones-cache.js';
import { areaOf, resolvePoint } from '../../modules/zones/zones-geometry.js';
import type { Db } from '../client.js';
import { feeRules, orders, restaurantDeliveryAreas, zones } from '../schema/index.js';

/**
 * The demo operation's fee rule (issue 37): 3 KM up to 1.5 km of road, more in bands beyond, a
 * surcharge on a small basket and on Friday and Saturday evenings, capped at 15 KM, rounded to 10 pf.
 * The demo history (seed/orders.ts) is priced by the same rule.
 */
export const DEMO_GLOBAL_FEES: Partial<FeeFields> = {
  base_fee: 300,
  distance_bands: [
    { up_to_m: 1500, amount: 0 },
    { up_to_m: 3000, amount: 50 },
    { up_to_m: 5000, amount: 100 },
    { up_to_m: 8000, amount: 200 },
    { up_to_m: 12_000, amount: 350 },
  ],
  small_basket_below: 1000,
  small_basket_fee: 100,
  peak_windows: [{ days: [5, 6], from: '19:00', to: '23:00', amount: 100 }],
  rush_active: false,
  rush_fee: 150,
  cap: 1500,
  rounding: 10,
};

const ring = (points: [number, number][]): [number, number][] => [...points, points[0] as [number, number]];

/** Sarajevo's valley from Ilidža to Baščaršija: every demo street, restaurant and test address. */
const CITY: ZoneGeometry = {
  type: 'Polygon',
  coordinates: [
    ring([
      [18.25, 43.82],
      [18.36, 43.81],
      [18.47, 43.83],
      [18.5, 43.86],
      [18.46, 43.9],
      [18.36, 43.9],
      [18.27, 43.87],
    ]),
  ],
};
/** Ilidža and beyond: farther out, a minimum order and a higher base. */
const OUTSKIRTS: ZoneGeometry = {
  type: 'Polygon',
  coordinates: [
    ring([
      [18.25, 43.82],
      [18.315, 43.815],
      [18.315, 43.875],
      [18.27, 43.87],
    ]),
  ],
};
/** Trebević's slopes: no road a scooter takes at night. */
const TREBEVIC: ZoneGeometry = {
  type: 'Polygon',
  coordinates: [
    ring([
      [18.445, 43.826],
      [18.47, 43.83],
      [18.475, 43.838],
      [18.45, 43.836],
    ]),
  ],
};

export async function seedZones(db: Db, restaurantIds: number[]) {
  const rows = await db
    .insert(zones)
    .values(
      [
        { name: 'Sarajevo', kind: 'service_area' as const, priority: 0, geometry: CITY },
        { name: 'Ilidža i okolina', kind: 'fee_zone' as const, priority: 10, geometry: OUTSKIRTS },
        { name: 'Trebević', kind: 'exclusion' as const, priority: 0, geometry: TREBEVIC },
      ].map((z) => ({ ...z, area_m2: areaOf(z.geometry) })),
    )
    .returning({ id: zones.id, kind: zones.kind });
  const city = rows.find((r) => r.kind === 'service_area');
  const outskirts = rows.find((r) => r.kind === 'fee_zone');
  await db.insert(feeRules).values([
    { scope: 'global', ...DEMO_GLOBAL_FEES },
    { scope: 'zone', zone_id: outskirts?.id ?? null, base_fee: 400, min_order: 1500 },
  ]);
  // Every demo restaurant delivers within 10 km; the first two only inside the city too.
  if (restaurantIds.length) {
    await db.insert(restaurantDeliveryAreas).values(
      restaurantIds.map((restaurant_id, index) => ({
        restaurant_id,
        radius_m: 10_000,
        zone_id: index < 2 ? (city?.id ?? null) : null,
      })),
    );
  }
}

/**
 * The demo history's orders get the zone that prices their drop-off (as a placed order keeps its
 * quote's), so the board, the map, the export and the dashboard can be broken down by zone at once.
 */
export async function seedOrderZones(db: Db) {
  const snapshot = await new ZoneCache(db).snapshot();
  const rows = await db.select({ id: orders.id, lat: orders.lat, lng: orders.lng }).from(orders);
  const byZone = new Map<number, number[]>();
  for (const o of rows) {
    const zone = resolvePoint(snapshot.zones, o.lat, o.lng).pricing;
    if (zone) byZone.set(zone.id, [...(byZone.get(zone.id) ?? []), o.id]);
  }
  for (const [zone, ids] of byZone) {
    await db
      .update(orders)
      .set({ zone_id: zone })
      .where(sql`${orders.id} = any(${sql.param(ids)}::int[])`);
  }
}
