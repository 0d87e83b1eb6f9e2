import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** An Admin's receiver of events (issue 40). `secret` signs (Standard Webhooks `whsec_…`). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  url: text('url').notNull(),
  description: text('description'),
  event_types: text('event_types').array().notNull(),
  secret: text('secret').notNull(),
  is_active: boolean('is_active').notNull().default(true),
  disabled_reason: text('disabled_reason'),
  failing_since: timestamp('failing_since', { withTimezone: true }),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The outbox: one row per event, written in the transaction of the change it announces. `sequence`
 * counts an order's events (1 for its creation); `order_id` carries no foreign key so the log stays.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    data: jsonb('data').notNull(),
    order_id: integer('order_id'),
    sequence: integer('sequence'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_events_order_sequence_unique').on(t.order_id, t.sequence),
    index('webhook_events_created_idx').on(t.created_at),
  ],
);

/**
 * One event owed to one endpoint. A worker claims it (`lease_until`): another instance takes it only
 * once the lease has passed, so a worker that died mid-send loses nothing (at least once).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpoint_id: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    event_id: text('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** pending (owed), succeeded, failed (its schedule ran out, or the endpoint was disabled). */
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).defaultNow(),
    lease_until: timestamp('lease_until', { withTimezone: true }),
    last_status: integer('last_status'),
    delivered_at: timestamp('delivered_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.next_attempt_at).where(sql`${t.state} = 'pending'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpoint_id, t.created_at),
    index('webhook_deliveries_event_idx').on(t.event_id),
  ],
);

/** Each attempt of a delivery as it went out and came back: the delivery log. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    delivery_id: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    started_at: timestamp('started_at', { withTimezone: true }).notNull(),
    duration_ms: integer('duration_ms').notNull(),
    request_headers: jsonb('request_headers').notNull(),
    request_body: text('request_body').notNull(),
    response_status: integer('response_status'),
    response_body: text('response_body'),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.delivery_id, t.attempt)],
);

/** When each order last had an ETA event: at most one per 30 s per order. */
export const webhookEtaMarks = pgTable('webhook_eta_marks', {
  order_id: integer('order_id').primaryKey(),
  last_at: timestamp('last_at', { withTimezone: true }).notNull(),
});
