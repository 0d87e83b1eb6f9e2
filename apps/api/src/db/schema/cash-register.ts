import { END_SHIFT_STATUSES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { shifts } from './shifts.js';
import { users } from './users.js';

export const endShiftStatusEnum = pgEnum('end_shift_status', END_SHIFT_STATUSES);
export const endShiftNumberSeq = pgSequence('end_shift_number_seq', { startWith: 1001 });

/** Amounts in minor units. */
export const endShiftRequests = pgTable(
  'end_shift_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    number: text('number').notNull().unique().default(sql`'BL-' || nextval('end_shift_number_seq')`),
    driver_id: integer('driver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    shift_id: integer('shift_id')
      .notNull()
      .references(() => shifts.id, { onDelete: 'restrict' }),
    shift_total: bigint('shift_total', { mode: 'number' }).notNull(),
    orders_count: integer('orders_count').notNull(),
    declared_amount: integer('declared_amount').notNull(),
    status: endShiftStatusEnum('status').notNull().default('pending'),
    reason: text('reason'),
    handled_by: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    handled_at: timestamp('handled_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('end_shift_requests_created_idx').on(t.created_at.desc()),
    index('end_shift_requests_driver_idx').on(t.driver_id, t.created_at.desc()),
    // One request waits at a time per shift.
    uniqueIndex('end_shift_requests_pending_unique').on(t.shift_id).where(sql`${t.status} = 'pending'`),
  ],
);
