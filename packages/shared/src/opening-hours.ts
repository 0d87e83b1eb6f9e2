import { z } from 'zod';
import { msg } from './messages.js';
import { calendarDate, optionalText } from './validation.js';

/**
 * Opening hours: a weekly schedule (several ranges a day; a range whose `closes` is not after its
 * `opens` runs past midnight into the next day) and dated exceptions (a holiday closed all day,
 * special hours), all on the operation's clock. A range belongs to the day it opens on: an
 * exception replaces the ranges that open on its date, and the previous evening's range that runs
 * past midnight still ends as it says. No weekly range at all means open around the clock (apart
 * from the exceptions' dates).
 */

/** 'HH:MM', 00:00 … 23:59. The database's `time` ('HH:MM:SS') is cut to this. */
export const TIME_PATTERN = /^([01][0-9]|2[0-3]):[0-5][0-9]$/;
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Enough for a split shift and a late window; more is a typing mistake. */
export const MAX_RANGES_PER_DAY = 6;
export const MAX_EXCEPTIONS = 100;
const DAY = 1440;
const WEEK = 7 * DAY;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
/** How long a range lasts in minutes: past midnight when `closes` is not after `opens`. */
const lengthOf = (opens: string, closes: string) => {
  const length = minutesOf(closes) - minutesOf(opens);
  return length > 0 ? length : length + DAY;
};

/** A time of day, 'HH:MM' (or 'H:MM'), given back as 'HH:MM'. */
export const timeOfDay = () =>
  z
    .string({ error: msg('validation.time') })
    .trim()
    .regex(/^([01]?[0-9]|2[0-3]):[0-5][0-9]$/, { error: msg('validation.time') })
    .transform((value) => value.padStart(5, '0'));

/** 00:00–00:00: the whole day (what "open around the clock" keeps on a day once other days get hours). */
export const ALL_DAY = { opens: '00:00', closes: '00:00' } as const;
export const isAllDay = (range: { opens: string; closes: string }) =>
  range.opens === ALL_DAY.opens && range.closes === ALL_DAY.closes;

const timeRange = z.object({ opens: timeOfDay(), closes: timeOfDay() }).superRefine((range, ctx) => {
  if (range.opens === range.closes && !isAllDay(range)) {
    ctx.addIssue({ code: 'custom', path: ['closes'], message: msg('validation.hours_equal') });
  }
});
export type TimeRange = z.infer<typeof timeRange>;

/** ISO weekday: 1 Monday … 7 Sunday. */
const weekday = z.number().int().min(1).max(7);

const hoursDay = z.object({
  weekday,
  ranges: z.array(timeRange).max(MAX_RANGES_PER_DAY),
});

const hoursException = z
  .object({
    date: calendarDate(),
    /** Closed the whole day; otherwise the day's ranges replace its weekly ones. */
    closed: z.boolean(),
    ranges: z.array(timeRange).max(MAX_RANGES_PER_DAY),
    note: optionalText(200).optional(),
  })
  .superRefine((exception, ctx) => {
    if (!exception.closed && exception.ranges.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['ranges'], message: msg('validation.hours_exception_empty') });
    }
  });

/** Indexes of the ranges that overlap an earlier one, on a line (one date) or a circle (the week). */
function overlapping(spans: { start: number; end: number }[], period?: number): number[] {
  const bad = new Set<number>();
  for (let i = 0; i < spans.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = spans[i] as { start: number; end: number };
      const b = spans[j] as { start: number; end: number };
      const shifts = period ? [-period, 0, period] : [0];
      if (shifts.some((s) => a.start + s < b.end && b.start < a.end + s)) bad.add(i);
    }
  }
  return [...bad];
}

/** PUT /restaurants/:id/hours: the whole schedule, replaced at once. */
export const hoursBody = z
  .object({
    days: z.array(hoursDay).max(7),
    exceptions: z.array(hoursException).max(MAX_EXCEPTIONS),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    const spans: { start: number; end: number; path: (string | number)[] }[] = [];
    body.days.forEach((day, d) => {
      if (seen.has(day.weekday)) {
        ctx.addIssue({
          code: 'custom',
          path: ['days', d, 'weekday'],
          message: msg('validation.hours_day_twice'),
        });
      }
      seen.add(day.weekday);
      day.ranges.forEach((range, r) => {
        if (range.opens === range.closes && !isAllDay(range)) return;
        const start = (day.weekday - 1) * DAY + minutesOf(range.opens);
        spans.push({
          start,
          end: start + lengthOf(range.opens, range.closes),
          path: ['days', d, 'ranges', r, 'opens'],
        });
      });
    });
    for (const i of overlapping(spans, WEEK)) {
      ctx.addIssue({ code: 'custom', path: spans[i]?.path ?? [], message: msg('validation.hours_overlap') });
    }
    const dates = new Set<string>();
    body.exceptions.forEach((exception, e) => {
      if (dates.has(exception.date)) {
        ctx.addIssue({
          code: 'custom',
          path: ['exceptions', e, 'date'],
          message: msg('validation.hours_exception_twice'),
        });
      }
      dates.add(exception.date);
      if (exception.closed) return;
      const daySpans = exception.ranges
        .map((range, r) => ({
          r,
          start: minutesOf(range.opens),
          end: minutesOf(range.opens) + lengthOf(range.opens, range.closes),
        }))
        .filter((_, r) => {
          const range = exception.ranges[r];
          return range !== undefined && (range.opens !== range.closes || isAllDay(range));
        });
      for (const i of overlapping(daySpans)) {
        ctx.addIssue({
          code: 'custom',
          path: ['exceptions', e, 'ranges', daySpans[i]?.r ?? 0, 'opens'],
          message: msg('validation.hours_overlap'),
        });
      }
    });
  });
export type HoursBody = z.infer<typeof hoursBody>;
export type HoursInput = z.input<typeof hoursBody>;

/** GET /restaurants/:id/hours: every weekday in order (no ranges = closed that day), exceptions by date. */
export const hoursSchema = z.object({
  days: z.array(
    z.object({
      weekday: z.number().int(),
      ranges: z.array(z.object({ opens: z.string(), closes: z.string() })),
    }),
  ),
  exceptions: z.array(
    z.object({
      date: z.string(),
      closed: z.boolean(),
      ranges: z.array(z.object({ opens: z.string(), closes: z.string() })),
      note: z.string().nullable(),
    }),
  ),
});
export type Hours = z.infer<typeof hoursSchema>;

/** A weekly range as the table keeps it (`time` columns may carry seconds). */
export interface HoursRow {
  weekday: number;
  opens: string;
  closes: string;
}
/** An exception row: no times = closed all day. */
export interface ExceptionRow {
  date: string;
  opens: string | null;
  closes: string | null;
  note?: string | null;
}

/** The body's nested form as table rows (one row per range; a closed date is one row without times). */
export function hoursToRows(body: HoursBody): { hours: HoursRow[]; exceptions: ExceptionRow[] } {
  const hours = body.days.flatMap((day) => day.ranges.map((r) => ({ weekday: day.weekday, ...r })));
  const exceptions = body.exceptions.flatMap((e): ExceptionRow[] =>
    e.closed
      ? [{ date: e.date, opens: null, closes: null, note: e.note ?? null }]
      : e.ranges.map((r) => ({ date: e.date, opens: r.opens, closes: r.closes, note: e.note ?? null })),
  );
  return { hours, exceptions };
}

/** Table rows in the nested form GET answers (times as 'HH:MM'). */
export function rowsToHours(hours: HoursRow[], exceptions: ExceptionRow[]): Hours {
  const hm = (t: string) => t.slice(0, 5);
  const byStart = (a: { opens: string }, b: { opens: string }) => a.opens.localeCompare(b.opens);
  const days = WEEKDAYS.map((weekday) => ({
    weekday,
    ranges: hours
      .filter((h) => h.weekday === weekday)
      .map((h) => ({ opens: hm(h.opens), closes: hm(h.closes) }))
      .sort(byStart),
  }));
  const dates = [...new Set(exceptions.map((e) => e.date))].sort();
  return {
    days,
    exceptions: dates.map((date) => {
      const rows = exceptions.filter((e) => e.date === date);
      const ranges = rows
        .filter((e) => e.opens !== null && e.closes !== null)
        .map((e) => ({ opens: hm(e.opens as string), closes: hm(e.closes as string) }))
        .sort(byStart);
      return { date, closed: ranges.length === 0, ranges, note: rows.find((e) => e.note)?.note ?? null };
    }),
  };
}

// ---- The clock: local dates and times of the operation's zone as instants, DST-safe ----

const partFormats = new Map<string, Intl.DateTimeFormat>();
function partsFormat(zone: string) {
  let format = partFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    partFormats.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at an instant, as if it were UTC (ms). */
function wallClock(zone: string, t: number): number {
  const p: Record<string, number> = {};
  for (const part of partsFormat(zone).formatToParts(new Date(t))) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return Date.UTC(
    p.year ?? 1970,
    (p.month ?? 1) - 1,
    p.day ?? 1,
    (p.hour ?? 0) % 24,
    p.minute ?? 0,
    p.second ?? 0,
  );
}
const offsetAt = (zone: string, t: number) => wallClock(zone, t) - (t - (((t % 1000) + 1000) % 1000));

/**
 * The instant a local date and time name in the zone. A time skipped by the spring change (02:30)
 * is the moment after the gap (03:30); a time that happens twice in autumn is its first occurrence's
 * offset guess (as Luxon resolves it).
 */
export function zonedInstant(date: string, time: string, zone: string): number {
  // Restaurants share their opening times: a list's rows ask for the same few instants.
  const key = `${zone} ${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  if (instants.size > 20_000) instants.clear();
  const instant = resolveInstant(date, time, zone);
  instants.set(key, instant);
  return instant;
}
const instants = new Map<string, number>();

function resolveInstant(date: string, time: string, zone: string): number {
  const local = Date.UTC(
    Number(date.slice(0, 4)),
    Number(date.slice(5, 7)) - 1,
    Number(date.slice(8, 10)),
    Number(time.slice(0, 2)),
    Number(time.slice(3, 5)),
  );
  const o1 = offsetAt(zone, local);
  let guess = local - o1;
  const o2 = offsetAt(zone, guess);
  if (o1 === o2) return guess;
  guess -= o2 - o1;
  const o3 = offsetAt(zone, guess);
  if (o2 === o3) return guess;
  return local - Math.min(o2, o3);
}

/** The local calendar date of an instant in the zone ('YYYY-MM-DD'). */
export const zonedDate = (t: number, zone: string) => new Date(wallClock(zone, t)).toISOString().slice(0, 10);

const addDays = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7;

// ---- Is it open now, and until when ----

export interface OpeningState {
  open: boolean;
  /** While open: when it closes (null: no closing within a year, or no schedule). */
  closes_at: string | null;
  /**
   * The next opening: while closed, when it opens; while open, when it opens again after
   * `closes_at`. Null when none lies within a year (or there is no schedule).
   */
  opens_at: string | null;
}

/** How far ahead the next opening is looked for. */
const HORIZON_DAYS = 400;

/**
 * Whether the restaurant is open at `now` on its schedule, in the operation's zone. No schedule at
 * all (no weekly range, no exception) is always open. No weekly range but some exceptions is open
 * around the clock apart from the exceptions' dates.
 */
export function openingState(
  hours: readonly HoursRow[],
  exceptions: readonly ExceptionRow[],
  now: Date | number,
  zone: string,
): OpeningState {
  const t = typeof now === 'number' ? now : now.getTime();
  const today = zonedDate(t, zone);
  const yesterday = addDays(today, -1);
  const aheadExceptions = exceptions.filter((e) => e.date >= yesterday);
  if (hours.length === 0 && aheadExceptions.length === 0)
    return { open: true, closes_at: null, opens_at: null };

  const weekly = new Map<number, { opens: string; closes: string }[]>();
  for (const h of hours) weekly.set(h.weekday, [...(weekly.get(h.weekday) ?? []), h]);
  const dated = new Map<string, ExceptionRow[]>();
  for (const e of aheadExceptions) dated.set(e.date, [...(dated.get(e.date) ?? []), e]);
  const lastException = aheadExceptions.reduce((last, e) => (e.date > last ? e.date : last), yesterday);

  /** The ranges that open on a date, start-sorted, as local times. */
  const rangesOf = (date: string): { opens: string; closes: string }[] => {
    const exception = dated.get(date);
    if (exception) {
      return exception
        .filter(
          (e): e is ExceptionRow & { opens: string; closes: string } => e.opens !== null && e.closes !== null,
        )
        .sort((a, b) => a.opens.localeCompare(b.opens));
    }
    if (hours.length === 0) return [{ opens: '00:00', closes: '00:00' }];
    return [...(weekly.get(isoWeekday(date)) ?? [])].sort((a, b) => a.opens.localeCompare(b.opens));
  };

  // Merged intervals, in order; a new day's ranges start after every earlier day's.
  const merged: { start: number; end: number }[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let i = 0, date = yesterday; i < HORIZON_DAYS; i++, date = addDays(date, 1)) {
    for (const range of rangesOf(date)) {
      const start = zonedInstant(date, range.opens, zone);
      const endDate = minutesOf(range.closes) <= minutesOf(range.opens) ? addDays(date, 1) : date;
      const end = zonedInstant(endDate, range.closes, zone);
      const last = merged[merged.length - 1];
      if (last && start <= last.end) last.end = Math.max(last.end, end);
      else merged.push({ start, end });
    }
    if (date < today) continue;
    // Every later range starts at or after the next date's midnight.
    const nextMidnight = zonedInstant(addDays(date, 1), '00:00', zone);
    const current = merged.find((m) => m.start <= t && t < m.end);
    if (!current) {
      const next = merged.find((m) => m.start > t);
      if (next) return { open: false, closes_at: null, opens_at: iso(next.start) };
    } else if (current.end < nextMidnight) {
      const after = merged.find((m) => m.start > current.end);
      if (after) return { open: true, closes_at: iso(current.end), opens_at: iso(after.start) };
    } else if (hours.length === 0 && date >= lastException) {
      // Around the clock past the last exception: it never closes again.
      return { open: true, closes_at: null, opens_at: null };
    }
  }
  // Nothing within the horizon: closed for good, or open without a break (ranges that touch all week).
  const open = merged.some((m) => m.start <= t && t < m.end);
  return { open, closes_at: null, opens_at: null };
}

// ---- Does it take orders now ----

export const ORDERING_REASONS = ['closed', 'paused'] as const;
export type OrderingReason = (typeof ORDERING_REASONS)[number];

/** What the restaurants, a restaurant and its menu say about taking orders now (`orderingState`). */
export const orderingStateSchema = z.object({
  takes_orders: z.boolean(),
  reason: z.enum(ORDERING_REASONS).nullable(),
  busy_minutes: z.number().int(),
  opens_at: z.string().nullable(),
  closes_at: z.string().nullable(),
});

export interface OrderingState {
  takes_orders: boolean;
  /** Why it takes no orders now; null while it does. */
  reason: OrderingReason | null;
  /** Minutes added to every preparation while busy; 0 when not busy (or busy has ended). */
  busy_minutes: number;
  /** When it takes orders again (the pause's end, or the next opening); null while it takes orders. */
  opens_at: string | null;
  /** While open: when it closes (null when it does not). */
  closes_at: string | null;
}

type Instant = Date | string | null | undefined;
const ms = (value: Instant) =>
  value == null ? null : typeof value === 'string' ? Date.parse(value) : value.getTime();

/** Opening hours, pause and busy mode in one answer: what the menu and placing an order go by. */
export function orderingState(
  input: { opening: OpeningState; paused_until: Instant; busy_minutes: number; busy_until: Instant },
  now: Date | number,
): OrderingState {
  const t = typeof now === 'number' ? now : now.getTime();
  const { opening } = input;
  const busyUntil = ms(input.busy_until);
  const busy_minutes = busyUntil === null || busyUntil > t ? input.busy_minutes : 0;
  const pausedUntil = ms(input.paused_until);
  const paused = pausedUntil !== null && pausedUntil > t;
  if (!opening.open) {
    const opensAt = opening.opens_at === null ? null : Date.parse(opening.opens_at);
    const opens_at =
      opensAt !== null && paused && (pausedUntil as number) > opensAt
        ? new Date(pausedUntil as number).toISOString()
        : opening.opens_at;
    return { takes_orders: false, reason: 'closed', busy_minutes, opens_at, closes_at: null };
  }
  if (paused) {
    const closesAt = opening.closes_at === null ? null : Date.parse(opening.closes_at);
    // Paused until (or past) closing: it takes orders again at the next opening.
    const opens_at =
      closesAt !== null && (pausedUntil as number) >= closesAt
        ? opening.opens_at
        : new Date(pausedUntil as number).toISOString();
    return { takes_orders: false, reason: 'paused', busy_minutes, opens_at, closes_at: opening.closes_at };
  }
  return { takes_orders: true, reason: null, busy_minutes, opens_at: null, closes_at: opening.closes_at };
}
