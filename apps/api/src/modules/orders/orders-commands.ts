import {
  ASSIGNABLE_DRIVER_STATES,
  allowedTransitions,
  BUSY_DRIVER_STATES,
  isActiveStatus,
  isOnTheRoad,
  type Order,
  type OrderCreateBody,
  type OrderStatus,
  type OrderStatusBody,
  UNASSIGN_IN_DELIVERY_ROLES,
} from '@dostava/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  drivers,
  endShiftRequests,
  orderItems,
  orderOffers,
  orderStatusHistory,
  orders,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, Forbidden, RuleBroken, ServiceError } from '../../lib/errors.js';
import { distanceKm } from '../../lib/geo.js';
import { readTogether } from '../../lib/sql.js';
import { rollupOrderCreated } from '../dashboard/rollups.js';
import { withdrawOffers } from '../dispatch/dispatch-offers.js';
import { inPoolOf } from '../dispatch/dispatch-queries.js';
import { activeOrders, driverState, lockDriver } from '../drivers/drivers-service.js';
import { loadModels, predictOrders, promiseFor } from '../eta/eta-predictions.js';
import { proveDelivery } from '../proofs/proofs-service.js';
import { assertTakesOrders } from '../restaurants/restaurants-hours.js';
import { deliveryForPlacement } from '../zones/zones-service.js';
import { orderAmounts } from './orders-amounts.js';
import { announceOrders, listRowOf } from './orders-announce.js';
import { changeOrder, type OrderChange, type OrderDeps } from './orders-change.js';
import { menuBasket } from './orders-menu.js';
import { assertInScope, readOrder } from './orders-queries.js';

export type { OrderDeps } from './orders-change.js';

/** Refuses an order with a product out of stock now (422 `product_snoozed`, naming them). */
function assertInStock(
  items: OrderCreateBody['items'],
  byId: Map<number, { name: string; snoozed: boolean }>,
) {
  const fields: Record<string, string[]> = {};
  const names = new Set<string>();
  items.forEach((item, index) => {
    const product = byId.get(item.product_id);
    if (!product?.snoozed) return;
    fields[`items.${index}.product_id`] = ['validation.product_snoozed'];
    names.add(product.name);
  });
  if (names.size) {
    throw new ServiceError(
      422,
      'product_snoozed',
      'errors.product_snoozed',
      { names: [...names].join(', ') },
      fields,
    );
  }
}

/**
 * Everything placing an order checks and computes before it writes: the restaurant takes orders now,
 * every item is on its menu and in stock, and the amounts and the promise from the server's own prices.
 * An integrator's quote is this without the write (validate, then create).
 */
export async function priceOrder(
  db: Db,
  timeZone: string,
  actor: ActorContext,
  body: OrderCreateBody,
  free?: FreePlacement,
) {
  // The restaurant and the items priced from its menu (the quote reads the basket the same way).
  const { restaurant, byId, lines, itemsAmount } = await menuBasket(db, body);
  // Whether it takes orders now (from the row just read), and the models its promise and its first
  // prediction both read: once each, not once per use.
  const [, models] = await readTogether(db, [
    () => assertTakesOrders(db, restaurant, timeZone),
    () => loadModels(db, [restaurant.id]),
  ]);
  assertInStock(body.items, byId);

  const km =
    restaurant.lat !== null && restaurant.lng !== null
      ? distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, { lat: body.lat, lng: body.lng })
      : null;
  // The fee: the quote the customer was given, or the rules now; on the road distance the promise
  // rides (the travel model's detour factor), refused with the reason (decision 0035).
  // A redelivery goes where the first order went, at no charge: no fee rule (nor its minimum basket).
  const delivery = free
    ? { total: 0, zone_id: free.zone_id, freeze: async () => {} }
    : await deliveryForPlacement(db, actor, {
        quote_id: body.quote_id,
        restaurant,
        lat: body.lat,
        lng: body.lng,
        basket: itemsAmount,
        timeZone,
        detour: models.travel('any').detour_factor,
      });
  const priced = orderAmounts(itemsAmount, restaurant.percentage, delivery.total);
  // The restaurant is credited for the food as for any order; the customer pays nothing.
  const amounts = free ? { ...priced, total: 0 } : priced;
  const promise = await promiseFor(db, restaurant, km, timeZone, new Date(), models);

  return { restaurant, lines, amounts, promise, models, km, delivery };
}

/**
 * An order placed by staff for a customer at no charge (a redelivery, issue 38): the customer's, not
 * the caller's; its items are priced and checked like every order's, its fee and total are zero.
 */
export interface FreePlacement {
  customer_id: number;
  /** The zone the first order was priced in: the redelivery goes to the same door. */
  zone_id: number | null;
}

/**
 * Places a customer's order. Items must be on the restaurant's menu; every amount is computed here
 * from the products' current prices — whatever the client sent is not trusted.
 */
export async function createOrder(
  db: Db,
  { bus, timeZone, hooks }: OrderDeps,
  actor: ActorContext,
  body: OrderCreateBody,
  /** What the caller writes in the placement's own transaction (an integrator's idempotency key). */
  alsoWrite?: (tx: Db, orderId: number) => Promise<void>,
  free?: FreePlacement,
): Promise<Order> {
  const { restaurant, lines, amounts, promise, models, delivery } = await priceOrder(
    db,
    timeZone,
    actor,
    body,
    free,
  );

  const id = await db.transaction(async (tx) => {
    const [order] = await tx
      .insert(orders)
      .values({
        restaurant_id: restaurant.id,
        customer_id: free?.customer_id ?? actor.user_id,
        payment_method: body.payment,
        address: body.address,
        customer_phone: body.phone || null,
        lat: body.lat,
        lng: body.lng,
        note: body.note,
        leave_at_door: body.leave_at_door ?? false,
        zone_id: delivery.zone_id,
        ...amounts,
        ...promise,
      })
      .returning();
    if (!order) throw new Error('order insert returned nothing');
    await tx.insert(orderItems).values(lines.map((l) => ({ ...l, order_id: order.id })));
    await delivery.freeze(tx, order.id);
    await tx.insert(orderStatusHistory).values({
      order_id: order.id,
      from_status: null,
      to_status: 'created',
      actor_id: actor.user_id,
      actor_role: actor.role,
    });
    // Its `created` counter and its day and hour, in one statement.
    await rollupOrderCreated(tx, order.id, timeZone);
    await predictOrders(tx, { timeZone, ids: [order.id], models });
    await hooks?.run(tx, {
      type: 'order.created',
      order,
      previous: null,
      note: { status: 'created' },
      actor,
      at: order.created_at,
    });
    await alsoWrite?.(tx, order.id);
    return order.id;
  });
  const created = await readOrder(db, id);
  await announceOrders(db, bus, [
    { id, type: 'order.created', order: listRowOf(created), previous: null, note: { status: 'created' } },
  ]);
  return created;
}

/**
 * Moves an order along the status machine. The role must be allowed the move, the actor must see the
 * order, and the update is guarded by the status it left (and the version), so the loser of a race
 * gets 409. A driver's or customer's own move is recorded in the status history, staff's in the audit
 * log too.
 */
export function changeStatus(
  db: Db,
  deps: OrderDeps,
  actor: ActorContext,
  id: number,
  body: OrderStatusBody,
): Promise<Order> {
  return changeOrder(
    db,
    deps,
    actor,
    id,
    (order, now) => {
      const from = order.status;
      if (!allowedTransitions(actor.role, from).includes(body.status)) {
        throw new RuleBroken('transition_not_allowed', 'errors.transition_not_allowed', {
          from,
          to: body.status,
        });
      }
      if (body.status === 'in_delivery' && order.driver_id === null) {
        throw new RuleBroken('driver_required', 'errors.driver_required');
      }
      const set: Partial<typeof orders.$inferInsert> = {};
      if (body.status === 'preparing_order') set.driver_request_time = now;
      if (body.status === 'in_delivery' && from === 'ready_for_pickup') set.picked_up_at = now;
      if (body.status === 'delivered') set.delivered_at = now;
      const staff = actor.role !== 'driver' && actor.role !== 'customer';
      // Delivered at the door needs the proof the order was placed with (issue 38): checked and
      // recorded under the move's transaction, so a refusal changes nothing.
      const proving = body.status === 'delivered' && actor.role === 'driver';
      return {
        set,
        status: { to: body.status, reason: body.reason },
        guard: eq(orders.status, from),
        ...(proving ? { before: (tx: Db) => proveDelivery(tx, actor, order, body.proof, now) } : {}),
        audit: staff
          ? {
              action: 'status',
              before: { status: from },
              after: { status: body.status, reason: body.reason },
            }
          : null,
        note: { status: body.status, from },
      };
    },
    {
      version: body.version,
      authorize: (order) => assertInScope(actor, 'orders.status', order.restaurant_id, order.driver_id),
    },
  );
}

const ASSIGNABLE: readonly OrderStatus[] = ['created', 'preparing_order', 'ready_for_pickup'];

/**
 * The driver must be on shift; with `busy: 'refuse'` one who already carries an order is refused too
 * (a dispatcher confirms a second order explicitly).
 */
async function assertAvailableDriver(db: Db, driverId: number, busy: 'allow' | 'refuse' = 'allow') {
  const [row] = await db
    .select({ state: driverState, active: users.is_active, carrying: activeOrders })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.user_id))
    .where(and(eq(drivers.user_id, driverId), eq(users.role, 'driver')));
  if (!row?.active) throw new BadRequest({ driver_id: ['validation.driver_unknown'] });
  if (!ASSIGNABLE_DRIVER_STATES.includes(row.state)) {
    throw new RuleBroken('driver_not_on_shift', 'errors.driver_not_on_shift');
  }
  // A driver who asked to end the shift takes no new orders: cash delivered after the request
  // would otherwise belong to no shift total.
  const [ending] = await db
    .select({ id: endShiftRequests.id })
    .from(endShiftRequests)
    .where(and(eq(endShiftRequests.driver_id, driverId), eq(endShiftRequests.status, 'pending')))
    .limit(1);
  if (ending) throw new RuleBroken('driver_ending_shift', 'errors.driver_ending_shift');
  if (busy === 'refuse' && BUSY_DRIVER_STATES.includes(row.state)) {
    throw new RuleBroken('driver_busy', 'errors.driver_busy', { count: row.carrying });
  }
}

/** Checked under the driver's lock, which ending a shift takes too: one of the two waits. */
const lockedAvailable = (driverId: number, busy: 'allow' | 'refuse') => async (tx: Db) => {
  await lockDriver(tx, driverId);
  await assertAvailableDriver(tx, driverId, busy);
};

/** Dispatchers and admins assign a driver to an order that has not left the restaurant. */
export function assignDriver(
  db: Db,
  deps: OrderDeps,
  actor: ActorContext,
  id: number,
  driverId: number,
  allowBusy = false,
  /** What the audit entry records besides the driver: the reasons of an accepted suggestion. */
  because: Record<string, unknown> = {},
): Promise<Order> {
  return changeOrder(db, deps, actor, id, (order, now) => {
    if (!ASSIGNABLE.includes(order.status))
      throw new RuleBroken('not_assignable', 'errors.order_not_assignable');
    if (order.driver_id === driverId)
      throw new Conflict('already_assigned', 'errors.driver_already_assigned');
    return {
      set: { driver_id: driverId, assigned_at: now },
      guard: inArray(orders.status, [...ASSIGNABLE]),
      before: lockedAvailable(driverId, allowBusy ? 'allow' : 'refuse'),
      // A person took the order over: the automatic mode's open offer of it ends (decision 0024).
      after: async (tx) => {
        await withdrawOffers(tx, id, actor);
      },
      audit: {
        action: 'assign',
        before: { driver_id: order.driver_id },
        after: { driver_id: driverId, ...because },
      },
      note: { driver_id: driverId },
    };
  });
}

/**
 * Takes the driver off an order. Before pick-up anyone who dispatches may; in delivery only an Admin
 * or Dispatcher, with a reason, and the order goes back to ready for pickup.
 */
export function unassignDriver(
  db: Db,
  deps: OrderDeps,
  actor: ActorContext,
  id: number,
  reason: string | null,
): Promise<Order> {
  return changeOrder(db, deps, actor, id, (order) => {
    if (order.driver_id === null) throw new RuleBroken('no_driver', 'errors.order_has_no_driver');
    const inDelivery = isOnTheRoad(order.status);
    if (!ASSIGNABLE.includes(order.status) && !inDelivery)
      throw new RuleBroken('not_assignable', 'errors.order_not_assignable');
    if (inDelivery) {
      if (!UNASSIGN_IN_DELIVERY_ROLES.includes(actor.role)) throw new Forbidden();
      if (!reason) throw new BadRequest({ reason: ['validation.reason_required'] });
    }
    return {
      set: {
        driver_id: null,
        assigned_at: null,
        // Taken off by a person: the automatic mode leaves it to them until they unlock it.
        dispatch_locked: true,
        ...(inDelivery ? { picked_up_at: null } : {}),
      },
      status: inDelivery ? { to: 'ready_for_pickup', reason } : undefined,
      audit: {
        action: 'unassign',
        before: { driver_id: order.driver_id, status: order.status },
        after: { driver_id: null, reason },
      },
      note: { driver_id: null },
    };
  });
}

/**
 * A driver accepts an order assigned or offered to them, or, while the operation's pool is on, one
 * open in the pool (`inPoolOf`). The order assigned to them is answered as it is: accepting twice (a
 * retry after a lost answer) changes nothing. Every refusal changes nothing and carries nothing about
 * the customer; only the answer to an acceptance does. A second driver racing gets 409.
 */
export function acceptOrder(db: Db, deps: OrderDeps, actor: ActorContext, id: number): Promise<Order> {
  return changeOrder(db, deps, actor, id, (order, now) => {
    if (order.driver_id === actor.user_id && isActiveStatus(order.status)) return null;
    let offer: { id: number; driver_id: number; expires_at: Date } | undefined;
    let offered = false;
    const change: OrderChange = {
      set: { driver_id: actor.user_id, assigned_at: now },
      lost: () => new Conflict('order_taken', 'errors.order_taken'),
      before: async (tx) => {
        await lockedAvailable(actor.user_id, 'allow')(tx);
        [offer] = await tx
          .select({
            id: orderOffers.id,
            driver_id: orderOffers.driver_id,
            expires_at: orderOffers.expires_at,
          })
          .from(orderOffers)
          .where(and(eq(orderOffers.order_id, id), eq(orderOffers.status, 'pending')))
          .for('update');
        // Read again under its lock: a driver who lost a race is told it was taken, not that it was never theirs.
        const [held] = await tx
          .select({ driver_id: orders.driver_id })
          .from(orders)
          .where(eq(orders.id, id))
          .for('update');
        offered = offer?.driver_id === actor.user_id && offer.expires_at.getTime() > Date.now();
        if (!offered) await assertInPool(tx, actor.user_id, held?.driver_id ?? null, id, offer);
        change.guard = and(sql`${orders.driver_id} is null`, offered ? undefined : inPoolOf(actor.user_id));
      },
      after: async (tx) => {
        if (offer && offered) {
          await tx
            .update(orderOffers)
            .set({ status: 'accepted', decided_at: new Date() })
            .where(eq(orderOffers.id, offer.id));
          await audit(tx, actor, 'offer_accepted', 'orders', id, null, {
            driver_id: actor.user_id,
            offer_id: offer.id,
          });
        } else {
          await audit(
            tx,
            actor,
            'pool_accepted',
            'orders',
            id,
            { driver_id: null },
            { driver_id: actor.user_id },
          );
        }
      },
      audit: null,
      note: { driver_id: actor.user_id },
    };
    return change;
  });
}

/**
 * Why a driver may not take an order that is neither assigned nor offered to them, most telling
 * first; passes only for an order open to them in the pool.
 */
async function assertInPool(
  tx: Db,
  driverId: number,
  holder: number | null,
  id: number,
  offer: { driver_id: number } | undefined,
) {
  if (holder !== null && holder !== driverId) throw new Conflict('order_taken', 'errors.order_taken');
  if (offer && offer.driver_id !== driverId) throw new Conflict('order_offered', 'errors.order_offered');
  // Their own offer, pending past its time or already expired by a round: it ran out.
  const [expired] = await tx
    .select({ id: orderOffers.id })
    .from(orderOffers)
    .where(
      and(
        eq(orderOffers.order_id, id),
        eq(orderOffers.driver_id, driverId),
        eq(orderOffers.status, 'expired'),
      ),
    )
    .limit(1);
  if (offer || expired) throw new Conflict('offer_expired', 'errors.offer_expired');
  const [open] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, id), inPoolOf(driverId)));
  if (!open) throw new Forbidden('order_not_offered', 'errors.order_not_offered');
}
