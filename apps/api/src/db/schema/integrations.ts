import { sql } from 'drizzle-orm';
import {
  boolean,
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

/**
 * An integrator (issue 40): a POS, an aggregator, a shop. Its `user_id` is an account of its own
 * (role customer, inactive: it can never sign in) that the order kernel and the audit log name as
 * the actor of what its keys do, so every call is recorded as the integrator.
 */
export const integrators = pgTable(
  'integrators',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    contact_email: text('contact_email').notNull(),
    contact_name: text('contact_name'),
    is_active: boolean('is_active').notNull().default(true),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integrators_name_unique').on(sql`lower(${t.name})`),
    index('integrators_user_idx').on(t.user_id),
  ],
);

/** An API key: only its SHA-256 is kept (the secret has 256 random bits); `prefix` finds it. */
export const integratorKeys = pgTable(
  'integrator_keys',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    integrator_id: integer('integrator_id')
      .notNull()
      .references(() => integrators.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    key_hash: text('key_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    restaurant_ids: integer('restaurant_ids').array().notNull(),
    rate_limit_per_minute: integer('rate_limit_per_minute').notNull(),
    /** Set when a rotation gives the key an overlap: it stops opening the API then. */
    expires_at: timestamp('expires_at', { withTimezone: true }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    last_used_at: timestamp('last_used_at', { withTimezone: true }),
    rotated_from_id: integer('rotated_from_id'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('integrator_keys_prefix_unique').on(t.prefix),
    index('integrator_keys_integrator_idx').on(t.integrator_id, t.created_at),
  ],
);

/**
 * The orders integrators placed, by their `Idempotency-Key`: the same key again answers the order it
 * made (a retry never places a second one); the request's hash tells a retry from a different order.
 */
export const integrationOrders = pgTable(
  'integration_orders',
  {
    integrator_id: integer('integrator_id')
      .notNull()
      .references(() => integrators.id, { onDelete: 'cascade' }),
    idempotency_key: text('idempotency_key').notNull(),
    request_hash: text('request_hash').notNull(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    key_id: integer('key_id').references(() => integratorKeys.id, { onDelete: 'set null' }),
    external_id: text('external_id'),
    customer_name: text('customer_name'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.integrator_id, t.idempotency_key] }),
    uniqueIndex('integration_orders_order_unique').on(t.order_id),
  ],
);
