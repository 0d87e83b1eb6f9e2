import {
  type DistanceBand,
  FEE_SCOPES,
  type FeeLine,
  type FeeScope,
  type PeakWindow,
  ZONE_KINDS,
  type ZoneGeometry,
} from '@dostava/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { orders } from './orders.js';
import { restaurants } from './restaurants.js';
import { users } from './users.js';

export const zoneKindEnum = pgEnum('zone_kind', ZONE_KINDS);
export const feeScopeEnum = pgEnum('fee_scope', FEE_SCOPES);

/**
 * Delivery zones drawn on the map (issue 37): GeoJSON Polygon or MultiPolygon in jsonb, [lng, lat].
 * Every instance keeps the active ones in memory (zones-cache.ts); nothing queries polygons in SQL.
 */
export const zones = pgTable(
  'zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    kind: zoneKindEnum('kind').notNull(),
    priority: integer('priority').notNull().default(0),
    active: boolean('active').notNull().default(true),
    geometry: jsonb('geometry').$type<ZoneGeometry>().notNull(),
    area_m2: doublePrecision('area_m2').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('zones_kind_idx').on(t.kind, t.priority)],
);

/** Fee rules: one global, at most one per zone and one per restaurant; a null field inherits. */
export const feeRules = pgTable(
  'fee_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    scope: feeScopeEnum('scope').$type<FeeScope>().notNull(),
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'cascade' }),
    restaurant_id: integer('restaurant_id').references(() => restaurants.id, { onDelete: 'cascade' }),
    base_fee: integer('base_fee'),
    distance_bands: jsonb('distance_bands').$type<DistanceBand[]>(),
    min_order: integer('min_order'),
    small_basket_below: integer('small_basket_below'),
    small_basket_fee: integer('small_basket_fee'),
    free_above: integer('free_above'),
    peak_windows: jsonb('peak_windows').$type<PeakWindow[]>(),
    rush_active: boolean('rush_active'),
    rush_fee: integer('rush_fee'),
    cap: integer('cap'),
    rounding: integer('rounding'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('fee_rules_global_unique').on(t.scope).where(sql`${t.scope} = 'global'`),
    uniqueIndex('fee_rules_zone_unique').on(t.zone_id),
    uniqueIndex('fee_rules_restaurant_unique').on(t.restaurant_id),
    check(
      'fee_rules_target_check',
      sql`(${t.scope} = 'global' and ${t.zone_id} is null and ${t.restaurant_id} is null)
        or (${t.scope} = 'zone' and ${t.zone_id} is not null and ${t.restaurant_id} is null)
        or (${t.scope} = 'restaurant' and ${t.restaurant_id} is not null and ${t.zone_id} is null)`,
    ),
  ],
);

/** Where a restaurant delivers: inside a zone, within a radius, or both (the customer inside both). */
export const restaurantDeliveryAreas = pgTable(
  'restaurant_delivery_areas',
  {
    restaurant_id: integer('restaurant_id')
      .primaryKey()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    // A zone a restaurant delivers in cannot be deleted from under it (409 zone_in_use).
    zone_id: integer('zone_id').references(() => zones.id, { onDelete: 'restrict' }),
    radius_m: integer('radius_m'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('restaurant_delivery_areas_zone_idx').on(t.zone_id)],
);

/**
 * A quote: the fee's breakdown as the rules gave it. A customer's quote holds ten minutes; placing the
 * order writes its id here (once), and the order's details show these lines forever after, whatever
 * the rules become.
 */
export const deliveryQuotes = pgTable(
  'delivery_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customer_id: integer('customer_id').references(() => users.id, { onDelete: 'set null' }),
    restaurant_id: integer('restaurant_id')
      .notNull()
      .references(() => restaurants.id, { onDelete: 'cascade' }),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    zone_id: integer('zone_id'),
    zone_name: text('zone_name'),
    zone_kind: zoneKindEnum('zone_kind'),
    road_m: integer('road_m').notNull(),
    items_amount: integer('items_amount').notNull(),
    lines: jsonb('lines').$type<FeeLine[]>().notNull(),
    total: integer('total').notNull(),
    order_id: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('delivery_quotes_order_unique').on(t.order_id),
    index('delivery_quotes_zone_idx').on(t.zone_id),
    // The hourly purge reads the unused quotes by expiry (the used ones are orders' breakdowns).
    index('delivery_quotes_unused_expiry_idx').on(t.expires_at).where(sql`${t.order_id} is null`),
  ],
);
