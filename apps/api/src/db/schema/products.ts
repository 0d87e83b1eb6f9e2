import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from './categories.js';
import { restaurants } from './restaurants.js';
import { uploads } from './uploads.js';

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    category_id: integer('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'restrict' }),
    name: text('name').notNull(),
    description: text('description'),
    /** Minor units (fening). */
    price: integer('price').notNull(),
    show_on_menu: boolean('show_on_menu').notNull().default(true),
    /** Out of stock: on the menu but not orderable, apart from show_on_menu. */
    snoozed: boolean('snoozed').notNull().default(false),
    /** When a snooze ends by itself; null while snoozed means until switched back. */
    snoozed_until: timestamp('snoozed_until', { withTimezone: true }),
    image_id: integer('image_id').references(() => uploads.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('products_restaurant_name_idx').on(t.restaurant_id, sql`lower(${t.name})`),
    index('products_restaurant_category_idx').on(t.restaurant_id, t.category_id),
    index('products_category_idx').on(t.category_id),
    index('products_name_trgm_idx').using('gin', sql`search_text(${t.name}) gin_trgm_ops`),
    check('products_price_check', sql`${t.price} >= 0`),
    check('products_snooze_check', sql`${t.snoozed} or ${t.snoozed_until} is null`),
  ],
);
