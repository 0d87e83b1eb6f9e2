import { describe, expect, it } from 'vitest';
import {
  type EffectiveFees,
  evaluateFee,
  FEE_DEFAULTS,
  feeFieldsSchema,
  inWindow,
  localWeekMinute,
  mergeFees,
  roadMetres,
  zoneGeometryBody,
} from './zones.js';

const TZ = 'Europe/Sarajevo';
/** A Wednesday noon in Sarajevo: no window of these tests holds. */
const NOON = new Date('2026-06-10T10:00:00Z');

const fees = (over: Partial<EffectiveFees>): EffectiveFees => ({ ...FEE_DEFAULTS, cap: null, ...over });
const total = (f: EffectiveFees, over: Partial<Parameters<typeof evaluateFee>[1]> = {}) => {
  const result = evaluateFee(f, { road_m: 1000, basket: 2000, at: NOON, timeZone: TZ, ...over });
  if (!result.ok) throw new Error(result.refusal);
  // The breakdown always adds up to the total.
  expect(result.lines.reduce((s, l) => s + l.amount, 0)).toBe(result.total);
  return result;
};

describe('distance bands', () => {
  const banded = fees({
    base_fee: 200,
    distance_bands: [
      { up_to_m: 1500, amount: 0 },
      { up_to_m: 3000, amount: 100 },
      { up_to_m: 6000, amount: 250 },
    ],
  });
  it('charges the band whose upper edge the road reaches, at 1,499 / 1,500 / 1,501 m', () => {
    expect(total(banded, { road_m: 1499 }).total).toBe(200);
    expect(total(banded, { road_m: 1500 }).total).toBe(200);
    expect(total(banded, { road_m: 1501 }).total).toBe(300);
    expect(total(banded, { road_m: 3001 }).total).toBe(450);
  });
  it('keeps the last band past its edge', () => {
    expect(total(banded, { road_m: 50_000 }).total).toBe(450);
  });
  it('measures the road as the ETA does: straight line × the detour factor', () => {
    expect(roadMetres(1.111, 1.35)).toBe(1500);
  });
});

describe('basket rules', () => {
  it('refuses a basket under the minimum order, and takes one exactly at it', () => {
    const f = fees({ min_order: 1000 });
    expect(evaluateFee(f, { road_m: 1, basket: 999, at: NOON, timeZone: TZ })).toEqual({
      ok: false,
      refusal: 'below_minimum_order',
      min_order: 1000,
    });
    expect(evaluateFee(f, { road_m: 1, basket: 1000, at: NOON, timeZone: TZ }).ok).toBe(true);
  });
  it('adds the small-basket surcharge below its threshold only', () => {
    const f = fees({ base_fee: 300, small_basket_below: 1500, small_basket_fee: 100 });
    expect(total(f, { basket: 1499 }).total).toBe(400);
    expect(total(f, { basket: 1500 }).total).toBe(300);
  });
  it('applies the cap and the free threshold together: free wins above it, the cap below', () => {
    const f = fees({
      base_fee: 900,
      distance_bands: [{ up_to_m: 1000, amount: 800 }],
      rush_active: true,
      rush_fee: 200,
      cap: 1500,
      free_above: 5000,
    });
    const capped = total(f, { basket: 4999 });
    expect(capped.total).toBe(1500);
    expect(capped.lines.find((l) => l.kind === 'cap')?.amount).toBe(-400);
    const free = total(f, { basket: 5000 });
    expect(free.total).toBe(0);
    expect(free.lines.map((l) => l.kind)).toEqual(['base', 'distance', 'rush', 'cap', 'free']);
  });
  it('rounds half up to the step, before the cap', () => {
    expect(total(fees({ base_fee: 345, rounding: 10 })).total).toBe(350);
    expect(total(fees({ base_fee: 344, rounding: 10 })).total).toBe(340);
    expect(total(fees({ base_fee: 1496, rounding: 10, cap: 1495 })).total).toBe(1495);
  });
});

describe('peak windows in the operation time zone', () => {
  const friday = { days: [5], from: '22:00', to: '02:00', amount: 150 };
  it('runs past midnight into the next day', () => {
    // Friday 2026-06-12 23:30 and Saturday 00:30 (UTC+2) hold; Saturday 02:00 does not.
    expect(total(fees({ peak_windows: [friday] }), { at: new Date('2026-06-12T21:30:00Z') }).total).toBe(450);
    expect(total(fees({ peak_windows: [friday] }), { at: new Date('2026-06-12T22:30:00Z') }).total).toBe(450);
    expect(total(fees({ peak_windows: [friday] }), { at: new Date('2026-06-13T00:00:00Z') }).total).toBe(300);
    expect(total(fees({ peak_windows: [friday] }), { at: new Date('2026-06-12T19:59:00Z') }).total).toBe(300);
  });
  it('a Sunday window after midnight is Monday small hours', () => {
    const sunday = { days: [7], from: '23:00', to: '01:00', amount: 1 };
    // Monday 2026-06-15 00:30 local.
    expect(inWindow(sunday, 1, 30)).toBe(true);
    expect(inWindow(sunday, 2, 30)).toBe(false);
  });
  it('follows the spring daylight-saving change (29 March 2026, 02:00 → 03:00)', () => {
    // Saturday 22:00 to Sunday 03:00 local: 01:30 CET holds, 03:30 CEST does not, although only
    // one hour of UTC lies between them.
    const night = { days: [6], from: '22:00', to: '03:00', amount: 100 };
    expect(localWeekMinute(new Date('2026-03-29T00:30:00Z'), TZ)).toEqual({ day: 7, minute: 90 });
    expect(localWeekMinute(new Date('2026-03-29T01:30:00Z'), TZ)).toEqual({ day: 7, minute: 210 });
    expect(total(fees({ peak_windows: [night] }), { at: new Date('2026-03-29T00:30:00Z') }).total).toBe(400);
    expect(total(fees({ peak_windows: [night] }), { at: new Date('2026-03-29T01:30:00Z') }).total).toBe(300);
  });
  it('holds both 02:30s of the autumn change (25 October 2026)', () => {
    const late = { days: [7], from: '02:00', to: '03:00', amount: 100 };
    expect(total(fees({ peak_windows: [late] }), { at: new Date('2026-10-25T00:30:00Z') }).total).toBe(400);
    expect(total(fees({ peak_windows: [late] }), { at: new Date('2026-10-25T01:30:00Z') }).total).toBe(400);
    expect(total(fees({ peak_windows: [late] }), { at: new Date('2026-10-25T02:30:00Z') }).total).toBe(300);
  });
  it('takes the largest window that holds, not the sum', () => {
    const a = { days: [3], from: '11:00', to: '13:00', amount: 100 };
    const b = { days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '00:00', amount: 40 };
    expect(total(fees({ peak_windows: [a, b] })).total).toBe(400);
  });
});

describe('the most specific rule wins, field by field', () => {
  it('restaurant over zone over global over defaults', () => {
    const merged = mergeFees({ base_fee: 100 }, { base_fee: 200, cap: 900 }, { cap: 800, rounding: 10 });
    expect(merged.base_fee).toBe(100);
    expect(merged.cap).toBe(900);
    expect(merged.rounding).toBe(10);
    expect(merged.min_order).toBe(FEE_DEFAULTS.min_order);
  });
  it('an empty list is a setting (no bands here), null inherits', () => {
    const merged = mergeFees({ distance_bands: [] }, { distance_bands: [{ up_to_m: 1, amount: 5 }] });
    expect(merged.distance_bands).toEqual([]);
  });
});

describe('validation', () => {
  it('refuses bands out of order and a bad time', () => {
    const bad = feeFieldsSchema.partial().safeParse({
      distance_bands: [
        { up_to_m: 3000, amount: 1 },
        { up_to_m: 1500, amount: 2 },
      ],
      peak_windows: [{ days: [5], from: '25:00', to: '02:00', amount: 1 }],
    });
    expect(bad.success).toBe(false);
    const messages = bad.error?.issues.map((i) => i.message);
    expect(messages).toContain('zones.validation.bands_ascending');
    expect(messages).toContain('zones.validation.time');
  });
  it('names what is wrong with a polygon: too few points, outside the world', () => {
    const few = zoneGeometryBody.safeParse({
      type: 'Polygon',
      coordinates: [
        [
          [18, 43],
          [18.1, 43],
          [18, 43],
        ],
      ],
    });
    expect(few.error?.issues[0]?.message).toBe('zones.validation.too_few_points');
    const far = zoneGeometryBody.safeParse({
      type: 'Polygon',
      coordinates: [
        [
          [18, 43],
          [200, 43],
          [18, 44],
        ],
      ],
    });
    expect(far.error?.issues[0]?.message).toBe('zones.validation.outside_world');
  });
  it('closes a ring left open', () => {
    const open = zoneGeometryBody.parse({
      type: 'Polygon',
      coordinates: [
        [
          [18, 43],
          [18.1, 43],
          [18, 44],
        ],
      ],
    });
    expect(open.type === 'Polygon' && open.coordinates[0]?.length).toBe(4);
  });
});
