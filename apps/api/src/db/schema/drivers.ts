import { SHIFT_STATES, VEHICLE_TYPES } from '@dostava/shared';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.js';

export const shiftStateEnum = pgEnum('shift_state', SHIFT_STATES);
export const vehicleTypeEnum = pgEnum('vehicle_type', VEHICLE_TYPES);

/** The driver profile of a user with the Driver role: created with the user. */
export const drivers = pgTable(
  'drivers',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    shift_state: shiftStateEnum('shift_state').notNull().default('off_shift'),
    fcm_token: text('fcm_token'),
    fcm_token_active: boolean('fcm_token_active').notNull().default(false),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    last_location_at: timestamp('last_location_at', { withTimezone: true }),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drivers_shift_state_idx').on(t.shift_state)],
);
