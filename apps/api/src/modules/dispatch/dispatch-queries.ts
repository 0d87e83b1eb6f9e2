import type { DispatchReasons, OfferStatus, OrderDispatch, OrderOffer } from '@dostava/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orderOffers, orders, users } from '../../db/schema/index.js';
import { dispatchModeOf, waitsForDriver } from '../orders/order-rules.js';

/**
 * An order a driver may take from the pool: the operation opened the pool (`driver_pool`), the order
 * waits for a driver (kitchen accepted, no driver), no dispatcher locked it, its restaurant is not in
 * manual mode (there a dispatcher picks every driver), nobody holds an open offer of it, and this
 * driver has not declined it or let its offer run out. Checked again in the accepting UPDATE, so a
 * lock, a mode or a setting changed meanwhile wins.
 */
export const inPoolOf = (driverId: number) => sql`(
  ${waitsForDriver()}
  and (select ds."driver_pool" from "dispatch_settings" ds where ds."id" = 1)
  and ${dispatchModeOf()} <> 'manual'
  and not exists (select 1 from "order_offers" oo where oo."order_id" = ${orders.id}
    and (oo."status" = 'pending' or (oo."driver_id" = ${driverId} and oo."status" in ('declined', 'expired')))))`;

/** An order's open offer, if any (the partial unique index finds it). */
export const pendingOffer = sql<OrderOffer | null>`(select json_build_object(
    'driver', json_build_object('id', u."id", 'name', u."first_name" || ' ' || u."last_name"),
    'expires_at', to_char(oo."expires_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
  from "order_offers" oo join "users" u on u."id" = oo."driver_id"
  where oo."order_id" = "orders"."id" and oo."status" = 'pending')`;

/** Every offer made of an order, oldest first, with the reasons each was made for. */
export async function orderOffersOf(db: Db, orderId: number): Promise<OrderDispatch['offers']> {
  const rows = await db
    .select({
      id: orderOffers.id,
      driver_id: orderOffers.driver_id,
      first_name: users.first_name,
      last_name: users.last_name,
      status: orderOffers.status,
      reasons: orderOffers.reasons,
      created_at: orderOffers.created_at,
      expires_at: orderOffers.expires_at,
      decided_at: orderOffers.decided_at,
    })
    .from(orderOffers)
    .innerJoin(users, eq(users.id, orderOffers.driver_id))
    .where(eq(orderOffers.order_id, orderId))
    .orderBy(asc(orderOffers.created_at), asc(orderOffers.id));
  return rows.map((r) => ({
    id: r.id,
    driver: { id: r.driver_id, name: `${r.first_name} ${r.last_name}` },
    status: r.status as OfferStatus,
    reasons: r.reasons as DispatchReasons,
    created_at: r.created_at.toISOString(),
    expires_at: r.expires_at.toISOString(),
    decided_at: r.decided_at?.toISOString() ?? null,
  }));
}
