import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/** The operation's dispatch settings: one row (id 1), created with its defaults (decision 0024). */
export const dispatchSettings = pgTable(
  'dispatch_settings',
  {
    id: integer('id').primaryKey().default(1),
    mode: text('mode').notNull().default('manual'),
    offer_seconds: integer('offer_seconds').notNull().default(45),
    batching: boolean('batching').notNull().default(true),
    batch_pickup_km: doublePrecision('batch_pickup_km').notNull().default(0.5),
    batch_dropoff_km: doublePrecision('batch_dropoff_km').notNull().default(2),
    // Off by default: a driver accepts only an order assigned or offered to them (issue 32).
    driver_pool: boolean('driver_pool').notNull().default(false),
    // An order ready and reachable is offered to the nearest free driver after this long (issue 33).
    fallback_minutes: integer('fallback_minutes').notNull().default(5),
    // Pay model the planner may weigh: per delivery and a guaranteed hourly minimum, in minor units.
    pay_aware: boolean('pay_aware').notNull().default(false),
    pay_per_delivery: integer('pay_per_delivery').notNull().default(300),
    pay_hourly_minimum: integer('pay_hourly_minimum').notNull().default(800),
    updated_by: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updated_at: timestamp('updated_at', { withTimezone: true }),
  },
  (t) => [
    check('dispatch_settings_one_row', sql`${t.id} = 1`),
    check('dispatch_settings_mode_check', sql`${t.mode} in ('manual', 'suggest', 'automatic')`),
    check('dispatch_settings_fallback_check', sql`${t.fallback_minutes} between 1 and 60`),
    check('dispatch_settings_pay_check', sql`${t.pay_per_delivery} >= 0 and ${t.pay_hourly_minimum} >= 0`),
  ],
);

/**
 * An order offered to a driver by the automatic mode, with the reasons it was chosen. The driver app
 * accepts it before `expires_at`, or it is declined, expires (the job queue), or is withdrawn (the
 * order was assigned by hand, cancelled, or left the automatic mode). One pending offer per order; a
 * driver is offered an order once (unless that offer was withdrawn).
 */
export const orderOffers = pgTable(
  'order_offers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('pending'),
    reasons: jsonb('reasons').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    decided_at: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    // Offered once per driver; an offer withdrawn (a person stepped in) may be made again later.
    uniqueIndex('order_offers_once_idx').on(t.order_id, t.driver_id).where(sql`${t.status} <> 'withdrawn'`),
    uniqueIndex('order_offers_pending_idx').on(t.order_id).where(sql`${t.status} = 'pending'`),
    index('order_offers_driver_pending_idx').on(t.driver_id).where(sql`${t.status} = 'pending'`),
    check(
      'order_offers_status_check',
      sql`${t.status} in ('pending', 'accepted', 'declined', 'expired', 'withdrawn')`,
    ),
  ],
);
