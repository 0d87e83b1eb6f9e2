import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { restaurants } from './restaurants.js';

/**
 * Preparation time learned from the operation's history (created → ready for pickup), per restaurant
 * and hour of the week (0 = Monday 00:00 … 167, operation's zone); -1 holds the restaurant's overall
 * figure, used where an hour has too few samples.
 */
export const prepTimeModel = pgTable(
  'prep_time_model',
  {
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    hour_of_week: smallint('hour_of_week').notNull(),
    minutes: doublePrecision('minutes').notNull(),
    samples: integer('samples').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.restaurant_id, t.hour_of_week] }),
    check('prep_time_model_hour_check', sql`${t.hour_of_week} between -1 and 167`),
  ],
);

/**
 * Travel time learned from delivered orders and the drivers' location pings, per vehicle type
 * ('any' pools every type): straight-line distance × `detour_factor` at `speed_kmh`, plus a fixed
 * `handover_minutes` at each end. There is no road map here (decision 0021).
 */
export const travelTimeModel = pgTable('travel_time_model', {
  vehicle_type: text('vehicle_type').primaryKey(),
  detour_factor: doublePrecision('detour_factor').notNull(),
  speed_kmh: doublePrecision('speed_kmh').notNull(),
  handover_minutes: doublePrecision('handover_minutes').notNull(),
  samples: integer('samples').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every change of an order's promise or prediction, for its details page and the ETA error figures. */
export const orderEtaHistory = pgTable(
  'order_eta_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    promised_at: timestamp('promised_at', { withTimezone: true }),
    predicted_pickup_at: timestamp('predicted_pickup_at', { withTimezone: true }),
    predicted_delivery_at: timestamp('predicted_delivery_at', { withTimezone: true }),
    /** Why the order may miss its promise: kitchen_slow, no_driver_near, driver_far; null on track. */
    risk_reason: text('risk_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_eta_history_order_idx').on(t.order_id, t.created_at)],
);
