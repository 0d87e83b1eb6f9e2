import { PROOF_KINDS } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { restaurants } from './restaurants.js';
import { uploads } from './uploads.js';
import { users } from './users.js';

export const proofKindEnum = pgEnum('proof_kind', PROOF_KINDS);

/** The operation's proof rules: one row (id 1), created with its defaults (issue 38). */
export const proofSettings = pgTable(
  'proof_settings',
  {
    id: integer('id').primaryKey().default(1),
    default_kind: proofKindEnum('default_kind').notNull().default('none'),
    /** Minor units: above it an order needs `value_kind`; null: no rule by value. */
    value_threshold: integer('value_threshold'),
    value_kind: proofKindEnum('value_kind').notNull().default('pin'),
    photo_grace_minutes: integer('photo_grace_minutes').notNull().default(15),
    retention_days: integer('retention_days').notNull().default(90),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('proof_settings_one_row', sql`${t.id} = 1`),
    check('proof_settings_threshold_check', sql`${t.value_threshold} is null or ${t.value_threshold} >= 0`),
    check('proof_settings_grace_check', sql`${t.photo_grace_minutes} between 1 and 240`),
    check('proof_settings_retention_check', sql`${t.retention_days} between 1 and 3650`),
  ],
);

/** A restaurant's own requirement, instead of the operation's default. */
export const restaurantProofKinds = pgTable('restaurant_proof_kinds', {
  restaurant_id: integer('restaurant_id')
    .primaryKey()
    .references(() => restaurants.id, { onDelete: 'cascade' }),
  kind: proofKindEnum('kind').notNull(),
});

/**
 * An order's proof: what it needs (decided at placement, with its PIN), and what the driver gave at
 * delivery. Only orders that need a proof have a row.
 */
export const orderProofs = pgTable(
  'order_proofs',
  {
    order_id: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    required: proofKindEnum('required').notNull(),
    /** Four digits the customer sees on the tracking page and tells the driver. */
    pin: text('pin'),
    pin_confirmed: boolean('pin_confirmed').notNull().default(false),
    photo_id: integer('photo_id').references(() => uploads.id, { onDelete: 'set null' }),
    signature_id: integer('signature_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Delivered without the photo (the connection failed): it may follow within the grace period. */
    photo_pending: boolean('photo_pending').notNull().default(false),
    photo_due_at: timestamp('photo_due_at', { withTimezone: true }),
    photo_added_at: timestamp('photo_added_at', { withTimezone: true }),
    /** The images were deleted after the retention period. */
    images_pruned: boolean('images_pruned').notNull().default(false),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    recorded_at: timestamp('recorded_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_proofs_pin_check', sql`${t.pin} is null or ${t.pin} ~ '^[0-9]{4}$'`),
    check('order_proofs_pin_required', sql`${t.required} <> 'pin' or ${t.pin} is not null`),
    check('order_proofs_pending_due', sql`not ${t.photo_pending} or ${t.photo_due_at} is not null`),
  ],
);
