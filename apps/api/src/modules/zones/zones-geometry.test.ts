import { FEE_DEFAULTS, type ZoneGeometry, type ZoneKind } from '@dostava/shared';
import { describe, expect, it } from 'vitest';
import type { ZoneSnapshot } from './zones-cache.js';
import {
  areaOf,
  assertValidGeometry,
  bboxOf,
  holds,
  resolvePoint,
  type ZoneShape,
} from './zones-geometry.js';
import { priceDelivery } from './zones-pricing.js';

/** A square [west, south] → [east, north], with optional square holes. */
const square = (w: number, s: number, e: number, n: number, holes: number[][] = []): ZoneGeometry => ({
  type: 'Polygon',
  coordinates: [
    [
      [w, s],
      [e, s],
      [e, n],
      [w, n],
      [w, s],
    ],
    ...holes.map(([hw = 0, hs = 0, he = 0, hn = 0]): [number, number][] => [
      [hw, hs],
      [hw, hn],
      [he, hn],
      [he, hs],
      [hw, hs],
    ]),
  ],
});

let nextId = 1;
const zone = (kind: ZoneKind, geometry: ZoneGeometry, priority = 0, name = `z${nextId}`): ZoneShape => ({
  id: nextId++,
  name,
  kind,
  priority,
  active: true,
  geometry,
  area_m2: areaOf(geometry),
  bbox: bboxOf(geometry),
});

describe('point in zone', () => {
  const city = zone('service_area', square(18, 43, 19, 44, [[18.4, 43.4, 18.6, 43.6]]));
  it('counts a point exactly on the edge as inside', () => {
    expect(holds(city, 43.5, 18)).toBe(true);
    expect(holds(city, 44, 18.5)).toBe(true);
    expect(holds(city, 43.5, 17.99999)).toBe(false);
  });
  it('counts a point inside a hole as outside, and on the hole edge as inside', () => {
    expect(holds(city, 43.5, 18.5)).toBe(false);
    expect(holds(city, 43.5, 18.4)).toBe(true);
    expect(resolvePoint([city], 43.5, 18.5).refusal).toBe('outside_service_area');
  });
  it('holds a point in any part of a multipolygon', () => {
    const two = zone('fee_zone', {
      type: 'MultiPolygon',
      coordinates: [square(0, 0, 1, 1).coordinates, square(5, 5, 6, 6).coordinates] as never,
    });
    expect(holds(two, 5.5, 5.5)).toBe(true);
    expect(holds(two, 3, 3)).toBe(false);
  });
});

describe('overlapping zones', () => {
  const city = zone('service_area', square(18, 43, 19, 44), 0, 'city');
  const centre = zone('fee_zone', square(18.3, 43.3, 18.7, 43.7), 0, 'centre');
  const old = zone('fee_zone', square(18.45, 43.45, 18.55, 43.55), 0, 'old town');
  const airport = zone('fee_zone', square(18.2, 43.2, 18.5, 43.5), 5, 'airport');
  it('prices by the higher priority where zones overlap', () => {
    expect(resolvePoint([city, centre, airport], 43.4, 18.4).pricing?.name).toBe('airport');
    expect(resolvePoint([city, centre, airport], 43.6, 18.6).pricing?.name).toBe('centre');
  });
  it('prices nested zones of equal priority by the innermost', () => {
    expect(resolvePoint([city, centre, old], 43.5, 18.5).pricing?.name).toBe('old town');
    expect(resolvePoint([city, centre, old], 43.5, 18.35).pricing?.name).toBe('centre');
    expect(resolvePoint([city, centre, old], 43.1, 18.1).pricing?.name).toBe('city');
  });
  it('an exclusion wins over any priority, its edge included', () => {
    const park = zone('exclusion', square(18.5, 43.5, 18.6, 43.6), -10);
    expect(resolvePoint([city, airport, park], 43.55, 18.55).refusal).toBe('in_exclusion');
    expect(resolvePoint([city, airport, park], 43.5, 18.55).refusal).toBe('in_exclusion');
  });
  it('inactive zones count for nothing; with no service area drawn, everywhere is served', () => {
    const off = { ...city, active: false };
    expect(resolvePoint([off], 10, 10)).toMatchObject({ refusal: null, pricing: null });
  });
});

describe('validation', () => {
  it('refuses a bow tie, naming where it crosses', () => {
    const bowTie: ZoneGeometry = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 2],
          [2, 0],
          [0, 2],
          [0, 0],
        ],
      ],
    };
    expect(() => assertValidGeometry(bowTie)).toThrow(
      expect.objectContaining({
        fieldErrors: { geometry: ['zones.validation.self_intersecting|{"lat":1,"lng":1}'] },
      }),
    );
  });
  it('refuses a hole outside its outline', () => {
    expect(() => assertValidGeometry(square(0, 0, 1, 1, [[5, 5, 6, 6]]))).toThrow(
      expect.objectContaining({ fieldErrors: { geometry: ['zones.validation.hole_outside'] } }),
    );
    expect(() => assertValidGeometry(square(0, 0, 1, 1, [[0.2, 0.2, 0.4, 0.4]]))).not.toThrow();
  });
});

describe('pricing from the snapshot', () => {
  const city = zone('service_area', square(18, 43, 19, 44), 0, 'city');
  const centre = zone('fee_zone', square(18.3, 43.3, 18.7, 43.7), 0, 'centre');
  const snapshot = (over: Partial<ZoneSnapshot> = {}): ZoneSnapshot => ({
    zones: [city, centre],
    byId: new Map([city, centre].map((z) => [z.id, z])),
    globalFees: { base_fee: 300, cap: null },
    zoneFees: new Map([[centre.id, { base_fee: 200, min_order: 1000 }]]),
    restaurantFees: new Map(),
    areas: new Map(),
    detour: 1.35,
    ...over,
  });
  const restaurant = { id: 7, lat: 43.5, lng: 18.5 };
  const at = new Date('2026-06-10T10:00:00Z');
  const input = { restaurant, basket: 2000, at, timeZone: 'Europe/Sarajevo' };
  it('uses the zone rule over the global one, and the road distance the ETA rides', () => {
    const priced = priceDelivery(snapshot(), { ...input, lat: 43.51, lng: 18.5 });
    expect(priced).toMatchObject({ ok: true, total: 200, zone: { name: 'centre' } });
    // 0.01° of latitude ≈ 1.112 km straight, × 1.35.
    expect(priced.road_m).toBe(1501);
    expect(priceDelivery(snapshot(), { ...input, lat: 43.1, lng: 18.1 })).toMatchObject({
      ok: true,
      total: 300,
    });
  });
  it("refuses the zone's minimum order, outside every service area, and outside the restaurant's area", () => {
    expect(priceDelivery(snapshot(), { ...input, basket: 999, lat: 43.51, lng: 18.5 })).toMatchObject({
      ok: false,
      refusal: 'below_minimum_order',
      params: { min: '10.00' },
    });
    expect(priceDelivery(snapshot(), { ...input, lat: 42, lng: 18.5 })).toMatchObject({
      refusal: 'outside_service_area',
    });
    const areas = new Map([[7, { zone_id: centre.id, radius_m: 2000 }]]);
    expect(priceDelivery(snapshot({ areas }), { ...input, lat: 43.2, lng: 18.5 })).toMatchObject({
      refusal: 'outside_restaurant_area',
    });
    // Inside the zone but past the radius: both must hold.
    expect(priceDelivery(snapshot({ areas }), { ...input, lat: 43.53, lng: 18.5 })).toMatchObject({
      refusal: 'outside_restaurant_area',
    });
    expect(priceDelivery(snapshot({ areas }), { ...input, lat: 43.51, lng: 18.5 }).ok).toBe(true);
  });
  it('defaults to the constants orders had before, with nothing configured', () => {
    const bare = snapshot({ zones: [], byId: new Map(), globalFees: null, zoneFees: new Map() });
    const priced = priceDelivery(bare, { ...input, lat: 43.51, lng: 18.5 });
    expect(priced).toMatchObject({ ok: true, total: FEE_DEFAULTS.base_fee });
  });
});
