/** A point on the map, in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/**
 * Straight-line km between two points (the haversine): the distance pricing charges for, and the one
 * ETA and dispatch measure with when the road is not known. Its SQL twin is kmBetween (eta-models.ts).
 */
export function distanceKm(a: LatLng, b: LatLng): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.sqrt(h));
}
