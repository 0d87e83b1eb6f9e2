import { MEAL_STATUSES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.js';
import { shifts } from './shifts.js';
import { users } from './users.js';

export const mealStatus = pgEnum('meal_status', MEAL_STATUSES);

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
    /** A driver's claim waits for staff; staff entries and meals from before review existed count. */
    status: mealStatus('status').notNull().default('approved'),
    /** The shift a driver claimed the meal in (staff entries name none). */
    shift_id: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    reviewed_by: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewed_at: timestamp('reviewed_at', { withTimezone: true }),
    reject_reason: text('reject_reason'),
  },
  (t) => [
    index('driver_meals_restaurant_date_idx').on(t.restaurant_id, t.date),
    index('driver_meals_driver_date_idx').on(t.driver_id, t.date),
    check('driver_meals_amount_check', sql`${t.amount} > 0`),
    // One meal per shift: a rejected claim may be filed again.
    uniqueIndex('driver_meals_shift_unique').on(t.shift_id).where(sql`${t.status} <> 'rejected'`),
  ],
);
