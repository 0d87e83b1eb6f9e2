import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/** The operation's rules for customer messages: one row (id 1), defaults until saved. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: integer('id').primaryKey(),
    quiet_start: text('quiet_start'),
    quiet_end: text('quiet_end'),
    late_minutes: integer('late_minutes').notNull(),
    per_order_cap: integer('per_order_cap').notNull(),
    arriving_meters: integer('arriving_meters').notNull(),
    link_hours: integer('link_hours').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('notification_settings_one_row', sql`${t.id} = 1`)],
);

/** A template staff saved for an event in a language (the shared defaults otherwise). */
export const notificationTemplates = pgTable(
  'notification_templates',
  {
    event: text('event').notNull(),
    language: text('language').notNull(),
    body: text('body').notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.event, t.language] })],
);

/**
 * One message owed to an order's customer: written in the order's own transaction (or once by the
 * event that reveals it: arriving, late), sent by a job. Unique per order and event: at most once.
 */
export const customerNotifications = pgTable(
  'customer_notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    state: text('state').notNull().default('pending'),
    channel: text('channel'),
    skip_reason: text('skip_reason'),
    language: text('language').notNull().default('bs'),
    text: text('text'),
    attempts: integer('attempts').notNull().default(0),
    /** When a worker took it (pending → sending): a claim older than the lease is a dead worker's. */
    claimed_at: timestamp('claimed_at', { withTimezone: true }),
    provider_status: integer('provider_status'),
    provider_answer: text('provider_answer'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('customer_notifications_once').on(t.order_id, t.event),
    index('customer_notifications_pending_idx').on(t.order_id).where(sql`${t.state} = 'pending'`),
  ],
);

/** What the customer app told us: where to push, and whether the customer wants messages. */
export const customerContacts = pgTable('customer_contacts', {
  customer_id: integer('customer_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  push_token: text('push_token'),
  opted_out: boolean('opted_out').notNull().default(false),
  /** The language of the customer's messages (bs or en). */
  language: text('language').notNull().default('bs'),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
