import { z } from 'zod';
import { msg } from './messages.js';
import { id, optionalText, patchOf, requiredText } from './validation.js';

/**
 * Delivery zones, restaurants' delivery areas, fee rules and quotes (issue 37, decision 0035). The
 * fee's arithmetic is here, pure, so the API, its bench, the simulator screen and the tests run the
 * same code; the API finds the zone (point in polygon) and measures the road distance and feeds it in.
 */

/** Service area: where the operation delivers. Fee zone: only prices. Exclusion: never delivered to. */
export const ZONE_KINDS = ['service_area', 'fee_zone', 'exclusion'] as const;
export type ZoneKind = (typeof ZONE_KINDS)[number];

/** Why an address is refused, most telling first (the API says which, never a silent fallback). */
export const DELIVERY_REFUSALS = [
  'in_exclusion',
  'outside_service_area',
  'outside_restaurant_area',
  'below_minimum_order',
] as const;
export type DeliveryRefusal = (typeof DELIVERY_REFUSALS)[number];

/** How long a quote holds: placing an order with an older one is refused (the customer asks again). */
export const QUOTE_TTL_MINUTES = 10;

// ---------------------------------------------------------------------------------------------
// Geometry: GeoJSON Polygon and MultiPolygon, [lng, lat] positions. Structure is checked here (both
// sides); a ring crossing itself or another ring is checked by the API (turf's kinks).

const position = z
  .array(z.number({ error: msg('zones.validation.not_a_number') }))
  .min(2, { error: msg('zones.validation.bad_position') })
  .max(3, { error: msg('zones.validation.bad_position') })
  .refine(([lng = 0, lat = 0]) => Number.isFinite(lng) && Number.isFinite(lat), {
    error: msg('zones.validation.not_a_number'),
  })
  .refine(([lng = 0, lat = 0]) => Math.abs(lng) <= 180 && Math.abs(lat) <= 90, {
    error: msg('zones.validation.outside_world'),
  })
  .transform(([lng = 0, lat = 0]) => [lng, lat] as [number, number]);

const samePoint = (a: readonly number[] | undefined, b: readonly number[] | undefined) =>
  a !== undefined && b !== undefined && a[0] === b[0] && a[1] === b[1];

/** A ring: closed if the drawing left it open; at least three distinct corners. */
const ring = z
  .array(position)
  .max(5000, { error: msg('zones.validation.too_many_points', { max: 5000 }) })
  .transform((points) => (samePoint(points[0], points.at(-1)) ? points : [...points, ...points.slice(0, 1)]))
  .refine((points) => new Set(points.map((p) => `${p[0]},${p[1]}`)).size >= 3, {
    error: msg('zones.validation.too_few_points'),
  });

const polygonCoordinates = z
  .array(ring)
  .min(1, { error: msg('zones.validation.too_few_points') })
  .max(100, { error: msg('zones.validation.too_many_holes', { max: 99 }) });

export const polygonBody = z.object({ type: z.literal('Polygon'), coordinates: polygonCoordinates });
export const multiPolygonBody = z.object({
  type: z.literal('MultiPolygon'),
  coordinates: z
    .array(polygonCoordinates)
    .min(1, { error: msg('zones.validation.too_few_points') })
    .max(100),
});
export const zoneGeometryBody = z.discriminatedUnion('type', [polygonBody, multiPolygonBody], {
  error: msg('zones.validation.not_a_polygon'),
});
export type ZoneGeometry = z.output<typeof zoneGeometryBody>;

/** The geometry as answers carry it (already checked when stored: no transforms on the way out). */
const positions = z.array(z.array(z.array(z.number())));
export const zoneGeometryOut = z.discriminatedUnion('type', [
  z.object({ type: z.literal('Polygon'), coordinates: positions }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(positions) }),
]);

export const zoneBody = z.object({
  name: requiredText(120),
  kind: z.enum(ZONE_KINDS, { error: msg('validation.invalid_choice') }),
  /** Where zones overlap, the higher priority prices the order (equal: the smaller zone). */
  priority: z.number().int().min(-1000).max(1000).default(0),
  active: z.boolean().default(true),
  geometry: zoneGeometryBody,
});
export type ZoneBody = z.output<typeof zoneBody>;
export type ZoneInput = z.input<typeof zoneBody>;
export const zonePatchBody = patchOf(zoneBody);

export const zoneSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(ZONE_KINDS),
  priority: z.number().int(),
  active: z.boolean(),
  geometry: zoneGeometryOut,
  /** Square metres (turf's area), to compare overlapping zones. */
  area_m2: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Zone = z.infer<typeof zoneSchema>;

/** A GeoJSON FeatureCollection of zones, as exported and imported (properties carry the fields). */
const featureOf = <G extends z.ZodType, N extends z.ZodType>(geometry: G, name: N) =>
  z.object({
    type: z.literal('Feature'),
    geometry,
    properties: z
      .object({
        name: name.optional(),
        kind: z.enum(ZONE_KINDS).optional(),
        priority: z.number().int().optional(),
        active: z.boolean().optional(),
      })
      .nullable()
      .optional(),
  });
export const zoneFeatureOut = featureOf(zoneGeometryOut, z.string());
// An imported name is text PostgreSQL can store (a blank one: the zone is named after its position).
export const zoneFeatureBody = featureOf(zoneGeometryBody, optionalText(120));
export const zoneImportBody = z.object({
  type: z.literal('FeatureCollection', { error: msg('zones.validation.not_a_feature_collection') }),
  features: z.array(zoneFeatureBody).min(1).max(1000),
});
export type ZoneImportBody = z.output<typeof zoneImportBody>;

// ---------------------------------------------------------------------------------------------
// Restaurants' delivery areas

export const deliveryAreaBody = z
  .object({
    /** The customer must be inside this zone… */
    zone_id: id().nullable(),
    /** …and within this many metres of the restaurant in a straight line (null: no radius). */
    radius_m: z.number().int().min(100).max(50_000).nullable(),
  })
  .strict();
export type DeliveryAreaBody = z.infer<typeof deliveryAreaBody>;
export const deliveryAreaSchema = z.object({
  restaurant_id: z.number().int(),
  zone_id: z.number().int().nullable(),
  zone_name: z.string().nullable(),
  radius_m: z.number().int().nullable(),
  /** Where the radius is measured from. */
  lat: z.number().nullable(),
  lng: z.number().nullable(),
  /** The zone's outline, so the restaurant's staff see the area on their page (absent without a zone). */
  geometry: zoneGeometryOut.optional(),
});
export type DeliveryArea = z.infer<typeof deliveryAreaSchema>;

// ---------------------------------------------------------------------------------------------
// Fee rules

export const FEE_SCOPES = ['global', 'zone', 'restaurant'] as const;
export type FeeScope = (typeof FEE_SCOPES)[number];

const amount = () => z.number().int().min(0).max(1_000_000);
const HHMM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Up to `up_to_m` metres of road the distance line is `amount`; past the last band its amount holds. */
export const distanceBandSchema = z.object({
  up_to_m: z.number().int().min(1).max(200_000),
  amount: amount(),
});
export type DistanceBand = z.infer<typeof distanceBandSchema>;

/**
 * A surcharge on some weekdays (1 = Monday … 7 = Sunday) from `from` to `to`, local time of the
 * operation. `to` at or before `from` runs past midnight and belongs to the day it started (Friday
 * 22:00–02:00 is Saturday 01:30 too). `from` = `to` is the whole day.
 */
export const peakWindowSchema = z.object({
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1, { error: msg('zones.validation.days_required') })
    .max(7),
  from: z.string().regex(HHMM, { error: msg('zones.validation.time') }),
  to: z.string().regex(HHMM, { error: msg('zones.validation.time') }),
  amount: amount(),
});
export type PeakWindow = z.infer<typeof peakWindowSchema>;

/** Every field null = inherited from the less specific rule (restaurant → zone → global → defaults). */
export const feeFieldsSchema = z.object({
  base_fee: amount().nullable(),
  distance_bands: z
    .array(distanceBandSchema)
    .max(20)
    .refine((bands) => bands.every((b, i) => i === 0 || b.up_to_m > (bands[i - 1]?.up_to_m ?? 0)), {
      error: msg('zones.validation.bands_ascending'),
    })
    .nullable(),
  min_order: amount().nullable(),
  small_basket_below: amount().nullable(),
  small_basket_fee: amount().nullable(),
  free_above: amount().nullable(),
  peak_windows: z.array(peakWindowSchema).max(20).nullable(),
  rush_active: z.boolean().nullable(),
  rush_fee: amount().nullable(),
  cap: amount().nullable(),
  /** The total is rounded half up to a multiple of this many minor units (10: to 0.10 KM). */
  rounding: z.number().int().min(1).max(10_000).nullable(),
});
export type FeeFields = z.infer<typeof feeFieldsSchema>;
export const FEE_FIELDS = Object.keys(feeFieldsSchema.shape) as (keyof FeeFields)[];

export const feeRuleBody = feeFieldsSchema.partial().strict();
export type FeeRuleBody = z.infer<typeof feeRuleBody>;

export const feeRuleSchema = feeFieldsSchema.extend({
  id: z.number().int(),
  scope: z.enum(FEE_SCOPES),
  zone_id: z.number().int().nullable(),
  restaurant_id: z.number().int().nullable(),
  /** The zone's or the restaurant's name, for the list. */
  name: z.string().nullable(),
  updated_at: z.string(),
});
export type FeeRule = z.infer<typeof feeRuleSchema>;
export const feeRuleParams = z.object({
  scope: z.enum(FEE_SCOPES, { error: msg('validation.invalid_choice') }),
  /** The zone's or restaurant's id; 0 for the global rule. */
  target: z.coerce.number().int().min(0),
});

/** What applies when nothing is configured: the three constants the orders had before issue 37. */
export const FEE_DEFAULTS: { [K in keyof FeeFields]: NonNullable<FeeFields[K]> | null } = {
  base_fee: 300,
  distance_bands: [],
  min_order: 0,
  small_basket_below: 0,
  small_basket_fee: 0,
  free_above: null,
  peak_windows: [],
  rush_active: false,
  rush_fee: 0,
  cap: 1500,
  rounding: 1,
};
export type EffectiveFees = typeof FEE_DEFAULTS;

/** Field by field, the most specific rule that sets it wins. */
export function mergeFees(...mostSpecificFirst: (Partial<FeeFields> | null | undefined)[]): EffectiveFees {
  const out = { ...FEE_DEFAULTS } as Record<keyof FeeFields, unknown>;
  for (const key of FEE_FIELDS) {
    for (const rule of mostSpecificFirst) {
      const value = rule?.[key];
      if (value !== null && value !== undefined) {
        out[key] = value;
        break;
      }
    }
  }
  return out as EffectiveFees;
}

// ---------------------------------------------------------------------------------------------
// Evaluation

export const FEE_LINE_KINDS = [
  'base',
  'distance',
  'small_basket',
  'peak',
  'rush',
  'rounding',
  'cap',
  'free',
] as const;
export type FeeLineKind = (typeof FEE_LINE_KINDS)[number];
export const feeLineSchema = z.object({ kind: z.enum(FEE_LINE_KINDS), amount: z.number().int() });
export type FeeLine = z.infer<typeof feeLineSchema>;

const localFormats = new Map<string, Intl.DateTimeFormat>();
/** ISO weekday (1 = Monday) and minute of the day of an instant in `timeZone` (DST included). */
export function localWeekMinute(at: Date, timeZone: string): { day: number; minute: number } {
  let format = localFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    localFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(at);
  const weekday = parts.find((p) => p.type === 'weekday')?.value ?? 'Mon';
  const hour = Number(parts.find((p) => p.type === 'hour')?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === 'minute')?.value ?? 0);
  return {
    day: ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'].indexOf(weekday) + 1,
    minute: hour * 60 + minute,
  };
}

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether a window holds at local `day` and `minute`. */
export function inWindow(window: PeakWindow, day: number, minute: number): boolean {
  const from = minutesOf(window.from);
  const to = minutesOf(window.to);
  const previous = day === 1 ? 7 : day - 1;
  if (from === to) return window.days.includes(day);
  if (from < to) return window.days.includes(day) && minute >= from && minute < to;
  // Past midnight: the evening of a listed day, or the small hours after one.
  return (window.days.includes(day) && minute >= from) || (window.days.includes(previous) && minute < to);
}

export interface FeeInput {
  /** Road metres: the straight line × the travel model's detour factor (what the ETA rides). */
  road_m: number;
  /** The items' amount, minor units. */
  basket: number;
  at: Date;
  timeZone: string;
}

export type FeeResult =
  | { ok: true; lines: FeeLine[]; total: number }
  | { ok: false; refusal: 'below_minimum_order'; min_order: number };

/**
 * The delivery fee: base, distance band, small basket, peak (the largest window that holds; windows
 * do not stack), rush; then rounded, capped, and waived entirely at or above the free threshold.
 * Every line is kept (zero lines dropped) so the breakdown adds up to the total.
 */
export function evaluateFee(fees: EffectiveFees, input: FeeInput): FeeResult {
  const minOrder = fees.min_order ?? 0;
  if (input.basket < minOrder) return { ok: false, refusal: 'below_minimum_order', min_order: minOrder };
  const lines: FeeLine[] = [];
  const add = (kind: FeeLineKind, value: number) => {
    if (value !== 0) lines.push({ kind, amount: value });
  };
  add('base', fees.base_fee ?? 0);
  const bands = fees.distance_bands ?? [];
  const band = bands.find((b) => input.road_m <= b.up_to_m) ?? bands.at(-1);
  add('distance', band?.amount ?? 0);
  if (input.basket < (fees.small_basket_below ?? 0)) add('small_basket', fees.small_basket_fee ?? 0);
  const { day, minute } = localWeekMinute(input.at, input.timeZone);
  const peak = Math.max(
    0,
    ...(fees.peak_windows ?? []).filter((w) => inWindow(w, day, minute)).map((w) => w.amount),
  );
  add('peak', peak);
  if (fees.rush_active) add('rush', fees.rush_fee ?? 0);
  let total = lines.reduce((sum, l) => sum + l.amount, 0);
  const step = fees.rounding ?? 1;
  const rounded = Math.floor((total + step / 2) / step) * step;
  add('rounding', rounded - total);
  total = rounded;
  if (fees.cap !== null && total > fees.cap) {
    add('cap', fees.cap - total);
    total = fees.cap;
  }
  if (fees.free_above !== null && input.basket >= fees.free_above) {
    add('free', -total);
    total = 0;
  }
  return { ok: true, lines, total };
}

/** Road metres for a straight line of `km` with the travel model's detour factor (decision 0035). */
export const roadMetres = (km: number, detourFactor: number): number => Math.round(km * detourFactor * 1000);

// ---------------------------------------------------------------------------------------------
// Quotes

/** The customer app: the same items, address position and restaurant it will place the order with. */
export const quoteBody = z.object({
  restaurant_id: id(),
  items: z
    .array(z.object({ product_id: id(), quantity: z.number().int().min(1).max(100) }))
    .min(1)
    .max(50),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});
export type QuoteBody = z.infer<typeof quoteBody>;

/** The Admin's simulator: any point, restaurant, time and basket, stored nowhere. */
export const simulateBody = z.object({
  restaurant_id: id(),
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  basket: amount(),
  at: z.iso.datetime({ offset: true, error: msg('validation.invalid_date') }).optional(),
  /** Rules as they would be with this rush switch (null: as they are). */
  rush_active: z.boolean().nullable().optional(),
});
export type SimulateBody = z.infer<typeof simulateBody>;

const zoneRef = z.object({ id: z.number().int(), name: z.string(), kind: z.enum(ZONE_KINDS) });

export const quoteSchema = z.object({
  /** Null for a simulation (nothing stored). */
  id: z.string().nullable(),
  restaurant_id: z.number().int(),
  lat: z.number(),
  lng: z.number(),
  /** The zone whose rules priced it (null: only the global rule). */
  zone: zoneRef.nullable(),
  road_m: z.number().int(),
  items_amount: z.number().int(),
  lines: z.array(feeLineSchema),
  total: z.number().int(),
  expires_at: z.string().nullable(),
  created_at: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

/** The simulator's answer: the quote or the refusal, and every zone that holds the point. */
export const simulationSchema = z.object({
  quote: quoteSchema.nullable(),
  refusal: z.enum(DELIVERY_REFUSALS).nullable(),
  /** The refusal in the caller's language. */
  message: z.string().nullable(),
  zones: z.array(zoneRef.extend({ priority: z.number().int() })),
  fees: feeFieldsSchema,
});
export type Simulation = z.infer<typeof simulationSchema>;

/** Whether a restaurant delivers to a point, as the customer's menu says it. */
export const deliversSchema = z.object({
  delivers: z.boolean(),
  refusal: z.enum(DELIVERY_REFUSALS).nullable(),
});
