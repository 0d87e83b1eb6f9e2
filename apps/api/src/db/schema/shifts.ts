import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  integer,
  pgTable,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** A driver's shift: from shift start until the cash is collected at its end. */
export const shifts = pgTable(
  'shifts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    // When the driver plans to stop (the driver app or staff set it): no pickup is offered that
    // cannot be made before it (issue 33).
    planned_end_at: timestamp('planned_end_at', { withTimezone: true }),
  },
  (t) => [
    index('shifts_driver_idx').on(t.driver_id, t.started_at.desc()),
    // At most one open shift per driver.
    uniqueIndex('shifts_open_unique').on(t.driver_id).where(sql`${t.ended_at} is null`),
  ],
);

export const driverBreaks = pgTable(
  'driver_breaks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    shift_id: integer('shift_id').references(() => shifts.id, { onDelete: 'set null' }),
    started_at: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('driver_breaks_driver_idx').on(t.driver_id, t.started_at.desc()),
    uniqueIndex('driver_breaks_open_unique').on(t.driver_id).where(sql`${t.ended_at} is null`),
  ],
);

/** Location history, appended by the driver app and pruned after the retention period. */
export const driverLocations = pgTable(
  'driver_locations',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    recorded_at: timestamp('recorded_at', { withTimezone: true }).notNull(),
    received_at: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('driver_locations_driver_idx').on(t.driver_id, t.recorded_at.desc()),
    index('driver_locations_recorded_idx').on(t.recorded_at),
  ],
);
