import {
  can,
  INCIDENT_MOVES,
  type Incident,
  type IncidentCounts,
  type IncidentSettings,
  type IncidentSettingsBody,
  type incidentBody,
  type incidentListQuery,
  type incidentResolveBody,
  type incidentStatusBody,
  isIncidentClosed,
  isRestaurantRole,
  type LiableParty,
  privateImageUrl,
} from '@dostava/shared';
import { and, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  incidentSettings,
  incidents,
  orderItems,
  orders,
  redeliveries,
  refunds,
  restaurants,
  settlements,
  uploads,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { BadRequest, Conflict, Forbidden, NotFound, RuleBroken } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import type { OrderDeps } from '../orders/orders-change.js';
import { createOrder } from '../orders/orders-commands.js';
import { assertReachable } from '../orders/orders-queries.js';
import { fileUrl } from '../uploads/uploads-service.js';
import { recordWebhookEvent } from '../webhooks/webhooks-outbox.js';

type ListQuery = z.output<typeof incidentListQuery>;
type ReportBody = z.output<typeof incidentBody>;

const driver = alias(users, 'driver');
const reporter = alias(users, 'reporter');
const closer = alias(users, 'closer');
const redelivered = alias(orders, 'redelivered');

const columns = {
  id: incidents.id,
  order_id: orders.id,
  order_number: orders.order_number,
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  driver_id: driver.id,
  driver_first_name: driver.first_name,
  driver_last_name: driver.last_name,
  type: incidents.type,
  status: incidents.status,
  lines: incidents.lines,
  photo_ids: incidents.photo_ids,
  comment: incidents.comment,
  reporter_id: reporter.id,
  reporter_first_name: reporter.first_name,
  reporter_last_name: reporter.last_name,
  reporter_role: incidents.reporter_role,
  resolution: incidents.resolution,
  reason: incidents.reason,
  closer_id: closer.id,
  closer_first_name: closer.first_name,
  closer_last_name: closer.last_name,
  closed_at: incidents.closed_at,
  created_at: incidents.created_at,
  version: incidents.version,
  redelivery: redeliveries,
  redelivered_number: redelivered.order_number,
  redelivered_status: redelivered.status,
  settlement_from: settlements.period_from,
  settlement_to: settlements.period_to,
};
const selectIncidents = (db: Db) =>
  db
    .select(columns)
    .from(incidents)
    .innerJoin(orders, eq(orders.id, incidents.order_id))
    .innerJoin(restaurants, eq(restaurants.id, incidents.restaurant_id))
    .leftJoin(driver, eq(driver.id, incidents.driver_id))
    .leftJoin(reporter, eq(reporter.id, incidents.reporter_id))
    .leftJoin(closer, eq(closer.id, incidents.closed_by))
    .leftJoin(redeliveries, eq(redeliveries.incident_id, incidents.id))
    .leftJoin(redelivered, eq(redelivered.id, redeliveries.redelivery_order_id))
    .leftJoin(settlements, eq(settlements.id, redeliveries.settlement_id));
type Row = Awaited<ReturnType<typeof selectIncidents>>[number];

const nameOf = (first: string | null, last: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

/** The rows of one page as incidents: their lines' names and their photos in two queries. */
async function toIncidents(db: Db, rows: Row[]): Promise<Incident[]> {
  const itemIds = [...new Set(rows.flatMap((r) => r.lines.map((l) => l.order_item_id)))];
  const photoIds = [...new Set(rows.flatMap((r) => r.photo_ids))];
  const [items, photos] = await readTogether(db, [
    () =>
      itemIds.length
        ? db
            .select({ id: orderItems.id, name: orderItems.name })
            .from(orderItems)
            .where(inArray(orderItems.id, itemIds))
        : [],
    () =>
      photoIds.length
        ? db
            .select({ id: uploads.id, file_name: uploads.file_name, private: uploads.private })
            .from(uploads)
            .where(inArray(uploads.id, photoIds))
        : [],
  ]);
  const itemName = new Map(items.map((i) => [i.id, i.name]));
  // Private photos (issue 38) are read through the authorised route, older public ones as they were.
  const photoFile = new Map(
    photos.map((p) => [p.id, p.private ? privateImageUrl(p.id) : fileUrl(p.file_name)]),
  );
  return rows.map((r) => ({
    id: r.id,
    order: { id: r.order_id, order_number: r.order_number },
    restaurant: { id: r.restaurant_id, name: r.restaurant_name },
    driver:
      r.driver_id !== null
        ? { id: r.driver_id, name: nameOf(r.driver_first_name, r.driver_last_name) }
        : null,
    type: r.type,
    status: r.status,
    lines: r.lines.map((l) => ({ ...l, name: itemName.get(l.order_item_id) ?? '' })),
    photos: r.photo_ids.flatMap((id) => {
      const file_url = photoFile.get(id);
      return file_url ? [{ id, file_url }] : [];
    }),
    comment: r.comment,
    reporter:
      r.reporter_id !== null
        ? {
            id: r.reporter_id,
            name: nameOf(r.reporter_first_name, r.reporter_last_name),
            role: r.reporter_role ?? '',
          }
        : null,
    resolution: r.resolution,
    reason: r.reason,
    closed_by:
      r.closer_id !== null
        ? { id: r.closer_id, name: nameOf(r.closer_first_name, r.closer_last_name) }
        : null,
    closed_at: r.closed_at?.toISOString() ?? null,
    redelivery: r.redelivery
      ? {
          order: {
            id: r.redelivery.redelivery_order_id,
            order_number: r.redelivered_number ?? '',
            status: r.redelivered_status ?? '',
          },
          amount: r.redelivery.amount,
          liable: r.redelivery.liable,
          split: {
            restaurant: r.redelivery.restaurant_share,
            operation: r.redelivery.operation_share,
            driver: r.redelivery.driver_share,
          },
          settlement:
            r.redelivery.settlement_id !== null && r.settlement_from && r.settlement_to
              ? { id: r.redelivery.settlement_id, from: r.settlement_from, to: r.settlement_to }
              : null,
        }
      : null,
    created_at: r.created_at.toISOString(),
    version: r.version,
  }));
}

/** Restaurant staff see their own restaurant's incidents; everyone else with the permission all. */
function scopeOf(actor: ActorContext): SQL | undefined {
  if (isRestaurantRole(actor.role)) return eq(incidents.restaurant_id, actor.restaurant_id ?? -1);
  return undefined;
}

export async function listIncidents(db: Db, actor: ActorContext, query: ListQuery, timeZone: string) {
  const filters: SQL[] = [];
  const scope = scopeOf(actor);
  if (scope) filters.push(scope);
  if (query.status) filters.push(eq(incidents.status, query.status));
  if (query.type) filters.push(eq(incidents.type, query.type));
  if (query.restaurant_id !== undefined) filters.push(eq(incidents.restaurant_id, query.restaurant_id));
  if (query.driver_id !== undefined) filters.push(eq(incidents.driver_id, query.driver_id));
  // An order's incidents, and on a redelivery's page the incident it redelivers (both pages link).
  if (query.order_id !== undefined)
    filters.push(sql`(${incidents.order_id} = ${query.order_id} or ${incidents.id} in
      (select ${redeliveries.incident_id} from ${redeliveries} where ${redeliveries.redelivery_order_id} = ${query.order_id}))`);
  if (query.settlement_id !== undefined)
    filters.push(sql`${incidents.id} in (select ${redeliveries.incident_id} from ${redeliveries}
      where ${redeliveries.settlement_id} = ${query.settlement_id})`);
  if (query.from)
    filters.push(sql`${incidents.created_at} >= (${query.from}::date)::timestamp at time zone ${timeZone}`);
  if (query.to)
    filters.push(sql`${incidents.created_at} < (${query.to}::date + 1)::timestamp at time zone ${timeZone}`);
  const where = filters.length ? and(...filters) : undefined;
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectIncidents(db)
        .where(where)
        .orderBy(direction(incidents.created_at), direction(incidents.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(incidents).where(where),
  ]);
  return {
    data: await toIncidents(db, rows),
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) },
  };
}

export async function incidentCounts(db: Db, actor: ActorContext): Promise<IncidentCounts> {
  const scope = scopeOf(actor);
  const [row] = await db
    .select({
      open: sql<number>`count(*) filter (where ${incidents.status} = 'open')::int`,
      in_progress: sql<number>`count(*) filter (where ${incidents.status} = 'in_progress')::int`,
    })
    .from(incidents)
    .where(and(inArray(incidents.status, ['open', 'in_progress']), scope));
  return { open: Number(row?.open ?? 0), in_progress: Number(row?.in_progress ?? 0) };
}

export async function readIncident(db: Db, id: number): Promise<Incident> {
  const rows = await selectIncidents(db).where(eq(incidents.id, id));
  const [incident] = await toIncidents(db, rows);
  if (!incident) throw new NotFound();
  return incident;
}

/** One incident the caller may see: another restaurant's is forbidden, as its order is (403). */
export async function getIncident(db: Db, actor: ActorContext, id: number): Promise<Incident> {
  const incident = await readIncident(db, id);
  if (isRestaurantRole(actor.role) && incident.restaurant.id !== actor.restaurant_id) throw new Forbidden();
  return incident;
}

/**
 * The order a caller acts on: staff within their history scope and, for restaurant staff, their own
 * restaurant (another's is 403, as the order is); a driver their own delivery (another's is 404).
 */
export async function orderInReach(db: Db, actor: ActorContext, orderId: number) {
  if (actor.role !== 'driver') await assertReachable(db, actor, orderId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound();
  // Another driver's delivery is not found (as the driver app's own orders are); another restaurant's
  // order is forbidden to its staff, as the order itself is (GET /api/orders/:id, the authz matrix).
  if (actor.role === 'driver' && order.driver_id !== actor.user_id) throw new NotFound();
  if (actor.role !== 'driver' && !can(actor, 'orders.read', order.restaurant_id)) throw new Forbidden();
  return order;
}

/** Who carries an amount: the named party all of it, or the stated split, which must add up. */
export function splitOf(
  body: {
    liable: LiableParty;
    split?: { restaurant: number; operation: number; driver: number } | undefined;
  },
  amount: number,
  driverAllowed: boolean,
  orderDriver: number | null,
): { restaurant: number; operation: number; driver: number } {
  const split =
    body.liable === 'shared'
      ? (body.split ?? { restaurant: 0, operation: 0, driver: 0 })
      : {
          restaurant: body.liable === 'restaurant' ? amount : 0,
          operation: body.liable === 'operation' ? amount : 0,
          driver: body.liable === 'driver' ? amount : 0,
        };
  if (split.restaurant + split.operation + split.driver !== amount)
    throw new BadRequest({
      split: [`incidents.validation.split_sum|${JSON.stringify({ amount: (amount / 100).toFixed(2) })}`],
    });
  if (split.driver > 0 && !driverAllowed)
    throw new RuleBroken('driver_deduction_off', 'incidents.errors.driver_deduction_off');
  if (split.driver > 0 && orderDriver === null)
    throw new RuleBroken('no_driver', 'incidents.errors.no_driver');
  return split;
}

/** Lines named must be lines of this order, at most the quantity ordered: field errors otherwise. */
export async function checkLines(
  db: Db,
  orderId: number,
  lines: { order_item_id: number; quantity: number }[],
  field = 'lines',
) {
  if (lines.length === 0) return new Map<number, typeof orderItems.$inferSelect>();
  const items = await db.select().from(orderItems).where(eq(orderItems.order_id, orderId));
  const byId = new Map(items.map((i) => [i.id, i]));
  const errors: Record<string, string[]> = {};
  for (const [i, line] of lines.entries()) {
    const item = byId.get(line.order_item_id);
    if (!item) errors[`${field}.${i}.order_item_id`] = ['incidents.validation.line_not_on_order'];
    else if (line.quantity > item.quantity)
      errors[`${field}.${i}.quantity`] = [
        `incidents.validation.quantity_max|${JSON.stringify({ max: item.quantity })}`,
      ];
  }
  if (Object.keys(errors).length) throw new BadRequest(errors);
  return byId;
}

/** Tells integrators (issue 40) of an incident reported or moved, in the transaction that did it. */
function announceIncident(tx: Db, row: typeof incidents.$inferSelect) {
  return recordWebhookEvent(
    tx,
    'order.incident',
    {
      order_id: row.order_id,
      incident_id: row.id,
      restaurant_id: row.restaurant_id,
      type: row.type,
      status: row.status,
      resolution: row.resolution ?? null,
    },
    { orderId: row.order_id },
  );
}

/**
 * Tells the open screens (the board's counter, the incidents list, the order's panel) after the write
 * committed: restaurant staff hear only their own restaurant's.
 */
export function publishIncident(bus: EventBus, row: typeof incidents.$inferSelect) {
  return bus.publish({
    type: 'incident.changed',
    restaurant_id: row.restaurant_id,
    data: { incident_id: row.id, order_id: row.order_id, status: row.status },
  });
}

export async function reportIncident(
  db: Db,
  bus: EventBus,
  actor: ActorContext,
  orderId: number,
  body: ReportBody,
) {
  const order = await orderInReach(db, actor, orderId);
  await checkLines(db, order.id, body.lines);
  const photoIds = [...new Set(body.photo_ids)];
  if (photoIds.length) {
    // Only images the reporter uploaded: an id is not a way to attach someone else's file.
    const own = await db
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(inArray(uploads.id, photoIds), eq(uploads.created_by, actor.user_id)));
    if (own.length !== photoIds.length)
      throw new BadRequest({ photo_ids: ['incidents.validation.photo_unknown'] });
  }
  const reported = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(incidents)
      .values({
        order_id: order.id,
        restaurant_id: order.restaurant_id,
        driver_id: order.driver_id,
        type: body.type,
        lines: body.lines,
        photo_ids: photoIds,
        comment: body.comment ?? null,
        reporter_id: actor.user_id,
        reporter_role: actor.role,
      })
      .returning();
    if (!row) throw new Error('incident insert returned nothing');
    // The driver app's own writes are not staff writes, but an incident is money: both are audited.
    await audit(tx, actor, 'create', 'incidents', row.id, null, row);
    await announceIncident(tx, row);
    return row;
  });
  await publishIncident(bus, reported);
  return readIncident(db, reported.id);
}

async function closedOrMissing(tx: Db, id: number): Promise<never> {
  const [exists] = await tx.select({ status: incidents.status }).from(incidents).where(eq(incidents.id, id));
  if (!exists) throw new NotFound();
  throw new Conflict('incident_moved', 'incidents.errors.incident_moved');
}

/** open → in progress, or dismissed with a reason: a guarded UPDATE, the loser of a race gets 409. */
export async function moveIncident(
  db: Db,
  bus: EventBus,
  actor: ActorContext,
  id: number,
  body: z.output<typeof incidentStatusBody>,
) {
  const before = await readIncident(db, id);
  if (!INCIDENT_MOVES[before.status].includes(body.status))
    throw new Conflict('incident_moved', 'incidents.errors.incident_moved');
  const moved = await db.transaction(async (tx) => {
    const closing = body.status === 'dismissed';
    const [done] = await tx
      .update(incidents)
      .set({
        status: body.status,
        reason: closing ? (body.reason ?? null) : null,
        closed_by: closing ? actor.user_id : null,
        closed_at: closing ? new Date() : null,
        version: sql`${incidents.version} + 1`,
      })
      .where(and(eq(incidents.id, id), eq(incidents.status, before.status)))
      .returning();
    if (!done) return closedOrMissing(tx, id);
    await announceIncident(tx, done);
    await audit(
      tx,
      actor,
      'status',
      'incidents',
      id,
      { status: before.status },
      {
        status: body.status,
        reason: body.reason ?? null,
      },
    );
    return done;
  });
  await publishIncident(bus, moved);
  return readIncident(db, id);
}

/**
 * Resolves an incident: with a refund (one must exist), no action, or a redelivery — a new order of the
 * lines named, placed through the order kernel (createOrder) for the first order's customer and address
 * at no charge, in the same transaction as the incident's resolution and the redelivery's cost row.
 */
export async function resolveIncident(
  db: Db,
  deps: OrderDeps,
  actor: ActorContext,
  id: number,
  body: z.output<typeof incidentResolveBody>,
) {
  const before = await readIncident(db, id);
  if (isIncidentClosed(before.status))
    throw new Conflict('incident_moved', 'incidents.errors.incident_moved');
  let resolved: typeof incidents.$inferSelect | undefined;
  const close = async (tx: Db, redeliveryOrderId: number | null) => {
    if (body.resolution === 'refund') {
      const [refund] = await tx
        .select({ id: refunds.id })
        .from(refunds)
        .where(and(eq(refunds.incident_id, id), inArray(refunds.status, ['approved', 'pending_approval'])))
        .limit(1);
      if (!refund) throw new RuleBroken('refund_missing', 'incidents.errors.refund_missing');
    }
    const [done] = await tx
      .update(incidents)
      .set({
        status: 'resolved',
        resolution: body.resolution,
        reason: body.reason,
        closed_by: actor.user_id,
        closed_at: new Date(),
        version: sql`${incidents.version} + 1`,
      })
      .where(and(eq(incidents.id, id), inArray(incidents.status, ['open', 'in_progress'])))
      .returning();
    if (!done) return closedOrMissing(tx, id);
    let redelivery: typeof redeliveries.$inferSelect | undefined;
    if (redeliveryOrderId !== null && body.redelivery) {
      const [placed] = await tx.select().from(orders).where(eq(orders.id, redeliveryOrderId));
      if (!placed) throw new Error('redelivery order missing');
      const settings = await readSettings(tx);
      // Its cost is what the restaurant is credited for the food it makes again.
      const amount = placed.restaurant_total_amount;
      // A refusal here (a driver charged while the setting is off) rolls the new order back too.
      const split = splitOf(body.redelivery, amount, settings.driver_deductions_allowed, done.driver_id);
      [redelivery] = await tx
        .insert(redeliveries)
        .values({
          incident_id: id,
          order_id: done.order_id,
          redelivery_order_id: redeliveryOrderId,
          restaurant_id: done.restaurant_id,
          amount,
          liable: body.redelivery.liable,
          restaurant_share: split.restaurant,
          operation_share: split.operation,
          driver_share: split.driver,
          driver_id: split.driver > 0 ? done.driver_id : null,
          created_by: actor.user_id,
        })
        .returning();
    }
    await announceIncident(tx, done);
    await audit(
      tx,
      actor,
      'resolve',
      'incidents',
      id,
      { status: before.status },
      {
        status: 'resolved',
        resolution: body.resolution,
        reason: body.reason,
        redelivery: redelivery ?? null,
      },
    );
    resolved = done;
  };
  if (body.resolution === 'redeliver' && body.redelivery) {
    const order = await orderInReach(db, actor, before.order.id);
    const items = await checkLines(db, order.id, body.redelivery.lines, 'redelivery.lines');
    const lines = body.redelivery.lines.map((line, i) => {
      const productId = items.get(line.order_item_id)?.product_id;
      if (productId === null || productId === undefined)
        throw new BadRequest({
          [`redelivery.lines.${i}.order_item_id`]: ['incidents_more.product_gone'],
        });
      return { product_id: productId, quantity: line.quantity };
    });
    await createOrder(
      db,
      deps,
      actor,
      {
        restaurant_id: order.restaurant_id,
        items: lines,
        address: order.address,
        phone: order.customer_phone ?? '',
        lat: order.lat,
        lng: order.lng,
        note: order.note,
        payment: order.payment_method,
      },
      (tx, orderId) => close(tx, orderId),
      { customer_id: order.customer_id, zone_id: order.zone_id },
    );
  } else {
    await db.transaction((tx) => close(tx, null));
  }
  if (resolved) await publishIncident(deps.bus, resolved);
  return readIncident(db, id);
}

/** The one row of refund rules, inserted with its defaults by the migration. */
export async function readSettings(db: Db): Promise<IncidentSettings> {
  const [row] = await db.select().from(incidentSettings).where(eq(incidentSettings.id, 1));
  if (!row) throw new Error('incident settings missing');
  return {
    refund_approval_threshold: row.refund_approval_threshold,
    driver_deductions_allowed: row.driver_deductions_allowed,
  };
}

export async function updateSettings(db: Db, actor: ActorContext, body: IncidentSettingsBody) {
  const before = await readSettings(db);
  await db.transaction(async (tx) => {
    await tx
      .update(incidentSettings)
      .set({ ...body, updated_at: new Date() })
      .where(eq(incidentSettings.id, 1));
    await audit(tx, actor, 'update', 'incident_settings', 1, before, { ...before, ...body });
  });
  return readSettings(db);
}
