import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, numeric, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { uploads } from './uploads.js';

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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('restaurants_name_idx').on(sql`lower(${t.name})`),
    index('restaurants_created_at_idx').on(t.created_at),
  ],
);
