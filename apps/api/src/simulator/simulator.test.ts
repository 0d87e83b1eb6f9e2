import { describe, expect, it } from 'vitest';
import { distanceMeters, drivePath, interpolate, STREETS, seededRandom, waypoints } from './geo.js';
import { batches, between, nextArrivalMs, OptionsError, parseOptions } from './schedule.js';

const A = { lat: 43.8587, lng: 18.4187 };
const B = { lat: 43.8416, lng: 18.3421 };

describe('simulator paths', () => {
  it('interpolates between two points and clamps the fraction', () => {
    expect(interpolate(A, B, 0)).toEqual(A);
    expect(interpolate(A, B, 1)).toEqual(B);
    expect(interpolate(A, B, 2)).toEqual(B);
    const mid = interpolate(A, B, 0.5);
    expect(mid.lat).toBeCloseTo((A.lat + B.lat) / 2, 10);
    expect(distanceMeters(A, mid)).toBeCloseTo(distanceMeters(mid, B), -1);
  });

  it('drives one point a second at the given speed, ending at the destination', () => {
    const random = seededRandom(1);
    const route = waypoints(A, B);
    const length = route.slice(1).reduce((sum, p, i) => sum + distanceMeters(route[i] ?? p, p), 0);
    const path = drivePath(route, 10, random);
    expect(path.at(-1)).toEqual(B);
    expect(path.length).toBeGreaterThan(Math.floor(length / 10) - 2);
    expect(path.length).toBeLessThan(Math.ceil(length / 10) + 2);
    // No jump is longer than the speed plus the GPS noise.
    for (let i = 1; i < path.length; i++) {
      expect(distanceMeters(path[i - 1] ?? A, path[i] ?? A)).toBeLessThan(10 + 12);
    }
    // It stays in Sarajevo.
    for (const p of path) {
      expect(p.lat).toBeGreaterThan(43.8);
      expect(p.lat).toBeLessThan(43.9);
    }
  });

  it('takes the artery on long drives and one corner on short ones', () => {
    const long = waypoints(A, B);
    expect(long.length).toBeGreaterThan(3);
    expect(long[0]).toEqual(A);
    expect(long.at(-1)).toEqual(B);
    const near = { lat: A.lat + 0.003, lng: A.lng + 0.004 };
    expect(waypoints(A, near)).toEqual([A, { lat: A.lat, lng: near.lng }, near]);
  });

  it('has street points in town', () => {
    for (const s of STREETS) expect(distanceMeters(s, A)).toBeLessThan(10_000);
  });
});

describe('simulator scheduling', () => {
  it('spaces orders to the asked rate on average', () => {
    const random = seededRandom(7);
    let total = 0;
    for (let i = 0; i < 5000; i++) total += nextArrivalMs(4, random);
    expect(total / 5000).toBeGreaterThan(13_500);
    expect(total / 5000).toBeLessThan(16_500);
    expect(nextArrivalMs(0, random)).toBe(Number.POSITIVE_INFINITY);
  });

  it('picks waits within their bounds and splits batches at the limit', () => {
    const random = seededRandom(3);
    for (let i = 0; i < 100; i++) {
      const ms = between(5, 20, random);
      expect(ms).toBeGreaterThanOrEqual(5000);
      expect(ms).toBeLessThanOrEqual(20_000);
    }
    expect(batches([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(
      batches(
        Array.from({ length: 250 }, (_, i) => i),
        100,
      ).map((b) => b.length),
    ).toEqual([100, 100, 50]);
  });

  it('reads flags before the environment before the defaults', () => {
    expect(parseOptions([], {})).toMatchObject({
      url: 'http://localhost:3000',
      drivers: 10,
      rate: 4,
      password: 'DemoPass!2026',
      duration: 0,
      accept: 0.85,
    });
    expect(parseOptions(['--accept', '0.5'], { SIMULATOR_ACCEPT: '0.9' }).accept).toBe(0.5);
    expect(parseOptions([], { SIMULATOR_ACCEPT: '0.9' }).accept).toBe(0.9);
    expect(() => parseOptions(['--accept', '1.5'], {})).toThrow(OptionsError);
    expect(parseOptions([], {}).incidents).toBe(0.04);
    expect(parseOptions(['--incidents', '1'], { SIMULATOR_INCIDENTS: '0.2' }).incidents).toBe(1);
    expect(() => parseOptions(['--incidents', '2'], {})).toThrow(OptionsError);
    expect(
      parseOptions(['--drivers', '3', '--rate=1.5', '--url', 'http://x:1/'], {
        SIMULATOR_DRIVERS: '50',
        DEMO_PASSWORD: 'Other!2026',
      }),
    ).toMatchObject({ drivers: 3, rate: 1.5, url: 'http://x:1', password: 'Other!2026' });
    expect(parseOptions(['--simulate'], { PORT: '4000' }).url).toBe('http://localhost:4000');
    expect(() => parseOptions(['--drivers', '-1'], {})).toThrow(OptionsError);
    expect(() => parseOptions(['--nope', '1'], {})).toThrow(/Unknown option/);
    expect(() => parseOptions(['--url', 'not a url'], {})).toThrow(OptionsError);
  });
});
