import { bigint, date, index, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';
import { orderStatusEnum } from './orders.js';

/**
 * On-time delivery of the day's delivered orders (decision 0023): how many had a promise, how many
 * arrived by it, and the late ones' minutes beyond the promise split by stage (kitchen, waiting for a
 * driver, on the road), in seconds.
 */
const onTimeColumns = () => ({
  promised: integer('promised').notNull().default(0),
  on_time: integer('on_time').notNull().default(0),
  late_kitchen_seconds: bigint('late_kitchen_seconds', { mode: 'number' }).notNull().default(0),
  late_driver_seconds: bigint('late_driver_seconds', { mode: 'number' }).notNull().default(0),
  late_road_seconds: bigint('late_road_seconds', { mode: 'number' }).notNull().default(0),
});

/**
 * Rollups of orders, kept in the same transaction as the order changes they count (see
 * modules/dashboard/rollups.ts), so a dashboard over a year reads a few hundred rows instead of a
 * million orders. Days and hours are the operation's local time of the order's creation.
 */
export const statsOrdersDaily = pgTable(
  'stats_orders_daily',
  {
    day: date('day').notNull(),
    restaurant_id: integer('restaurant_id').notNull(),
    orders: integer('orders').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    earnings: bigint('earnings', { mode: 'number' }).notNull().default(0),
    revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
    ...onTimeColumns(),
  },
  (t) => [primaryKey({ columns: [t.day, t.restaurant_id] })],
);

export const statsOrdersHourly = pgTable(
  'stats_orders_hourly',
  {
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    restaurant_id: integer('restaurant_id').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour, t.restaurant_id] })],
);

export const statsProductsDaily = pgTable(
  'stats_products_daily',
  {
    day: date('day').notNull(),
    restaurant_id: integer('restaurant_id').notNull(),
    product_id: integer('product_id').notNull(),
    category_id: integer('category_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.restaurant_id, t.product_id] })],
);

/**
 * How many orders each restaurant has in each status, kept in the transaction of every status change,
 * so a list's total over a million orders (all, by status, active, one restaurant) is a sum of a few
 * rows instead of a count of the table.
 */
export const statsOrdersStatus = pgTable(
  'stats_orders_status',
  {
    restaurant_id: integer('restaurant_id').notNull(),
    status: orderStatusEnum('status').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.restaurant_id, t.status] })],
);

/**
 * The same counts for the whole operation (no restaurant): the dashboard Admins and App Managers open
 * reads a year as 365 and 8,760 rows instead of one row per restaurant and day (or hour). Kept in the
 * same transactions as the per-restaurant rollups, after them (see rollups.ts for the lock order).
 */
export const statsAllDaily = pgTable('stats_all_daily', {
  day: date('day').primaryKey(),
  orders: integer('orders').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  earnings: bigint('earnings', { mode: 'number' }).notNull().default(0),
  revenue: bigint('revenue', { mode: 'number' }).notNull().default(0),
  ...onTimeColumns(),
});

export const statsAllHourly = pgTable(
  'stats_all_hourly',
  {
    day: date('day').notNull(),
    hour: smallint('hour').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.hour] })],
);

export const statsCategoriesDaily = pgTable(
  'stats_categories_daily',
  {
    day: date('day').notNull(),
    category_id: integer('category_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category_id] })],
);

/**
 * On-time delivery per restaurant and month (the month of the orders' creation day), so the
 * dashboard's per-restaurant ranking over a year reads 12 rows per restaurant, not 365; the days of a
 * period's partial months come from `stats_orders_daily` (decision 0023).
 */
export const statsOnTimeMonthly = pgTable(
  'stats_on_time_monthly',
  {
    month: date('month').notNull(),
    restaurant_id: integer('restaurant_id').notNull(),
    promised: integer('promised').notNull().default(0),
    on_time: integer('on_time').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.restaurant_id] })],
);

/**
 * The whole years (January 1 in `year`): what a dashboard over a year reads instead of its days, so
 * "this year" at a million orders is a few dozen rows (issue 34): the top five products straight from
 * an index ordered by quantity, a dozen categories, 168 cells of the week's heat map. A period's days
 * outside whole years still come from the daily rollups. Kept in the same transactions as the daily
 * rows, after them (rollups.ts).
 */
export const statsProductsYearly = pgTable(
  'stats_products_yearly',
  {
    year: date('year').notNull(),
    restaurant_id: integer('restaurant_id').notNull(),
    product_id: integer('product_id').notNull(),
    category_id: integer('category_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.year, t.restaurant_id, t.product_id] }),
    index('stats_products_yearly_top').on(t.year, t.quantity.desc(), t.product_id),
  ],
);

export const statsCategoriesYearly = pgTable(
  'stats_categories_yearly',
  {
    year: date('year').notNull(),
    category_id: integer('category_id').notNull(),
    quantity: integer('quantity').notNull().default(0),
    amount: bigint('amount', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.category_id] })],
);

/** The whole operation's orders by ISO weekday (1 = Monday) and hour of their creation, per year. */
export const statsAllWeekHoursYearly = pgTable(
  'stats_all_week_hours_yearly',
  {
    year: date('year').notNull(),
    weekday: smallint('weekday').notNull(),
    hour: smallint('hour').notNull(),
    orders: integer('orders').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.year, t.weekday, t.hour] })],
);

/**
 * Orders, delivered orders' delivery fees, on-time deliveries and refusals per delivery zone and day
 * (issue 37): the zone that priced the order (its quote's); 0 for none (no service area configured,
 * or a refusal outside every zone). Orders, fees and on-time are kept in the order's own transactions
 * like the other rollups, last in the lock order; `refused` counts the quotes and placements refused
 * (outside the service area, in an exclusion, outside the restaurant's area, under the minimum), which
 * leave no other row behind.
 */
export const statsZonesDaily = pgTable(
  'stats_zones_daily',
  {
    day: date('day').notNull(),
    zone_id: integer('zone_id').notNull(),
    orders: integer('orders').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    delivery_fees: bigint('delivery_fees', { mode: 'number' }).notNull().default(0),
    promised: integer('promised').notNull().default(0),
    on_time: integer('on_time').notNull().default(0),
    refused: integer('refused').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.zone_id] })],
);
