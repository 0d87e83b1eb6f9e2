import { ROLES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.js';
import { uploads } from './uploads.js';

export const roleEnum = pgEnum('role', ROLES);

export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    first_name: text('first_name').notNull(),
    last_name: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    password_hash: text('password_hash').notNull(),
    role: roleEnum('role').notNull(),
    restaurant_id: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'restrict' }),
    image_id: integer('image_id').references(() => uploads.id, { onDelete: 'set null' }),
    is_active: boolean('is_active').notNull().default(true),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(sql`lower(${t.email})`),
    index('users_restaurant_idx').on(t.restaurant_id),
    index('users_role_idx').on(t.role),
    // Search by name or email without case or accents (lib/search.ts, migration 0016).
    index('users_name_trgm_idx').using(
      'gin',
      sql`search_text(${t.first_name} || ' ' || ${t.last_name}) gin_trgm_ops`,
    ),
    index('users_email_trgm_idx').using('gin', sql`search_text(${t.email}) gin_trgm_ops`),
    check(
      'users_restaurant_role_check',
      sql`(${t.role} in ('restaurant_manager', 'restaurant_employee')) = (${t.restaurant_id} is not null)`,
    ),
  ],
);
