import { ORDER_STATUSES, PAYMENT_METHODS } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { products } from './products.js';
import { restaurants } from './restaurants.js';
import { users } from './users.js';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentMethodEnum = pgEnum('payment_method', PAYMENT_METHODS);
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 100001 });

/** Amounts are integers in minor units (fening). */
export const orders = pgTable(
  'orders',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_number: text('order_number').notNull().unique().default(sql`'D' || nextval('order_number_seq')`),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    customer_id: integer('customer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    status: orderStatusEnum('status').notNull().default('created'),
    payment_method: paymentMethodEnum('payment_method').notNull(),
    address: text('address').notNull(),
    /** The customer asked to leave the food at the door: a photo is the proof, never a PIN (issue 38). */
    leave_at_door: boolean('leave_at_door').notNull().default(false),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    note: text('note'),
    customer_phone: text('customer_phone'),
    restaurant_amount: integer('restaurant_amount').notNull(),
    commission: integer('commission').notNull(),
    delivery_costs: integer('delivery_costs').notNull(),
    restaurant_total_amount: integer('restaurant_total_amount').notNull(),
    total: integer('total').notNull(),
    estimated_delivery_minutes: integer('estimated_delivery_minutes').notNull(),
    /** The delivery time promised when the order was placed; null for orders placed before promises. */
    promised_at: timestamp('promised_at', { withTimezone: true }),
    /** The latest prediction, kept current as the order moves (history in order_eta_history). */
    predicted_pickup_at: timestamp('predicted_pickup_at', { withTimezone: true }),
    predicted_delivery_at: timestamp('predicted_delivery_at', { withTimezone: true }),
    /** Why the order may miss its promise (kitchen_slow, no_driver_near, driver_far); null on track. */
    risk_reason: text('risk_reason'),
    /**
     * Placed while no driver was free: the minutes placed → picked up its first prediction gave, before
     * the wait correction (which learns from it, so it never feeds on itself); null otherwise.
     */
    placement_wait_minutes: doublePrecision('placement_wait_minutes'),
    /** A dispatcher keeps this order out of the automatic mode (decision 0024). */
    dispatch_locked: boolean('dispatch_locked').notNull().default(false),
    /** Why no driver fits it, from the last dispatch round (the problems lane); null when one may. */
    dispatch_problem: text('dispatch_problem'),
    driver_request_time: timestamp('driver_request_time', { withTimezone: true }),
    assigned_at: timestamp('assigned_at', { withTimezone: true }),
    picked_up_at: timestamp('picked_up_at', { withTimezone: true }),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status_changed_at: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Bumped by every change: a stale write is refused instead of lost. */
    version: integer('version').notNull().default(0),
    /**
     * The zone that priced the delivery (its frozen quote's, decision 0035): what the board, the map,
     * the export and the dashboard filter and break down by. No foreign key: a deleted zone leaves
     * its orders' history as it was (the quote keeps its name).
     */
    zone_id: integer('zone_id'),
  },
  (t) => [
    // Ascending (created_at, id) indexes serve both sort directions: a backward scan gives the
    // `created_at desc, id desc` of a list (DESC NULLS LAST would not, and the planner would sort a
    // million rows instead).
    index('orders_created_idx').on(t.created_at, t.id),
    index('orders_restaurant_created_idx').on(t.restaurant_id, t.created_at, t.id),
    index('orders_driver_status_idx').on(t.driver_id, t.status),
    index('orders_customer_idx').on(t.customer_id),
    index('orders_status_created_idx').on(t.status, t.created_at, t.id),
    index('orders_total_idx').on(t.total, t.id),
    index('orders_zone_created_idx').on(t.zone_id, t.created_at, t.id),
    // Search by any part of the number (lib/search.ts, migration 0016).
    index('orders_number_trgm_idx').using('gin', sql`${t.order_number} gin_trgm_ops`),
    index('orders_active_idx')
      .on(t.created_at, t.id)
      .where(sql`${t.status} not in ('delivered', 'cancelled', 'declined', 'returned')`),
    // The last hour's rides and pickups that correct the learned ETAs (eta-models.ts loadTravel and
    // loadWait), read on every placement: without these, each read the whole day's orders (issue 34).
    index('orders_delivered_at_idx').on(t.delivered_at).where(sql`${t.status} = 'delivered'`),
    index('orders_placement_wait_idx').on(t.picked_up_at).where(sql`${t.placement_wait_minutes} is not null`),
    // The orders a dispatch round found no driver for (its clean-up reads only these).
    index('orders_dispatch_problem_idx').on(t.id).where(sql`${t.dispatch_problem} is not null`),
    check(
      'orders_amounts_check',
      sql`${t.restaurant_amount} >= 0 and ${t.delivery_costs} >= 0 and ${t.total} >= 0`,
    ),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    product_id: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    unit_price: integer('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.order_id),
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
  ],
);

export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    from_status: orderStatusEnum('from_status'),
    to_status: orderStatusEnum('to_status').notNull(),
    actor_id: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actor_role: text('actor_role'),
    reason: text('reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.order_id, t.created_at)],
);
