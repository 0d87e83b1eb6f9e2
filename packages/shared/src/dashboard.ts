import { z } from 'zod';
import { calendarDate, msg } from './validation.js';
import { VEHICLE_TYPES } from './vehicles.js';

export const PERIODS = [
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'custom',
] as const;
export type Period = (typeof PERIODS)[number];
/** A custom range may span at most this many days (the chart stays readable, the query cheap). */
export const MAX_CUSTOM_DAYS = 366;

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
    if (q.from && q.to) {
      const days = (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1;
      if (days < 1 || days > MAX_CUSTOM_DAYS)
        ctx.addIssue({ code: 'custom', path: ['to'], message: msg('validation.period_range') });
    }
  });
export type DashboardQuery = z.input<typeof dashboardQuery>;

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
  drivers_by_vehicle: z.array(z.object({ type: z.enum(VEHICLE_TYPES), drivers: z.number().int() })),
  /** When customers order: weekday 1 (Monday) … 7 (Sunday) × hour 0–23, local time. */
  heatmap: z.array(z.object({ weekday: z.number().int(), hour: z.number().int(), orders: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
