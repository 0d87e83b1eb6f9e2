import { SETTLEMENT_STATUSES } from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { restaurants } from './restaurants.js';
import { users } from './users.js';

export const settlementStatusEnum = pgEnum('settlement_status', SETTLEMENT_STATUSES);

export const settlements = pgTable(
  'settlements',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    period_from: date('period_from').notNull(),
    period_to: date('period_to').notNull(),
    percentage: numeric('percentage', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    orders_count: integer('orders_count').notNull(),
    restaurant_amount: bigint('restaurant_amount', { mode: 'number' }).notNull(),
    commission: bigint('commission', { mode: 'number' }).notNull(),
    restaurant_total_amount: bigint('restaurant_total_amount', { mode: 'number' }).notNull(),
    meals_amount: bigint('meals_amount', { mode: 'number' }).notNull(),
    /** Refunds charged to the restaurant (issue 38): deducted from what it is paid. */
    refunds_amount: bigint('refunds_amount', { mode: 'number' }).notNull().default(0),
    net_amount: bigint('net_amount', { mode: 'number' }).notNull(),
    /** The payee as it stood at approval: a later edit of the restaurant cannot redirect the money. */
    payee_name: text('payee_name'),
    payee_address: text('payee_address'),
    payee_iban: text('payee_iban'),
    status: settlementStatusEnum('status').notNull().default('pending'),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    payment_orders_created_at: timestamp('payment_orders_created_at', { withTimezone: true }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('settlements_restaurant_idx').on(t.restaurant_id, t.period_from),
    check('settlements_period_check', sql`${t.period_to} >= ${t.period_from}`),
  ],
);
