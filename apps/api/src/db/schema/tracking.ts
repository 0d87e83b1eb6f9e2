import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { users } from './users.js';

/**
 * Customer tracking links (issue 39, decision 0037). The token is kept as written (staff copy it
 * again to send by hand) under a unique index; 192 random bits make it unguessable. An order has at
 * most one live link; a revoked one stays for the record.
 */
export const trackingLinks = pgTable(
  'tracking_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('tracking_links_token_unique').on(t.token),
    uniqueIndex('tracking_links_live_unique').on(t.order_id).where(sql`${t.revoked_at} is null`),
    index('tracking_links_order_idx').on(t.order_id),
  ],
);

/** The customer's rating of a delivered order, given once on the tracking page. */
export const trackingRatings = pgTable(
  'tracking_ratings',
  {
    order_id: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    restaurant_id: integer('restaurant_id').notNull(),
    driver_id: integer('driver_id'),
    rating: integer('rating').notNull(),
    comment: text('comment'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('tracking_ratings_rating_check', sql`${t.rating} between 1 and 5`),
    index('tracking_ratings_restaurant_idx').on(t.restaurant_id, t.created_at),
    index('tracking_ratings_driver_idx').on(t.driver_id, t.created_at),
  ],
);
