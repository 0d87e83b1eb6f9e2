import { date, integer, pgTable, primaryKey, smallint } from 'drizzle-orm/pg-core';

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
    earnings: integer('earnings').notNull().default(0),
    revenue: integer('revenue').notNull().default(0),
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
    amount: integer('amount').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.restaurant_id, t.product_id] })],
);
