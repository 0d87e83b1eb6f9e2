import { PAYOUT_REQUEST_STATUSES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { uploads } from './uploads.js';
import { users } from './users.js';

export const restaurants = pgTable(
  'restaurants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    web_address: text('web_address'),
    /** Electronic IBAN the settlements are paid into. */
    iban: text('iban'),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    image_id: integer('image_id').references(() => uploads.id, { onDelete: 'set null' }),
    /** Busy mode: minutes added to every preparation estimate while it lasts. 0 is normal. */
    busy_minutes: integer('busy_minutes').notNull().default(0),
    /** When busy mode ends by itself; null while busy means until switched back. */
    busy_until: timestamp('busy_until', { withTimezone: true }),
    /** Takes no orders until then; null is not paused. */
    paused_until: timestamp('paused_until', { withTimezone: true }),
    /** Its own dispatch mode (manual, suggest, automatic); null follows the operation's (decision 0024). */
    dispatch_mode: text('dispatch_mode'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('restaurants_busy_minutes_check', sql`${t.busy_minutes} between 0 and 120`),
    check(
      'restaurants_dispatch_mode_check',
      sql`${t.dispatch_mode} is null or ${t.dispatch_mode} in ('manual', 'suggest', 'automatic')`,
    ),
    index('restaurants_name_idx').on(sql`lower(${t.name})`),
    index('restaurants_created_at_idx').on(t.created_at),
    index('restaurants_name_trgm_idx').using('gin', sql`search_text(${t.name}) gin_trgm_ops`),
  ],
);

export const payoutRequestStatusEnum = pgEnum('payout_request_status', PAYOUT_REQUEST_STATUSES);

/**
 * A restaurant manager's request for a new payout account. The restaurant's `iban` stays the account
 * settlements pay until Admin or App Manager approves; a decision is a guarded UPDATE of a pending row.
 */
export const restaurantPayoutRequests = pgTable(
  'restaurant_payout_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** The account asked for, electronic form. */
    iban: text('iban').notNull(),
    /** The restaurant's account when the request was filed. */
    previous_iban: text('previous_iban'),
    status: payoutRequestStatusEnum('status').notNull().default('pending'),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requested_at: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decided_by: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decided_at: timestamp('decided_at', { withTimezone: true }),
    /** Why it was rejected. */
    reason: text('reason'),
  },
  (t) => [
    index('restaurant_payout_requests_restaurant_idx').on(t.restaurant_id, t.requested_at.desc()),
    // One request waits at a time per restaurant.
    uniqueIndex('restaurant_payout_requests_pending_unique')
      .on(t.restaurant_id)
      .where(sql`${t.status} = 'pending'`),
  ],
);
