import { randomBytes } from 'node:crypto';
import {
  isActiveStatus,
  isRestaurantRole,
  type RatingsSummary,
  streetOf,
  TRACKING_TOKEN_PATTERN,
  type TrackingLink,
  type TrackingRating,
  type TrackingRatingBody,
  type TrackingView,
  trackingPath,
} from '@dostava/shared';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  drivers,
  orderStatusHistory,
  orders,
  restaurants,
  trackingLinks,
  trackingRatings,
  users,
  vehicles,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { NotFound, RuleBroken } from '../../lib/errors.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import { assertInScope, assertReachable } from '../orders/orders-queries.js';
import { pinOf } from '../proofs/proofs-service.js';

/** 24 random bytes: 192 bits, 32 base64url characters. */
export const newToken = () => randomBytes(24).toString('base64url');

/** The order's live link, written in the placement's own transaction (the OrderHook). */
export async function issueLink(tx: Db, orderId: number, createdBy: number | null): Promise<string> {
  const token = newToken();
  await tx.insert(trackingLinks).values({ order_id: orderId, token, created_by: createdBy });
  return token;
}

/** The live token of an order, or null (revoked, or placed before tracking). */
export async function liveToken(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ token: trackingLinks.token })
    .from(trackingLinks)
    .where(and(eq(trackingLinks.order_id, orderId), isNull(trackingLinks.revoked_at)));
  return row?.token ?? null;
}

/** When the link of an order in this state stops working: `hours` after it was delivered or ended. */
export function expiryOf(
  order: { status: TrackingView['status']; delivered_at: Date | null; status_changed_at: Date },
  hours: number,
): Date | null {
  if (isActiveStatus(order.status)) return null;
  const ended =
    order.status === 'delivered' ? (order.delivered_at ?? order.status_changed_at) : order.status_changed_at;
  return new Date(ended.getTime() + hours * 3_600_000);
}

const ratingOf = (r: typeof trackingRatings.$inferSelect | undefined): TrackingRating | null =>
  r ? { rating: r.rating, comment: r.comment, created_at: r.created_at.toISOString() } : null;

/** Reads the order the staff member reaches: 404 outside their history, 403 outside their restaurant. */
async function reachOrder(db: Db, actor: ActorContext, orderId: number) {
  await assertReachable(db, actor, orderId);
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound();
  assertInScope(actor, 'orders.read', order.restaurant_id, order.driver_id);
  return order;
}

export async function staffLink(
  db: Db,
  actor: ActorContext,
  orderId: number,
  linkHours: number,
): Promise<TrackingLink> {
  const order = await reachOrder(db, actor, orderId);
  return linkOf(db, order, linkHours);
}

async function linkOf(db: Db, order: typeof orders.$inferSelect, linkHours: number): Promise<TrackingLink> {
  const [[live], [last], [rating]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(trackingLinks)
        .where(and(eq(trackingLinks.order_id, order.id), isNull(trackingLinks.revoked_at))),
    () =>
      db
        .select()
        .from(trackingLinks)
        .where(eq(trackingLinks.order_id, order.id))
        .orderBy(sql`${trackingLinks.id} desc`)
        .limit(1),
    () => db.select().from(trackingRatings).where(eq(trackingRatings.order_id, order.id)),
  ]);
  const expires = expiryOf(order, linkHours);
  return {
    order_id: order.id,
    token: live?.token ?? null,
    path: live ? trackingPath(live.token) : null,
    created_at: live?.created_at.toISOString() ?? null,
    revoked_at: live ? null : (last?.revoked_at?.toISOString() ?? null),
    expires_at: expires?.toISOString() ?? null,
    rating: ratingOf(rating),
  };
}

/** Revokes the live link (the page then answers 404 like any unknown token). Audited, token not logged. */
export async function revokeLink(db: Db, actor: ActorContext, orderId: number, linkHours: number) {
  const order = await reachOrder(db, actor, orderId);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(trackingLinks)
      .set({ revoked_at: new Date() })
      .where(and(eq(trackingLinks.order_id, orderId), isNull(trackingLinks.revoked_at)))
      .returning({ id: trackingLinks.id });
    if (!revoked.length) throw new RuleBroken('tracking_not_live', 'tracking.not_live');
    await audit(tx, actor, 'tracking_revoke', 'order', orderId, { link: 'live' }, { link: 'revoked' });
  });
  return linkOf(db, order, linkHours);
}

/** A new link for the order (the old one, if live, stops working at once). Audited, token not logged. */
export async function reissueLink(db: Db, actor: ActorContext, orderId: number, linkHours: number) {
  const order = await reachOrder(db, actor, orderId);
  await db.transaction(async (tx) => {
    const revoked = await tx
      .update(trackingLinks)
      .set({ revoked_at: new Date() })
      .where(and(eq(trackingLinks.order_id, orderId), isNull(trackingLinks.revoked_at)))
      .returning({ id: trackingLinks.id });
    await issueLink(tx, orderId, actor.user_id);
    await audit(
      tx,
      actor,
      'tracking_reissue',
      'order',
      orderId,
      { link: revoked.length ? 'live' : 'none' },
      { link: 'new' },
    );
  });
  return linkOf(db, order, linkHours);
}

/** The order a token opens (live links only), or null. A malformed token never reaches the database. */
export async function orderOfToken(db: Db, token: string): Promise<number | null> {
  if (!TRACKING_TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ order_id: trackingLinks.order_id })
    .from(trackingLinks)
    .where(and(eq(trackingLinks.token, token), isNull(trackingLinks.revoked_at)));
  return row?.order_id ?? null;
}

/**
 * Everything the page shows of one order but the driver's position (which moves every few seconds and
 * comes from the drivers' own events): one snapshot per order, kept in memory until the order changes.
 */
export interface TrackingSnapshot {
  order_id: number;
  driver_id: number | null;
  view: Omit<TrackingView, 'driver' | 'expires_at'> & {
    driver: Omit<NonNullable<TrackingView['driver']>, 'position'> | null;
  };
  /** When the link dies (null while the order is open). */
  ended_at: Date | null;
  /** On the road and the driver's only order on the road: no other prediction can reorder its stop. */
  alone_on_road: boolean;
  /** Where the driver was when the snapshot was read (a start until their events arrive). */
  driver_position: { lat: number; lng: number; at: string } | null;
}

export async function loadSnapshot(db: Db, orderId: number): Promise<TrackingSnapshot | null> {
  const [row] = await db
    .select({
      order: orders,
      restaurant: restaurants.name,
      driver_first_name: users.first_name,
      vehicle_type: vehicles.type,
      driver_lat: drivers.lat,
      driver_lng: drivers.lng,
      driver_at: drivers.last_location_at,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .leftJoin(users, eq(users.id, orders.driver_id))
    .leftJoin(drivers, eq(drivers.user_id, orders.driver_id))
    .leftJoin(vehicles, eq(vehicles.driver_id, orders.driver_id))
    .where(eq(orders.id, orderId));
  if (!row) return null;
  const o = row.order;
  const [history, [rating], stops, pin] = await readTogether(db, [
    () =>
      db
        .select({ status: orderStatusHistory.to_status, at: orderStatusHistory.created_at })
        .from(orderStatusHistory)
        .where(eq(orderStatusHistory.order_id, orderId))
        .orderBy(asc(orderStatusHistory.created_at), asc(orderStatusHistory.id)),
    () => db.select().from(trackingRatings).where(eq(trackingRatings.order_id, orderId)),
    () =>
      o.driver_id !== null && o.status === 'in_delivery' ? stopsBefore(db, o) : { before: 0, others: 0 },
    () =>
      // The customer tells the driver this PIN at the door (issue 38): shown while the order is open.
      isActiveStatus(o.status) ? pinOf(db, o.id) : null,
  ]);
  const delivered = o.status === 'delivered';
  // The driver only while they carry it; nothing of them once it is delivered or ended.
  const showDriver = o.driver_id !== null && isActiveStatus(o.status) && row.driver_first_name !== null;
  return {
    order_id: o.id,
    driver_id: showDriver ? o.driver_id : null,
    alone_on_road: o.status === 'in_delivery' && o.driver_id !== null && stops.others === 0,
    ended_at: !isActiveStatus(o.status)
      ? delivered
        ? (o.delivered_at ?? o.status_changed_at)
        : o.status_changed_at
      : null,
    driver_position:
      showDriver && row.driver_lat !== null && row.driver_lng !== null && row.driver_at
        ? { lat: row.driver_lat, lng: row.driver_lng, at: row.driver_at.toISOString() }
        : null,
    view: {
      order_number: o.order_number,
      restaurant: { name: row.restaurant },
      street: streetOf(o.address),
      status: o.status,
      timeline: history.map((h) => ({ status: h.status, at: h.at.toISOString() })),
      promised_at: o.promised_at?.toISOString() ?? null,
      predicted_delivery_at: !isActiveStatus(o.status)
        ? null
        : (o.predicted_delivery_at?.toISOString() ?? null),
      risk_reason: !isActiveStatus(o.status)
        ? null
        : ((o.risk_reason as TrackingView['risk_reason']) ?? null),
      delivered_at: o.delivered_at?.toISOString() ?? null,
      driver: showDriver
        ? {
            first_name: row.driver_first_name ?? '',
            vehicle_type: row.vehicle_type ?? null,
            stops_before: o.status === 'in_delivery' ? stops.before : 0,
          }
        : null,
      rating: ratingOf(rating),
      can_rate: delivered && !rating,
      delivery_pin: pin,
    },
  };
}

/**
 * The deliveries the driver makes before this one: the other orders they carry that are predicted to
 * arrive earlier (the order of the batch's drop-offs as the prediction plans it; ties by id).
 */
async function stopsBefore(
  db: Db,
  o: typeof orders.$inferSelect,
): Promise<{ before: number; others: number }> {
  if (o.driver_id === null) return { before: 0, others: 0 };
  const mine = o.predicted_delivery_at;
  const earlier = mine
    ? sql`(${orders.predicted_delivery_at} < ${mine} or (${orders.predicted_delivery_at} = ${mine} and ${orders.id} < ${o.id}))`
    : sql`${orders.id} < ${o.id}`;
  const [row] = await db
    .select({
      before: sql<number>`(count(*) filter (where ${earlier}))::int`,
      others: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(
      and(eq(orders.driver_id, o.driver_id), eq(orders.status, 'in_delivery'), sql`${orders.id} <> ${o.id}`),
    );
  return { before: row?.before ?? 0, others: row?.others ?? 0 };
}

/** The page's answer from a snapshot, the driver's latest position and the link's lifetime. */
export function viewOf(
  snapshot: TrackingSnapshot,
  position: { lat: number; lng: number; at: string } | null,
  linkHours: number,
): TrackingView {
  const driver = snapshot.view.driver;
  const onLastLeg = snapshot.view.status === 'in_delivery' && driver !== null && driver.stops_before === 0;
  return {
    ...snapshot.view,
    driver: driver ? { ...driver, position: onLastLeg ? position : null } : null,
    expires_at: snapshot.ended_at
      ? new Date(snapshot.ended_at.getTime() + linkHours * 3_600_000).toISOString()
      : null,
  };
}

/** The customer rates a delivered order, once; restaurant and driver kept for the dashboard. */
export async function rate(db: Db, orderId: number, body: TrackingRatingBody): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFound();
  if (order.status !== 'delivered') throw new RuleBroken('tracking_not_delivered', 'tracking.not_delivered');
  const inserted = await db
    .insert(trackingRatings)
    .values({
      order_id: orderId,
      restaurant_id: order.restaurant_id,
      driver_id: order.driver_id,
      rating: body.rating,
      comment: body.comment || null,
    })
    .onConflictDoNothing()
    .returning({ order_id: trackingRatings.order_id });
  if (!inserted.length) throw new RuleBroken('tracking_rated', 'tracking.already_rated');
}

/** The dashboard's ratings: per restaurant (staff: their own) and per driver (the operation only). */
export async function ratingsSummary(db: Db, actor: ActorContext, days: number): Promise<RatingsSummary> {
  const since = sql`now() - ${`${days} days`}::interval`;
  const own = isRestaurantRole(actor.role);
  const restaurantsRows = await rowsOf<{ id: number; name: string; count: number; average: number }>(
    db,
    sql`select r.id, r.name, count(*)::int as count, round(avg(t.rating)::numeric, 1)::float8 as average
        from tracking_ratings t join restaurants r on r.id = t.restaurant_id
        where t.created_at >= ${since} ${own ? sql`and t.restaurant_id = ${actor.restaurant_id ?? 0}` : sql``}
        group by r.id, r.name order by count(*) desc, r.id limit 10`,
  );
  const driverRows = own
    ? []
    : await rowsOf<{ id: number; name: string; count: number; average: number }>(
        db,
        sql`select u.id, trim(u.first_name || ' ' || u.last_name) as name, count(*)::int as count,
                   round(avg(t.rating)::numeric, 1)::float8 as average
            from tracking_ratings t join users u on u.id = t.driver_id
            where t.created_at >= ${since}
            group by u.id, u.first_name, u.last_name order by count(*) desc, u.id limit 10`,
      );
  return { days, restaurants: restaurantsRows, drivers: driverRows };
}
