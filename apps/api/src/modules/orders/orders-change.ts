import type { Order, OrderChangeNote, OrderStatus } from '@dostava/shared';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers, orderStatusHistory, orders } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Conflict, NotFound } from '../../lib/errors.js';
import { rollupOrderDelivered, rollupOrderStatus } from '../dashboard/rollups.js';
import { predictOrders } from '../eta/eta-predictions.js';
import { isOnTheRoad, ordersAs } from './order-rules.js';
import { announceOrders, listRowOf } from './orders-announce.js';
import type { OrderHooks } from './orders-hooks.js';
import { historyScope, readOrder } from './orders-queries.js';

/** What order writes need besides the database: the bus to announce them, the zone to count them in. */
export interface OrderDeps {
  bus: EventBus;
  timeZone: string;
  /** What other modules do in the same transaction as each write (webhooks' outbox, notifications). */
  hooks?: OrderHooks | undefined;
}

export type OrderRow = typeof orders.$inferSelect;

/**
 * What one command changes of an order: its rule, stated once. The sequence around it (read, version,
 * guarded update, history, counters, drivers' state, audit, prediction, read back, announce) is
 * changeOrder's, the same for every command.
 */
export interface OrderChange {
  /** The columns it writes; the version, and with a status its time, are the kernel's. */
  set: Partial<typeof orders.$inferInsert>;
  /** The status it moves to, if it moves: a history row (with the reason) and the status counters. */
  status?: { to: OrderStatus; reason?: string | null };
  /** A condition the row must still meet at the update, besides its version (a racing writer loses). */
  guard?: SQL;
  /** What losing the race is called (default: 409 conflict). */
  lost?: () => Error;
  /** Under the transaction, before the update: locks, and checks that must see the locked state. */
  before?: (tx: Db) => Promise<void>;
  /** Under the transaction, after the update: what else the rule changes (offers). */
  after?: (tx: Db) => Promise<void>;
  /** The audit entry, or null when the status history is the record (a driver's or customer's move). */
  audit: { action: string; before: unknown; after: unknown } | null;
  /** What the event says of the change besides the order. */
  note: OrderChangeNote;
}

/** The order to change, if the caller reaches it (`historyScope`): out of reach is not found. */
async function findForChange(db: Db, actor: ActorContext, id: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), historyScope(actor)));
  if (!order) throw new NotFound();
  return order;
}

const o = ordersAs('o');

/** Keeps a driver's shift state in step with their orders: delivering while one is on the road. */
async function syncDriverState(tx: Db, driverId: number) {
  await tx.execute(sql`
    update ${drivers} set shift_state = case
        when exists (select 1 from "orders" o where ${o.driver_id} = ${driverId} and ${isOnTheRoad(o)}) then 'delivering'::shift_state
        when ${drivers.shift_state} = 'delivering' then 'available'::shift_state
        else ${drivers.shift_state} end,
      updated_at = now()
    where ${drivers.user_id} = ${driverId}`);
}

/**
 * Every write to an order goes through here (issue 35): read the order the caller reaches → check the
 * version the caller saw → the command's rule (`decide`, which throws a refusal or says what changes;
 * null: nothing to change, the order is answered as it is) → one transaction { the rule's locks and
 * checks, the UPDATE guarded by the version read (the loser of a race gets 409), the status history,
 * the status counters, the state of every driver the order had or has, the rule's other writes, the
 * audit entry, a new prediction } → read back → announce the order and its drivers.
 */
export async function changeOrder(
  db: Db,
  { bus, timeZone, hooks }: OrderDeps,
  actor: ActorContext,
  id: number,
  decide: (order: OrderRow, now: Date) => OrderChange | null | Promise<OrderChange | null>,
  options: {
    /** The version the caller saw; a stale one is refused with 409 instead of overwriting. */
    version?: number | undefined;
    /** Whether the caller may act on this order at all: refused before its version is compared. */
    authorize?: (order: OrderRow) => void;
  } = {},
): Promise<Order> {
  const order = await findForChange(db, actor, id);
  options.authorize?.(order);
  if (options.version !== undefined && options.version !== order.version) throw new Conflict();
  const now = new Date();
  const change = await decide(order, now);
  if (!change) return readOrder(db, id);
  const to = change.status?.to;
  const driverAfter = change.set.driver_id === undefined ? order.driver_id : change.set.driver_id;
  // The drivers whose orders moved: the one it had and the one it has, when its status or driver moved.
  const touched =
    to || driverAfter !== order.driver_id ? new Set([order.driver_id, driverAfter]) : new Set<null>();
  await db.transaction(async (tx) => {
    await change.before?.(tx);
    const written = await tx
      .update(orders)
      .set({
        ...(to ? { status: to, status_changed_at: now } : {}),
        ...change.set,
        version: sql`${orders.version} + 1`,
      })
      .where(and(eq(orders.id, id), eq(orders.version, order.version), change.guard))
      .returning();
    const [row] = written;
    if (!row) throw change.lost?.() ?? new Conflict();
    if (to) {
      await tx.insert(orderStatusHistory).values({
        order_id: id,
        from_status: order.status,
        to_status: to,
        actor_id: actor.user_id,
        actor_role: actor.role,
        reason: change.status?.reason ?? null,
      });
      await rollupOrderStatus(tx, order.restaurant_id, order.status, to);
      if (to === 'delivered') await rollupOrderDelivered(tx, id, timeZone);
    }
    for (const driverId of touched) if (driverId !== null) await syncDriverState(tx, driverId);
    await change.after?.(tx);
    if (change.audit)
      await audit(tx, actor, change.audit.action, 'orders', id, change.audit.before, change.audit.after);
    const predicted = await predictOrders(tx, { timeZone, ids: [id] });
    // The hooks see the order as this change leaves it, its new prediction included: an ETA the command
    // itself moved (a kitchen's or an integrator's accept) is announced like one the periodic pass moved.
    const [after] = predicted.length ? await tx.select().from(orders).where(eq(orders.id, id)) : [row];
    await hooks?.run(tx, {
      type: 'order.changed',
      order: after ?? row,
      previous: order,
      note: change.note,
      actor,
      at: now,
    });
  });
  const changed = await readOrder(db, id);
  await announceOrders(
    db,
    bus,
    [{ id, order: listRowOf(changed), previous: order, note: change.note }],
    [...touched],
  );
  return changed;
}
