import {
  type DeliveryRefusal,
  type EffectiveFees,
  evaluateFee,
  type FeeLine,
  mergeFees,
  roadMetres,
} from '@dostava/shared';
import { RuleBroken } from '../../lib/errors.js';
import { distanceKm } from '../../lib/geo.js';
import type { ZoneSnapshot } from './zones-cache.js';
import { holds, resolvePoint, type ZoneShape } from './zones-geometry.js';

export interface PricingInput {
  restaurant: { id: number; lat: number | null; lng: number | null };
  lat: number;
  lng: number;
  /** The items' amount, minor units. */
  basket: number;
  at: Date;
  timeZone: string;
  /** The simulator's "what if the rush switch were …". */
  rush?: boolean | null | undefined;
  /** The detour factor to use (placement passes the one its promise uses); else the snapshot's. */
  detour?: number | undefined;
}

export type Pricing =
  | {
      ok: true;
      zone: ZoneShape | null;
      road_m: number;
      lines: FeeLine[];
      total: number;
      fees: EffectiveFees;
      holding: ZoneShape[];
    }
  | {
      ok: false;
      refusal: DeliveryRefusal;
      params: Record<string, string | number>;
      zone: ZoneShape | null;
      road_m: number;
      fees: EffectiveFees | null;
      holding: ZoneShape[];
    };

/**
 * Prices a delivery from the snapshot alone: where the point stands among the zones (exclusion,
 * service areas), the restaurant's area (its zone and its radius, both when both are set), then the
 * rules — the restaurant's over the pricing zone's over the global one, field by field — on the road
 * distance the ETA rides (straight line × the travel model's detour factor, decision 0035).
 */
export function priceDelivery(snapshot: ZoneSnapshot, input: PricingInput): Pricing {
  const { restaurant, lat, lng } = input;
  const km =
    restaurant.lat !== null && restaurant.lng !== null
      ? distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, { lat, lng })
      : 0;
  const road_m = roadMetres(km, input.detour ?? snapshot.detour);
  const place = resolvePoint(snapshot.zones, lat, lng);
  const refuse = (
    refusal: DeliveryRefusal,
    params: Record<string, string | number> = {},
    fees: EffectiveFees | null = null,
  ): Pricing => ({
    ok: false,
    refusal,
    params,
    zone: place.pricing,
    road_m,
    fees,
    holding: place.holding,
  });
  if (place.refusal) return refuse(place.refusal);
  const area = snapshot.areas.get(restaurant.id);
  if (area) {
    const zone = area.zone_id !== null ? snapshot.byId.get(area.zone_id) : undefined;
    if (zone && !holds(zone, lat, lng)) return refuse('outside_restaurant_area', { zone: zone.name });
    if (area.radius_m !== null && km * 1000 > area.radius_m) {
      return refuse('outside_restaurant_area', { zone: `${(area.radius_m / 1000).toFixed(1)} km` });
    }
  }
  const fees = mergeFees(
    input.rush === null || input.rush === undefined ? null : { rush_active: input.rush },
    snapshot.restaurantFees.get(restaurant.id),
    place.pricing ? snapshot.zoneFees.get(place.pricing.id) : null,
    snapshot.globalFees,
  );
  const result = evaluateFee(fees, { road_m, basket: input.basket, at: input.at, timeZone: input.timeZone });
  if (!result.ok) return refuse(result.refusal, { min: (result.min_order / 100).toFixed(2) }, fees);
  return {
    ok: true,
    zone: place.pricing,
    road_m,
    lines: result.lines,
    total: result.total,
    fees,
    holding: place.holding,
  };
}

/** The refusal as the API answers it: 422 with the reason's own code and message. */
export function refusalError(pricing: Extract<Pricing, { ok: false }>): RuleBroken {
  return new RuleBroken(pricing.refusal, `zones.errors.${pricing.refusal}`, pricing.params);
}
