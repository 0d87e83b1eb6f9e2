import {
  CASH_RETURNS,
  INCIDENT_RESOLUTIONS,
  INCIDENT_STATUSES,
  INCIDENT_TYPES,
  LIABLE_PARTIES,
  REFUND_STATUSES,
} from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderItems, orders, paymentMethodEnum } from './orders.js';
import { restaurants } from './restaurants.js';
import { settlements } from './settlements.js';
import { users } from './users.js';

export const incidentTypeEnum = pgEnum('incident_type', INCIDENT_TYPES);
export const incidentStatusEnum = pgEnum('incident_status', INCIDENT_STATUSES);
export const incidentResolutionEnum = pgEnum('incident_resolution', INCIDENT_RESOLUTIONS);
export const refundStatusEnum = pgEnum('refund_status', REFUND_STATUSES);
export const liablePartyEnum = pgEnum('liable_party', LIABLE_PARTIES);
export const cashReturnEnum = pgEnum('cash_return', CASH_RETURNS);

/** The operation's refund rules: one row (id 1), created with its defaults. */
export const incidentSettings = pgTable(
  'incident_settings',
  {
    id: integer('id').primaryKey().default(1),
    /** Minor units: a refund above it waits for an Admin or App Manager. */
    refund_approval_threshold: integer('refund_approval_threshold').notNull().default(3000),
    driver_deductions_allowed: boolean('driver_deductions_allowed').notNull().default(false),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('incident_settings_one_row', sql`${t.id} = 1`),
    check('incident_settings_threshold_check', sql`${t.refund_approval_threshold} >= 0`),
  ],
);

export interface IncidentLine {
  order_item_id: number;
  quantity: number;
}

export const incidents = pgTable(
  'incidents',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** The order's restaurant and driver when reported: the list filters on them without a join. */
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    type: incidentTypeEnum('type').notNull(),
    status: incidentStatusEnum('status').notNull().default('open'),
    /** Lines of the order (validated against its items when reported). */
    lines: jsonb('lines').$type<IncidentLine[]>().notNull().default([]),
    photo_ids: integer('photo_ids').array().notNull().default(sql`'{}'::integer[]`),
    comment: text('comment'),
    reporter_id: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reporter_role: text('reporter_role'),
    resolution: incidentResolutionEnum('resolution'),
    reason: text('reason'),
    closed_by: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    closed_at: timestamp('closed_at', { withTimezone: true }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    version: integer('version').notNull().default(0),
  },
  (t) => [
    index('incidents_created_idx').on(t.created_at, t.id),
    index('incidents_status_created_idx').on(t.status, t.created_at, t.id),
    index('incidents_restaurant_created_idx').on(t.restaurant_id, t.created_at, t.id),
    index('incidents_driver_created_idx').on(t.driver_id, t.created_at, t.id),
    index('incidents_order_idx').on(t.order_id),
    check(
      'incidents_closed_check',
      sql`(${t.status} in ('resolved', 'dismissed')) = (${t.closed_at} is not null and ${t.reason} is not null)`,
    ),
    check('incidents_resolution_check', sql`(${t.status} = 'resolved') = (${t.resolution} is not null)`),
  ],
);

export interface RefundLine {
  order_item_id: number;
  name: string;
  quantity: number;
  amount: number;
}

export const refunds = pgTable(
  'refunds',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    incident_id: integer('incident_id').references(() => incidents.id, { onDelete: 'set null' }),
    status: refundStatusEnum('status').notNull(),
    amount: integer('amount').notNull(),
    items_amount: integer('items_amount').notNull(),
    delivery_amount: integer('delivery_amount').notNull(),
    fixed_amount: integer('fixed_amount').notNull(),
    lines: jsonb('lines').$type<RefundLine[]>().notNull().default([]),
    liable: liablePartyEnum('liable').notNull(),
    restaurant_share: integer('restaurant_share').notNull(),
    operation_share: integer('operation_share').notNull(),
    driver_share: integer('driver_share').notNull(),
    /** The driver charged (driver_share > 0) or who paid the cash back at the door. */
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    payment_method: paymentMethodEnum('payment_method').notNull(),
    payment_reference: text('payment_reference'),
    cash_return: cashReturnEnum('cash_return'),
    reason: text('reason').notNull(),
    idempotency_key: text('idempotency_key').notNull(),
    /** The request a key was first used for: the same key with another request is refused. */
    request_hash: text('request_hash').notNull(),
    requested_by: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    approved_by: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    approved_at: timestamp('approved_at', { withTimezone: true }),
    rejected_reason: text('rejected_reason'),
    /** The settlement that lists it, fixed when that settlement is made (decision 0036). */
    settlement_id: integer('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_unique').on(t.requested_by, t.idempotency_key),
    index('refunds_order_idx').on(t.order_id),
    index('refunds_status_created_idx').on(t.status, t.created_at, t.id),
    index('refunds_created_idx').on(t.created_at, t.id),
    index('refunds_unsettled_idx')
      .on(t.restaurant_id, t.order_id)
      .where(sql`${t.status} = 'approved' and ${t.settlement_id} is null`),
    index('refunds_settlement_idx').on(t.settlement_id),
    check(
      'refunds_amounts_check',
      sql`${t.amount} > 0 and ${t.items_amount} >= 0 and ${t.delivery_amount} >= 0 and ${t.fixed_amount} >= 0
        and ${t.amount} = ${t.items_amount} + ${t.delivery_amount} + ${t.fixed_amount}`,
    ),
    check(
      'refunds_split_check',
      sql`${t.restaurant_share} >= 0 and ${t.operation_share} >= 0 and ${t.driver_share} >= 0
        and ${t.restaurant_share} + ${t.operation_share} + ${t.driver_share} = ${t.amount}`,
    ),
    check('refunds_approved_check', sql`(${t.status} = 'approved') = (${t.approved_at} is not null)`),
  ],
);

/**
 * What was paid and what is refunded (approved or waiting) per order: the cap lives in this row's
 * CHECKs, and every refund updates the row, so concurrent refunds queue on its lock and the database
 * refuses whichever would pass what the customer paid.
 */
export const orderRefundTotals = pgTable(
  'order_refund_totals',
  {
    order_id: integer('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'cascade' }),
    paid: bigint('paid', { mode: 'number' }).notNull(),
    refunded: bigint('refunded', { mode: 'number' }).notNull().default(0),
    delivery_paid: bigint('delivery_paid', { mode: 'number' }).notNull(),
    delivery_refunded: bigint('delivery_refunded', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    check('order_refund_totals_cap', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.paid}`),
    check(
      'order_refund_totals_delivery_cap',
      sql`${t.delivery_refunded} >= 0 and ${t.delivery_refunded} <= ${t.delivery_paid}`,
    ),
  ],
);

/** The quantity of each order line refunded so far: never more than was ordered (a CHECK). */
export const orderItemRefunds = pgTable(
  'order_item_refunds',
  {
    order_item_id: bigint('order_item_id', { mode: 'number' })
      .primaryKey()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    ordered: integer('ordered').notNull(),
    refunded: integer('refunded').notNull().default(0),
  },
  (t) => [check('order_item_refunds_cap', sql`${t.refunded} >= 0 and ${t.refunded} <= ${t.ordered}`)],
);

/**
 * A redelivery resolving an incident (decision 0036): the new order, placed at no charge through the
 * order kernel, and who carries its cost — what the restaurant is credited for the food it makes again
 * (the new order's restaurant total amount). The restaurant's share is a deduction in the settlement
 * of the period the new order was delivered in (or the next one, once that period is settled).
 */
export const redeliveries = pgTable(
  'redeliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    incident_id: integer('incident_id')
      .notNull()
      .unique()
      .references(() => incidents.id, { onDelete: 'restrict' }),
    /** The first order (the incident's) and the new one. */
    order_id: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'restrict' }),
    redelivery_order_id: integer('redelivery_order_id')
      .notNull()
      .unique()
      .references(() => orders.id, { onDelete: 'restrict' }),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'restrict' }),
    amount: integer('amount').notNull(),
    liable: liablePartyEnum('liable').notNull(),
    restaurant_share: integer('restaurant_share').notNull(),
    operation_share: integer('operation_share').notNull(),
    driver_share: integer('driver_share').notNull(),
    /** The driver charged (driver_share > 0): the first order's. */
    driver_id: integer('driver_id').references(() => users.id, { onDelete: 'restrict' }),
    settlement_id: integer('settlement_id').references(() => settlements.id, { onDelete: 'set null' }),
    created_by: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('redeliveries_order_idx').on(t.order_id),
    index('redeliveries_unsettled_idx')
      .on(t.restaurant_id, t.redelivery_order_id)
      .where(sql`${t.settlement_id} is null`),
    index('redeliveries_settlement_idx').on(t.settlement_id),
    check(
      'redeliveries_split_check',
      sql`${t.amount} >= 0 and ${t.restaurant_share} >= 0 and ${t.operation_share} >= 0 and ${t.driver_share} >= 0
        and ${t.restaurant_share} + ${t.operation_share} + ${t.driver_share} = ${t.amount}`,
    ),
  ],
);
