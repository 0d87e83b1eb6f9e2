import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.js';
import { users } from './users.js';

export const driverMeals = pgTable(
  'driver_meals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    date: date('date').notNull(),
    amount: integer('amount').notNull(),
    note: text('note'),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_meals_restaurant_date_idx').on(t.restaurant_id, t.date),
    index('driver_meals_driver_date_idx').on(t.driver_id, t.date),
    check('driver_meals_amount_check', sql`${t.amount} > 0`),
  ],
);
