import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { vehicleTypeEnum } from './drivers.js';
import { users } from './users.js';

export const vehicles = pgTable(
  'vehicles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plate_number: text('plate_number').notNull(),
    /** Upper case without spaces and dashes: what makes two plates the same. */
    plate_normalized: text('plate_normalized').notNull(),
    type: vehicleTypeEnum('type').notNull(),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('vehicles_plate_unique').on(t.plate_normalized),
    // One vehicle per driver at a time.
    uniqueIndex('vehicles_driver_unique').on(t.driver_id),
    index('vehicles_type_idx').on(t.type),
    index('vehicles_plate_trgm_idx').using('gin', sql`${t.plate_normalized} gin_trgm_ops`),
  ],
);
