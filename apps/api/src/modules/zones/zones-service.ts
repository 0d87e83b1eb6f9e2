import {
  can,
  type DeliveryArea,
  type DeliveryAreaBody,
  FEE_FIELDS,
  type FeeRule,
  type FeeRuleBody,
  type FeeScope,
  type Language,
  QUOTE_TTL_MINUTES,
  type Quote,
  type QuoteBody,
  type SimulateBody,
  type Simulation,
  translate,
  type Zone,
  type ZoneBody,
  type ZoneImportBody,
  type zonePatchBody,
} from '@dostava/shared';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  deliveryQuotes,
  feeRules,
  restaurantDeliveryAreas,
  restaurants,
  zones,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import {
  BadRequest,
  Conflict,
  Forbidden,
  foreignKeyViolation,
  NotFound,
  RuleBroken,
} from '../../lib/errors.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import { rollupRefusal } from '../dashboard/rollups.js';
import { menuBasket } from '../orders/orders-menu.js';
import { getOrder } from '../orders/orders-queries.js';
import { zoneCache } from './zones-cache.js';
import { areaOf, assertValidGeometry, bySpecificity } from './zones-geometry.js';
import { type Pricing, priceDelivery, refusalError } from './zones-pricing.js';

type ZoneRow = typeof zones.$inferSelect;
const toZone = (z: ZoneRow): Zone => ({
  id: z.id,
  name: z.name,
  kind: z.kind,
  priority: z.priority,
  active: z.active,
  geometry: z.geometry,
  area_m2: z.area_m2,
  created_at: z.created_at.toISOString(),
  updated_at: z.updated_at.toISOString(),
});

export async function listZones(db: Db): Promise<Zone[]> {
  const rows = await db.select().from(zones).limit(5000);
  return rows
    .map((z) => ({
      zone: toZone(z),
      shape: { ...z, bbox: [0, 0, 0, 0] as [number, number, number, number] },
    }))
    .sort((a, b) => bySpecificity(a.shape, b.shape))
    .map((z) => z.zone);
}

export async function createZone(db: Db, actor: ActorContext, body: ZoneBody): Promise<Zone> {
  assertValidGeometry(body.geometry);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(zones)
      .values({ ...body, area_m2: areaOf(body.geometry) })
      .returning();
    if (!row) throw new Error('zone insert returned nothing');
    await audit(tx, actor, 'create', 'zones', row.id, null, toZone(row));
    return toZone(row);
  });
}

export async function updateZone(
  db: Db,
  actor: ActorContext,
  id: number,
  body: z.output<typeof zonePatchBody>,
): Promise<Zone> {
  if (body.geometry) assertValidGeometry(body.geometry);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(zones).where(eq(zones.id, id)).for('update');
    if (!before) throw new NotFound();
    const set: Partial<typeof zones.$inferInsert> = { ...body, updated_at: new Date() };
    if (body.geometry) set.area_m2 = areaOf(body.geometry);
    const [row] = await tx.update(zones).set(set).where(eq(zones.id, id)).returning();
    if (!row) throw new NotFound();
    await audit(tx, actor, 'update', 'zones', id, toZone(before), toZone(row));
    return toZone(row);
  });
}

export async function deleteZone(db: Db, actor: ActorContext, id: number): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(zones).where(eq(zones.id, id)).for('update');
      if (!before) throw new NotFound();
      await tx.delete(zones).where(eq(zones.id, id));
      await audit(tx, actor, 'delete', 'zones', id, toZone(before), null);
    });
  } catch (error) {
    if (foreignKeyViolation(error) === 'still_referenced') {
      throw new Conflict('zone_in_use', 'zones.errors.zone_in_use');
    }
    throw error;
  }
}

export async function exportZones(db: Db) {
  const rows = await listZones(db);
  return {
    type: 'FeatureCollection' as const,
    features: rows.map((z) => ({
      type: 'Feature' as const,
      geometry: z.geometry,
      properties: { name: z.name, kind: z.kind, priority: z.priority, active: z.active },
    })),
  };
}

/** All or nothing: every feature is checked first, its errors under `features.N.geometry`. */
export async function importZones(db: Db, actor: ActorContext, body: ZoneImportBody): Promise<Zone[]> {
  const errors: Record<string, string[]> = {};
  body.features.forEach((feature, index) => {
    try {
      assertValidGeometry(feature.geometry, `features.${index}.geometry`);
    } catch (error) {
      if (error instanceof BadRequest) Object.assign(errors, error.fieldErrors);
      else throw error;
    }
  });
  if (Object.keys(errors).length) throw new BadRequest(errors);
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(zones)
      .values(
        body.features.map((f, index) => ({
          name: f.properties?.name?.trim() || `Zona ${index + 1}`,
          kind: f.properties?.kind ?? 'fee_zone',
          priority: f.properties?.priority ?? 0,
          active: f.properties?.active ?? true,
          geometry: f.geometry,
          area_m2: areaOf(f.geometry),
        })),
      )
      .returning();
    for (const row of rows) await audit(tx, actor, 'import', 'zones', row.id, null, toZone(row));
    return rows.map(toZone);
  });
}

// --------------------------------------------------------------------------------------------
// Fee rules

type FeeRow = typeof feeRules.$inferSelect;
const toFeeRule = (row: FeeRow, name: string | null): FeeRule => {
  const fields = Object.fromEntries(FEE_FIELDS.map((k) => [k, row[k] ?? null])) as Omit<
    FeeRule,
    'id' | 'scope' | 'zone_id' | 'restaurant_id' | 'name' | 'updated_at'
  >;
  return {
    ...fields,
    id: row.id,
    scope: row.scope,
    zone_id: row.zone_id,
    restaurant_id: row.restaurant_id,
    name,
    updated_at: row.updated_at.toISOString(),
  };
};

export async function listFeeRules(db: Db): Promise<FeeRule[]> {
  const rows = await db
    .select({ rule: feeRules, zone: zones.name, restaurant: restaurants.name })
    .from(feeRules)
    .leftJoin(zones, eq(zones.id, feeRules.zone_id))
    .leftJoin(restaurants, eq(restaurants.id, feeRules.restaurant_id))
    .orderBy(feeRules.scope, feeRules.id);
  return rows.map((r) => toFeeRule(r.rule, r.zone ?? r.restaurant));
}

function targetOf(
  scope: FeeScope,
  target: number,
): { where: SQL; values: { scope: FeeScope; zone_id?: number; restaurant_id?: number } } {
  if (scope === 'global') {
    if (target !== 0) throw new BadRequest({ target: ['zones.validation.global_target'] });
    return { where: eq(feeRules.scope, 'global'), values: { scope } };
  }
  if (scope === 'zone') return { where: eq(feeRules.zone_id, target), values: { scope, zone_id: target } };
  return { where: eq(feeRules.restaurant_id, target), values: { scope, restaurant_id: target } };
}

export async function putFeeRule(
  db: Db,
  actor: ActorContext,
  scope: FeeScope,
  target: number,
  body: FeeRuleBody,
): Promise<FeeRule> {
  const { where, values } = targetOf(scope, target);
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(feeRules).where(where).for('update');
      const [row] = before
        ? await tx
            .update(feeRules)
            .set({ ...body, updated_at: new Date() })
            .where(eq(feeRules.id, before.id))
            .returning()
        : await tx
            .insert(feeRules)
            .values({ ...values, ...body })
            .returning();
      if (!row) throw new Error('fee rule write returned nothing');
      await audit(tx, actor, before ? 'update' : 'create', 'fee_rules', row.id, before ?? null, row);
      const [named] = await listFeeRulesWhere(tx, eq(feeRules.id, row.id));
      return named ?? toFeeRule(row, null);
    });
  } catch (error) {
    if (foreignKeyViolation(error) === 'missing')
      throw new BadRequest({ target: ['zones.validation.target_unknown'] });
    throw error;
  }
}

async function listFeeRulesWhere(db: Db, where: SQL) {
  const rows = await db
    .select({ rule: feeRules, zone: zones.name, restaurant: restaurants.name })
    .from(feeRules)
    .leftJoin(zones, eq(zones.id, feeRules.zone_id))
    .leftJoin(restaurants, eq(restaurants.id, feeRules.restaurant_id))
    .where(where);
  return rows.map((r) => toFeeRule(r.rule, r.zone ?? r.restaurant));
}

export async function removeFeeRule(
  db: Db,
  actor: ActorContext,
  scope: FeeScope,
  target: number,
): Promise<void> {
  const { where } = targetOf(scope, target);
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(feeRules).where(where).returning();
    if (!before) throw new NotFound();
    await audit(tx, actor, 'delete', 'fee_rules', before.id, before, null);
  });
}

// --------------------------------------------------------------------------------------------
// Delivery areas

export async function getDeliveryArea(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
): Promise<DeliveryArea> {
  if (!can(actor, 'restaurants.read', restaurantId)) throw new Forbidden();
  const [row] = await db
    .select({
      lat: restaurants.lat,
      lng: restaurants.lng,
      zone_id: restaurantDeliveryAreas.zone_id,
      radius_m: restaurantDeliveryAreas.radius_m,
      zone_name: zones.name,
      geometry: zones.geometry,
    })
    .from(restaurants)
    .leftJoin(restaurantDeliveryAreas, eq(restaurantDeliveryAreas.restaurant_id, restaurants.id))
    .leftJoin(zones, eq(zones.id, restaurantDeliveryAreas.zone_id))
    .where(eq(restaurants.id, restaurantId));
  if (!row) throw new NotFound();
  return {
    restaurant_id: restaurantId,
    zone_id: row.zone_id,
    zone_name: row.zone_name,
    radius_m: row.radius_m,
    lat: row.lat,
    lng: row.lng,
    ...(row.geometry ? { geometry: row.geometry } : {}),
  };
}

export async function putDeliveryArea(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  body: DeliveryAreaBody,
): Promise<DeliveryArea> {
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new NotFound();
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(restaurantDeliveryAreas)
        .where(eq(restaurantDeliveryAreas.restaurant_id, restaurantId))
        .for('update');
      const [after] = await tx
        .insert(restaurantDeliveryAreas)
        .values({ restaurant_id: restaurantId, ...body })
        .onConflictDoUpdate({
          target: restaurantDeliveryAreas.restaurant_id,
          set: { ...body, updated_at: new Date() },
        })
        .returning();
      await audit(tx, actor, 'delivery_area', 'restaurants', restaurantId, before ?? null, after);
    });
  } catch (error) {
    if (foreignKeyViolation(error) === 'missing')
      throw new BadRequest({ zone_id: ['zones.validation.zone_unknown'] });
    throw error;
  }
  return getDeliveryArea(db, actor, restaurantId);
}

// --------------------------------------------------------------------------------------------
// Quotes

const zoneRef = (p: Pricing) => (p.zone ? { id: p.zone.id, name: p.zone.name, kind: p.zone.kind } : null);

type QuoteRow = typeof deliveryQuotes.$inferSelect;
const toQuote = (q: QuoteRow, stored = true): Quote => ({
  id: stored ? q.id : null,
  restaurant_id: q.restaurant_id,
  lat: q.lat,
  lng: q.lng,
  zone:
    q.zone_id !== null && q.zone_name !== null && q.zone_kind !== null
      ? { id: q.zone_id, name: q.zone_name, kind: q.zone_kind }
      : null,
  road_m: q.road_m,
  items_amount: q.items_amount,
  lines: q.lines,
  total: q.total,
  expires_at: stored ? q.expires_at.toISOString() : null,
  created_at: q.created_at.toISOString(),
});

/** The row a priced delivery is stored as (a quote the customer holds, or an order's frozen fee). */
function quoteValues(
  pricing: Extract<Pricing, { ok: true }>,
  input: { restaurant_id: number; lat: number; lng: number; basket: number; customer_id: number | null },
  now: Date,
  ttlMinutes: number,
): typeof deliveryQuotes.$inferInsert {
  return {
    customer_id: input.customer_id,
    restaurant_id: input.restaurant_id,
    lat: input.lat,
    lng: input.lng,
    zone_id: pricing.zone?.id ?? null,
    zone_name: pricing.zone?.name ?? null,
    zone_kind: pricing.zone?.kind ?? null,
    road_m: pricing.road_m,
    items_amount: input.basket,
    lines: pricing.lines,
    total: pricing.total,
    created_at: now,
    expires_at: new Date(now.getTime() + ttlMinutes * 60_000),
  };
}

/**
 * A refused quote or placement is counted on its day and zone (0: outside every zone), so the
 * dashboard shows where customers are turned away; then the refusal is thrown as the API answers it.
 */
async function refused(db: Db, pricing: Extract<Pricing, { ok: false }>, timeZone: string) {
  await rollupRefusal(db, pricing.zone?.id ?? null, timeZone);
  return refusalError(pricing);
}

/** The customer app's quote: the basket priced from the menu, held ten minutes. */
export async function createQuote(
  db: Db,
  actor: ActorContext,
  body: QuoteBody,
  timeZone: string,
): Promise<Quote> {
  const [{ restaurant, itemsAmount }, snapshot] = await readTogether(db, [
    () => menuBasket(db, body),
    () => zoneCache(db).snapshot(),
  ]);
  const now = new Date();
  const pricing = priceDelivery(snapshot, {
    restaurant,
    lat: body.lat,
    lng: body.lng,
    basket: itemsAmount,
    at: now,
    timeZone,
  });
  if (!pricing.ok) throw await refused(db, pricing, timeZone);
  const [row] = await db
    .insert(deliveryQuotes)
    .values(
      quoteValues(
        pricing,
        {
          restaurant_id: restaurant.id,
          lat: body.lat,
          lng: body.lng,
          basket: itemsAmount,
          customer_id: actor.user_id,
        },
        now,
        QUOTE_TTL_MINUTES,
      ),
    )
    .returning();
  if (!row) throw new Error('quote insert returned nothing');
  return toQuote(row);
}

/**
 * The delivery an order is placed with: the customer's quote when one is named (theirs, unused, not
 * expired, for the same restaurant, position and basket), else the rules evaluated now, the same way.
 * Returns the fee and `freeze`, which runs in the placement's transaction and ties the quote to the
 * order (a quote is used once: a second placement with it gets 409).
 */
export async function deliveryForPlacement(
  db: Db,
  actor: ActorContext,
  input: {
    quote_id: string | undefined;
    restaurant: { id: number; lat: number | null; lng: number | null };
    lat: number;
    lng: number;
    basket: number;
    timeZone: string;
    detour: number;
  },
): Promise<{
  total: number;
  zone_id: number | null;
  freeze: (tx: Db, orderId: number) => Promise<void>;
}> {
  const now = new Date();
  if (input.quote_id) {
    const quoteId = input.quote_id;
    const [quote] = await db
      .select()
      .from(deliveryQuotes)
      .where(
        and(
          eq(deliveryQuotes.id, quoteId),
          eq(deliveryQuotes.customer_id, actor.user_id),
          isNull(deliveryQuotes.order_id),
        ),
      );
    if (!quote) throw new RuleBroken('quote_unknown', 'zones.errors.quote_unknown');
    if (quote.expires_at <= now) throw new RuleBroken('quote_expired', 'zones.errors.quote_expired');
    if (
      quote.restaurant_id !== input.restaurant.id ||
      quote.lat !== input.lat ||
      quote.lng !== input.lng ||
      quote.items_amount !== input.basket
    ) {
      throw new Conflict('quote_mismatch', 'zones.errors.quote_mismatch');
    }
    return {
      total: quote.total,
      zone_id: quote.zone_id,
      freeze: async (tx, orderId) => {
        const used = await tx
          .update(deliveryQuotes)
          .set({ order_id: orderId })
          .where(and(eq(deliveryQuotes.id, quoteId), isNull(deliveryQuotes.order_id)))
          .returning({ id: deliveryQuotes.id });
        if (used.length === 0) throw new Conflict('quote_used', 'zones.errors.quote_used');
      },
    };
  }
  const snapshot = await zoneCache(db).snapshot();
  const pricing = priceDelivery(snapshot, { ...input, at: now, detour: input.detour });
  if (!pricing.ok) throw await refused(db, pricing, input.timeZone);
  return {
    total: pricing.total,
    zone_id: pricing.zone?.id ?? null,
    freeze: async (tx, orderId) => {
      await tx.insert(deliveryQuotes).values({
        ...quoteValues(
          pricing,
          {
            restaurant_id: input.restaurant.id,
            lat: input.lat,
            lng: input.lng,
            basket: input.basket,
            customer_id: actor.user_id,
          },
          now,
          0,
        ),
        order_id: orderId,
      });
    },
  };
}

/**
 * An expired quote is kept this long before the purge deletes it: a placement that comes a little
 * late is still told its quote expired (422 quote_expired), not that it is unknown.
 */
export const QUOTE_PURGE_GRACE_MS = 60 * 60_000;
/** Deleted per statement, so the purge never holds many rows' locks at once. */
const PURGE_BATCH = 5000;

/**
 * Deletes the quotes that expired unused more than the grace ago (the hourly `quotes-purge` job).
 * A quote an order froze has an order id and is that order's breakdown: it is never deleted.
 */
export async function purgeExpiredQuotes(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - QUOTE_PURGE_GRACE_MS).toISOString();
  let purged = 0;
  for (;;) {
    const rows = await rowsOf<{ id: string }>(
      db,
      sql`
      delete from delivery_quotes where id in (
        select id from delivery_quotes where order_id is null and expires_at < ${before}::timestamptz
        limit ${PURGE_BATCH})
      returning id`,
    );
    const count = rows.length;
    purged += count;
    if (count < PURGE_BATCH) return purged;
  }
}

export async function orderQuote(db: Db, actor: ActorContext, orderId: number): Promise<Quote> {
  await getOrder(db, actor, orderId);
  const [row] = await db.select().from(deliveryQuotes).where(eq(deliveryQuotes.order_id, orderId));
  if (!row) throw new NotFound();
  return { ...toQuote(row), expires_at: null };
}

/** The Admin's simulator: the same pricing as a quote, any time and basket, nothing stored. */
export async function simulate(
  db: Db,
  body: SimulateBody,
  timeZone: string,
  language: Language,
): Promise<Simulation> {
  const [[restaurant], snapshot] = await readTogether(db, [
    () =>
      db
        .select({ id: restaurants.id, lat: restaurants.lat, lng: restaurants.lng })
        .from(restaurants)
        .where(eq(restaurants.id, body.restaurant_id)),
    () => zoneCache(db).snapshot(),
  ]);
  if (!restaurant) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
  const at = body.at ? new Date(body.at) : new Date();
  const pricing = priceDelivery(snapshot, {
    restaurant,
    lat: body.lat,
    lng: body.lng,
    basket: body.basket,
    at,
    timeZone,
    rush: body.rush_active,
  });
  const zonesHere = pricing.holding.map((z) => ({
    id: z.id,
    name: z.name,
    kind: z.kind,
    priority: z.priority,
  }));
  const fees = pricing.fees ?? {
    ...Object.fromEntries(FEE_FIELDS.map((k) => [k, null])),
  };
  if (!pricing.ok) {
    return {
      quote: null,
      refusal: pricing.refusal,
      message: translate(language, `zones.errors.${pricing.refusal}`, pricing.params),
      zones: zonesHere,
      fees: fees as Simulation['fees'],
    };
  }
  return {
    quote: {
      id: null,
      restaurant_id: restaurant.id,
      lat: body.lat,
      lng: body.lng,
      zone: zoneRef(pricing),
      road_m: pricing.road_m,
      items_amount: body.basket,
      lines: pricing.lines,
      total: pricing.total,
      expires_at: null,
      created_at: at.toISOString(),
    },
    refusal: null,
    message: null,
    zones: zonesHere,
    fees: pricing.fees as Simulation['fees'],
  };
}

/**
 * Whether a restaurant delivers to a point, as the customer's menu says it: the zones and the
 * restaurant's area, never the basket (the minimum order is the basket's, said when quoting).
 */
export async function deliversTo(db: Db, restaurantId: number, lat: number, lng: number, timeZone: string) {
  const [[restaurant], snapshot] = await readTogether(db, [
    () =>
      db
        .select({ id: restaurants.id, lat: restaurants.lat, lng: restaurants.lng })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId)),
    () => zoneCache(db).snapshot(),
  ]);
  if (!restaurant) return null;
  const pricing = priceDelivery(snapshot, {
    restaurant,
    lat,
    lng,
    basket: Number.MAX_SAFE_INTEGER,
    at: new Date(),
    timeZone,
  });
  return pricing.ok ? { delivers: true, refusal: null } : { delivers: false, refusal: pricing.refusal };
}
