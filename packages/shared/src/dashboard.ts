import { z } from 'zod';
import { msg } from './messages.js';
import { customRangeError, PERIODS, type Period } from './periods.js';
import { calendarDate } from './validation.js';
import { VEHICLE_TYPES } from './vehicles.js';

export { customRangeError, MAX_CUSTOM_DAYS, PERIODS, type Period } from './periods.js';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const isoWeekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay() || 7;

/** The local dates a period covers, whole calendar units (a week runs Monday to Sunday). */
/** Shared by the dashboard (on the server) and the quick ranges of the list filters (in the browser). */
export function periodRange(
  period: Period,
  today: string,
  custom?: { from?: string | undefined; to?: string | undefined },
) {
  const monday = addDays(today, 1 - isoWeekday(today));
  const [y, m] = today.split('-').map(Number) as [number, number];
  const monthStart = (year: number, month: number) => `${year}-${String(month).padStart(2, '0')}-01`;
  const monthEnd = (year: number, month: number) =>
    addDays(month === 12 ? monthStart(year + 1, 1) : monthStart(year, month + 1), -1);
  switch (period) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case 'this_week':
      return { from: monday, to: addDays(monday, 6) };
    case 'last_week':
      return { from: addDays(monday, -7), to: addDays(monday, -1) };
    case 'this_month':
      return { from: monthStart(y, m), to: monthEnd(y, m) };
    case 'last_month': {
      const [py, pm] = m === 1 ? [y - 1, 12] : [y, m - 1];
      return { from: monthStart(py, pm), to: monthEnd(py, pm) };
    }
    case 'this_year':
      return { from: `${y}-01-01`, to: `${y}-12-31` };
    case 'custom':
      return { from: custom?.from ?? today, to: custom?.to ?? today };
  }
}

export const dashboardQuery = z
  .object({
    period: z.enum(PERIODS, { error: msg('validation.invalid_choice') }).default('this_month'),
    from: calendarDate().optional(),
    to: calendarDate().optional(),
  })
  .superRefine((q, ctx) => {
    if (q.period !== 'custom') return;
    if (!q.from) ctx.addIssue({ code: 'custom', path: ['from'], message: msg('validation.required') });
    if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('validation.required') });
    const error = q.from && q.to ? customRangeError(q.from, q.to) : null;
    if (error) ctx.addIssue({ code: 'custom', path: ['to'], message: msg(error) });
  });
export type DashboardQuery = z.input<typeof dashboardQuery>;

/** The stages a late order's minutes are split over (decision 0023). */
export const LATENESS_STAGES = ['kitchen', 'driver', 'road'] as const;
export type LatenessStage = (typeof LATENESS_STAGES)[number];

const onTimeRestaurant = z.object({
  id: z.number().int(),
  name: z.string(),
  promised: z.number().int(),
  on_time: z.number().int(),
  rate: z.number(),
});

export const dashboardSchema = z.object({
  period: z.object({
    name: z.enum(PERIODS),
    /** Local dates of the operation's time zone, inclusive. */
    from: z.string(),
    to: z.string(),
    granularity: z.enum(['hour', 'day', 'month']),
  }),
  counters: z.object({
    orders_today: z.number().int(),
    orders_this_week: z.number().int(),
    orders_this_month: z.number().int(),
  }),
  totals: z.object({
    orders: z.number().int(),
    delivered: z.number().int(),
    /** The operation's earnings: commission plus delivery costs of delivered orders (minor units). */
    earnings: z.number().int(),
    /** What customers paid for delivered orders (minor units). */
    revenue: z.number().int(),
  }),
  /** Orders per bucket: 'YYYY-MM-DDTHH' (hour), 'YYYY-MM-DD' (day) or 'YYYY-MM' (month), every bucket present. */
  series: z.array(z.object({ bucket: z.string(), orders: z.number().int() })),
  top_categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  top_products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      restaurant: z.string(),
      quantity: z.number().int(),
      amount: z.number().int(),
    }),
  ),
  /**
   * Delivered orders of the period that had a promised time, and how many arrived by it (decision
   * 0023); `rate` is on_time / promised, null without any promised delivery.
   */
  on_time: z.object({
    promised: z.number().int(),
    on_time: z.number().int(),
    late: z.number().int(),
    rate: z.number().nullable(),
  }),
  /**
   * On-time delivery per restaurant (restaurant staff: their own only): the best five by rate, and the
   * worst five of the rest, worst first; `restaurants` counts those with a promised delivery.
   */
  on_time_restaurants: z.object({
    restaurants: z.number().int(),
    best: z.array(onTimeRestaurant),
    worst: z.array(onTimeRestaurant),
  }),
  /**
   * Where the late orders lost their minutes beyond the promise: kitchen (until ready for pickup),
   * driver (waiting to be picked up), road (picked up to delivered). Minutes per late order, on average;
   * the three add up to the average lateness.
   */
  lateness: z.object({
    late_orders: z.number().int(),
    average_minutes: z.number(),
    stages: z.array(z.object({ stage: z.enum(LATENESS_STAGES), average_minutes: z.number() })),
  }),
  drivers_by_vehicle: z.array(z.object({ type: z.enum(VEHICLE_TYPES), drivers: z.number().int() })),
  /** When customers order: weekday 1 (Monday) … 7 (Sunday) × hour 0–23, local time. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
  /**
   * The period by delivery zone (issue 37): the zone that priced each order (`id` null: none, or a
   * refusal outside every zone; `name` null: a zone since deleted), its orders, delivered orders and
   * their delivery fees (minor units), on-time delivery, and the quotes and placements refused there.
   * Most orders first. The whole operation's only: restaurant staff get an empty list.
   */
  zones: z.array(
    z.object({
      id: z.number().int().nullable(),
      name: z.string().nullable(),
      orders: z.number().int(),
      delivered: z.number().int(),
      delivery_fees: z.number().int(),
      promised: z.number().int(),
      on_time: z.number().int(),
      rate: z.number().nullable(),
      refused: z.number().int(),
    }),
  ),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
