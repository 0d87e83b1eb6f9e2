import { createHash } from 'node:crypto';
import type {
  CapacityBody,
  IntegrationOrderBody,
  IntegrationStatusBody,
  Order,
  OrderQuote,
  ProductBody,
  ProductPatchBody,
  SnoozeBody,
} from '@dostava/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { integrationOrders, orders } from '../../db/schema/index.js';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs.js';
import type { OrderDeps } from '../orders/orders-change.js';
import { changeStatus, createOrder, priceOrder } from '../orders/orders-commands.js';
import { readOrder } from '../orders/orders-queries.js';
import { createProduct, findProduct, updateProduct } from '../products/products-service.js';
import { snoozeProduct, unsnoozeProduct } from '../products/products-snooze.js';
import { setCapacity } from '../restaurants/restaurants-capacity.js';
import { actorFor, customerActor, type IntegrationCaller } from './integrations-auth.js';

/**
 * What an integrator does with a key (issue 40): each call goes through the back office's own command
 * (placement, the order kernel's status move, the product service, snooze, busy and pause), as the
 * integrator's account in the role whose rules apply, confined to the restaurant concerned.
 */

export interface InboundDeps extends OrderDeps {
  db: Db;
  jobs: JobQueue;
}

/** Validate, then create: what the order would cost now, computed as placement would; nothing is written. */
export async function quoteOrder(
  deps: InboundDeps,
  caller: IntegrationCaller,
  body: IntegrationOrderBody,
): Promise<OrderQuote> {
  const actor = customerActor(caller, body.restaurant_id);
  const { restaurant, lines, amounts, km } = await priceOrder(deps.db, deps.timeZone, actor, body);
  return {
    restaurant_id: restaurant.id,
    items: lines,
    items_amount: amounts.restaurant_amount,
    delivery_costs: amounts.delivery_costs,
    total: amounts.total,
    distance_km: km === null ? null : Math.round(km * 100) / 100,
  };
}

const requestHash = (body: IntegrationOrderBody) =>
  createHash('sha256').update(JSON.stringify(body)).digest('hex');

async function placed(db: Db, integratorId: number, key: string) {
  const [row] = await db
    .select()
    .from(integrationOrders)
    .where(
      and(eq(integrationOrders.integrator_id, integratorId), eq(integrationOrders.idempotency_key, key)),
    );
  return row;
}

const keyReused = () => new Conflict('idempotency_key_reused', 'integrations.errors.idempotency_key_reused');

/**
 * Places the order once per `Idempotency-Key`: the key's row is written in the placement's own
 * transaction, so of two requests racing with one key only one commits (the other's insert waits on
 * the primary key, then fails and its order rolls back) and answers the order the first one placed.
 * The same key with a different body is a 409, never a second order.
 */
export async function createIntegrationOrder(
  deps: InboundDeps,
  caller: IntegrationCaller,
  idempotencyKey: string,
  body: IntegrationOrderBody,
): Promise<{ order: Order; replayed: boolean }> {
  const actor = customerActor(caller, body.restaurant_id);
  const hash = requestHash(body);
  const replay = async () => {
    const row = await placed(deps.db, caller.integrator_id, idempotencyKey);
    if (!row) return undefined;
    if (row.request_hash !== hash) throw keyReused();
    return { order: await readOrder(deps.db, row.order_id), replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  try {
    const order = await createOrder(deps.db, deps, actor, body, async (tx, orderId) => {
      await tx.insert(integrationOrders).values({
        integrator_id: caller.integrator_id,
        idempotency_key: idempotencyKey,
        request_hash: hash,
        order_id: orderId,
        key_id: caller.key_id,
        external_id: body.external_id ?? null,
        customer_name: body.customer_name ?? null,
      });
    });
    return { order, replayed: false };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const winner = await replay();
    if (!winner) throw error;
    return winner;
  }
}

/** The restaurant of an order, or 404 when the key does not reach it. */
async function restaurantOfOrder(db: Db, caller: IntegrationCaller, id: number): Promise<number> {
  const [row] = await db
    .select({ restaurant_id: orders.restaurant_id })
    .from(orders)
    .where(eq(orders.id, id));
  if (!row || !caller.restaurant_ids.includes(row.restaurant_id)) throw new NotFound();
  return row.restaurant_id;
}

export async function getIntegrationOrder(db: Db, caller: IntegrationCaller, id: number): Promise<Order> {
  await restaurantOfOrder(db, caller, id);
  return readOrder(db, id);
}

/** Accept, ready, cancel: the kitchen's moves, through the order kernel under the kitchen's rules. */
export async function moveOrder(
  deps: InboundDeps,
  caller: IntegrationCaller,
  id: number,
  body: IntegrationStatusBody,
): Promise<Order> {
  const restaurantId = await restaurantOfOrder(deps.db, caller, id);
  const actor = actorFor(caller, restaurantId, 'restaurant_employee');
  return changeStatus(deps.db, deps, actor, id, body);
}

export async function addProduct(
  deps: InboundDeps,
  caller: IntegrationCaller,
  restaurantId: number,
  body: ProductBody,
) {
  return createProduct(deps.db, actorFor(caller, restaurantId, 'restaurant_manager'), restaurantId, body);
}

/** The product if the key reaches its restaurant; otherwise not found. */
async function reachableProduct(db: Db, caller: IntegrationCaller, id: number) {
  const product = await findProduct(db, id);
  if (!caller.restaurant_ids.includes(product.restaurant_id)) throw new NotFound();
  return product;
}

export async function changeProduct(
  deps: InboundDeps,
  caller: IntegrationCaller,
  id: number,
  patch: ProductPatchBody,
) {
  const product = await reachableProduct(deps.db, caller, id);
  return updateProduct(deps.db, actorFor(caller, product.restaurant_id, 'restaurant_manager'), id, patch);
}

export async function snooze(deps: InboundDeps, caller: IntegrationCaller, id: number, body: SnoozeBody) {
  const product = await reachableProduct(deps.db, caller, id);
  return snoozeProduct(deps, actorFor(caller, product.restaurant_id, 'restaurant_employee'), id, body);
}

export async function unsnooze(deps: InboundDeps, caller: IntegrationCaller, id: number) {
  const product = await reachableProduct(deps.db, caller, id);
  return unsnoozeProduct(deps, actorFor(caller, product.restaurant_id, 'restaurant_employee'), id);
}

export async function capacity(
  deps: InboundDeps,
  caller: IntegrationCaller,
  restaurantId: number,
  body: CapacityBody,
) {
  return setCapacity(deps, actorFor(caller, restaurantId, 'restaurant_employee'), restaurantId, body);
}
