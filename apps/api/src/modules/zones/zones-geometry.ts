import { type DELIVERY_REFUSALS, msg, type ZoneGeometry, type ZoneKind } from '@dostava/shared';
import { area as turfArea } from '@turf/area';
import { bbox as turfBbox } from '@turf/bbox';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { kinks } from '@turf/kinks';
import { BadRequest } from '../../lib/errors.js';

/** A zone as every instance holds it in memory, with its bounding box for a cheap first test. */
export interface ZoneShape {
  id: number;
  name: string;
  kind: ZoneKind;
  priority: number;
  active: boolean;
  area_m2: number;
  geometry: ZoneGeometry;
  /** [west, south, east, north] */
  bbox: [number, number, number, number];
}

export const bboxOf = (geometry: ZoneGeometry) => turfBbox(geometry) as [number, number, number, number];
export const areaOf = (geometry: ZoneGeometry) => turfArea(geometry);

/**
 * Whether the point is in the zone. A point exactly on an edge (outer or a hole's) counts as inside:
 * a zone's boundary belongs to it, so an address on the line of an exclusion is excluded. Inside a
 * hole is outside.
 */
export function holds(zone: Pick<ZoneShape, 'bbox' | 'geometry'>, lat: number, lng: number): boolean {
  const [west, south, east, north] = zone.bbox;
  if (lng < west || lng > east || lat < south || lat > north) return false;
  return booleanPointInPolygon([lng, lat], zone.geometry);
}

/** Higher priority first; at equal priority the smaller zone (the nested one is the more specific). */
export const bySpecificity = (a: ZoneShape, b: ZoneShape) =>
  b.priority - a.priority || a.area_m2 - b.area_m2 || a.id - b.id;

export interface PointResolution {
  /** Why nothing is delivered here, before any restaurant is considered. */
  refusal: (typeof DELIVERY_REFUSALS)[number] | null;
  /** The zone whose fee rule prices an order here (a service area or fee zone), most specific. */
  pricing: ZoneShape | null;
  /** Every active zone holding the point, most specific first. */
  holding: ZoneShape[];
}

/**
 * Where a point stands among the active zones: an exclusion always wins whatever its priority (the
 * operation never delivers there); with at least one service area drawn, a point outside all of them
 * is refused. With none drawn yet, the operation delivers everywhere (a fresh install; the editor
 * says so).
 */
export function resolvePoint(zones: readonly ZoneShape[], lat: number, lng: number): PointResolution {
  const holding = zones.filter((z) => z.active && holds(z, lat, lng)).sort(bySpecificity);
  if (holding.some((z) => z.kind === 'exclusion')) return { refusal: 'in_exclusion', pricing: null, holding };
  const anyService = zones.some((z) => z.active && z.kind === 'service_area');
  if (anyService && !holding.some((z) => z.kind === 'service_area')) {
    return { refusal: 'outside_service_area', pricing: null, holding };
  }
  return { refusal: null, pricing: holding.find((z) => z.kind !== 'exclusion') ?? null, holding };
}

/**
 * Refuses a polygon that crosses itself (or whose rings cross each other), naming where, and a hole
 * that lies outside its outline. The structure (points, closure, world bounds) is the shared schema's.
 */
export function assertValidGeometry(geometry: ZoneGeometry, field = 'geometry'): void {
  const crossings = kinks(geometry).features;
  const first = crossings[0]?.geometry.coordinates;
  if (first) {
    throw new BadRequest({
      [field]: [
        msg('zones.validation.self_intersecting', {
          lat: Number(first[1]?.toFixed(5)),
          lng: Number(first[0]?.toFixed(5)),
        }),
      ],
    });
  }
  const polygons = geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;
  for (const [outer, ...holes] of polygons) {
    if (!outer) continue;
    for (const hole of holes) {
      const corner = hole[0];
      if (corner && !booleanPointInPolygon(corner, { type: 'Polygon', coordinates: [outer] })) {
        throw new BadRequest({ [field]: [msg('zones.validation.hole_outside')] });
      }
    }
  }
}
