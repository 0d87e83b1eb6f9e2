import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, smallint, text, time } from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.js';

/**
 * A restaurant's weekly opening hours, in the operation's time zone. A day may hold several ranges;
 * a range whose `closes` is not after its `opens` runs past midnight into the next day. A restaurant
 * with no ranges at all has no schedule set and takes orders at any hour.
 */
export const restaurantHours = pgTable(
  'restaurant_hours',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    /** ISO weekday: 1 Monday … 7 Sunday. */
    weekday: smallint('weekday').notNull(),
    opens: time('opens').notNull(),
    closes: time('closes').notNull(),
  },
  (t) => [
    index('restaurant_hours_restaurant_idx').on(t.restaurant_id, t.weekday, t.opens),
    check('restaurant_hours_weekday_check', sql`${t.weekday} between 1 and 7`),
    // 00:00–00:00 is the whole day (shared ALL_DAY); any other range must not close when it opens.
    check('restaurant_hours_range_check', sql`${t.opens} <> ${t.closes} or ${t.opens} = '00:00'`),
  ],
);

/**
 * A dated exception to the weekly hours (a holiday, special hours), in the operation's time zone.
 * The rows of one date replace that date's weekly ranges: a row without times closes the whole day.
 */
export const restaurantHoursExceptions = pgTable(
  'restaurant_hours_exceptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    opens: time('opens'),
    closes: time('closes'),
    note: text('note'),
  },
  (t) => [
    index('restaurant_hours_exceptions_restaurant_idx').on(t.restaurant_id, t.date),
    check('restaurant_hours_exceptions_times_check', sql`(${t.opens} is null) = (${t.closes} is null)`),
    check(
      'restaurant_hours_exceptions_range_check',
      sql`${t.opens} is null or ${t.opens} <> ${t.closes} or ${t.opens} = '00:00'`,
    ),
  ],
);
