/** Geometry of the simulated drives: plausible paths across Sarajevo, one point per second of driving. */

export interface Point {
  lat: number;
  lng: number;
}

/** A random number source in [0, 1) (Math.random, or a seeded one in tests). */
export type Random = () => number;

/** Street points of Sarajevo the customers live on and the drivers pass through. */
export const STREETS: readonly (Point & { name: string })[] = [
  { name: 'Titova', lat: 43.8587, lng: 18.4187 },
  { name: 'Zmaja od Bosne', lat: 43.8546, lng: 18.3983 },
  { name: 'Ferhadija', lat: 43.859, lng: 18.4245 },
  { name: 'Alipašina', lat: 43.8622, lng: 18.4078 },
  { name: 'Patriotske lige', lat: 43.8652, lng: 18.4121 },
  { name: 'Grbavička', lat: 43.8483, lng: 18.4013 },
  { name: 'Hamze Hume', lat: 43.8522, lng: 18.3912 },
  { name: 'Džemala Bijedića', lat: 43.8478, lng: 18.3565 },
  { name: 'Safeta Hadžića', lat: 43.8416, lng: 18.3421 },
  { name: 'Bulevar Meše Selimovića', lat: 43.8507, lng: 18.3782 },
  { name: 'Branilaca Sarajeva', lat: 43.8576, lng: 18.4209 },
  { name: 'Kranjčevićeva', lat: 43.8569, lng: 18.4103 },
];

/**
 * Where some customers ask from that the demo operation does not deliver to (issue 37): Trebević's
 * slopes (an exclusion) and Pale, past the service area. Their quotes are refused, saying why.
 */
export const OUTSIDE: readonly (Point & { name: string })[] = [
  { name: 'Trebević', lat: 43.832, lng: 18.46 },
  { name: 'Pale', lat: 43.8168, lng: 18.5694 },
];

/** The main east–west artery (Zmaja od Bosne and its continuation): long drives follow it. */
export const ARTERY: readonly Point[] = [
  { lat: 43.8592, lng: 18.4311 },
  { lat: 43.8576, lng: 18.4209 },
  { lat: 43.8569, lng: 18.4103 },
  { lat: 43.8546, lng: 18.3983 },
  { lat: 43.8524, lng: 18.3872 },
  { lat: 43.8507, lng: 18.3782 },
  { lat: 43.8478, lng: 18.3565 },
  { lat: 43.8416, lng: 18.3421 },
];

export const SARAJEVO: Point = { lat: 43.8563, lng: 18.4131 };

const EARTH_M = 6_371_000;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in metres. */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The point a fraction `t` (0–1) of the way from `a` to `b`. */
export function interpolate(a: Point, b: Point, t: number): Point {
  const f = Math.min(1, Math.max(0, t));
  return { lat: a.lat + (b.lat - a.lat) * f, lng: a.lng + (b.lng - a.lng) * f };
}

/** A point within about `meters` of `p`. */
export function jitter(p: Point, meters: number, random: Random): Point {
  const dLat = ((random() - 0.5) * 2 * meters) / 111_320;
  const dLng = ((random() - 0.5) * 2 * meters) / (111_320 * Math.cos(rad(p.lat)));
  return { lat: p.lat + dLat, lng: p.lng + dLng };
}

/** The artery's vertex nearest to `p` (its index). */
function nearestOnArtery(p: Point): number {
  let best = 0;
  for (let i = 1; i < ARTERY.length; i++) {
    const vertex = ARTERY[i] as Point;
    if (distanceMeters(p, vertex) < distanceMeters(p, ARTERY[best] as Point)) best = i;
  }
  return best;
}

/**
 * The corners of a drive from `from` to `to`: a long drive joins the artery, follows it and leaves it
 * near the destination; a short one turns one corner, like a street grid.
 */
export function waypoints(from: Point, to: Point): Point[] {
  if (distanceMeters(from, to) > 2_000) {
    const a = nearestOnArtery(from);
    const b = nearestOnArtery(to);
    const step = a <= b ? 1 : -1;
    const along: Point[] = [];
    for (let i = a; i !== b + step; i += step) along.push(ARTERY[i] as Point);
    return [from, ...along, to];
  }
  return [from, { lat: from.lat, lng: to.lng }, to];
}

/**
 * Positions one second apart along the polyline, at `speed` m/s, each moved by up to `noise` metres
 * (GPS noise). The last point is the destination itself.
 */
export function drivePath(polyline: readonly Point[], speed: number, random: Random, noise = 4): Point[] {
  const points: Point[] = [];
  let carried = 0;
  for (let i = 1; i < polyline.length; i++) {
    const a = polyline[i - 1] as Point;
    const b = polyline[i] as Point;
    const length = distanceMeters(a, b);
    let at = speed - carried;
    while (at < length) {
      points.push(jitter(interpolate(a, b, at / length), noise, random));
      at += speed;
    }
    carried = length - (at - speed);
  }
  const last = polyline.at(-1);
  if (last) points.push(last);
  return points;
}

/** A deterministic random source for tests (mulberry32). */
export function seededRandom(seed: number): Random {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
