import { randomUUID } from 'node:crypto';
import type { OrderStatus, WebhookEventType, WebhookOrderData } from '@dostava/shared';
import { and, desc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  orderStatusHistory,
  orders,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import type { OrderHook, OrderWrite } from '../orders/orders-hooks.js';

/**
 * The outbox (issue 40). An event is written in the transaction of the change it announces, with one
 * delivery per endpoint that subscribes to its type: it commits or rolls back with the change, so it
 * can never be lost nor announce what did not happen. Workers send it later (webhooks-sender.ts).
 */

export const newEventId = () => `msg_${randomUUID().replaceAll('-', '')}`;

export interface RecordOptions {
  /** The order the event is about: it gets the order's next sequence number. */
  orderId?: number;
  /** Only these endpoints (a test event), whatever they subscribe to. */
  endpointIds?: number[];
}

/**
 * Records an event for every active endpoint subscribed to `type`, inside `tx` (the caller's own
 * transaction). Other modules call it for theirs (incidents, refunds, settlements). Returns the event
 * id, or null when no endpoint wants it (nothing is written then).
 */
export async function recordWebhookEvent(
  tx: Db,
  type: WebhookEventType,
  data: Record<string, unknown>,
  options: RecordOptions = {},
): Promise<string | null> {
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      options.endpointIds
        ? inArray(webhookEndpoints.id, options.endpointIds)
        : and(
            // An endpoint the workers disabled (410, days of failures) keeps its events: they go when
            // an Admin enables it again. One an Admin switched off gets none.
            or(eq(webhookEndpoints.is_active, true), isNotNull(webhookEndpoints.disabled_reason)),
            sql`${type} = any(${webhookEndpoints.event_types})`,
          ),
    );
  if (!endpoints.length) return null;
  const id = newEventId();
  let sequence: number | null = null;
  if (options.orderId !== undefined) {
    // Under the order's row lock (the kernel's update, or the insert of a new order): one writer at a time.
    const [row] = await rowsOf<{ next: number }>(
      tx,
      sql`select coalesce(max(${webhookEvents.sequence}), 0)::int + 1 as next from ${webhookEvents} where ${webhookEvents.order_id} = ${options.orderId}`,
    );
    sequence = row?.next ?? 1;
  }
  await tx.insert(webhookEvents).values({
    id,
    type,
    data: sequence === null ? data : { ...data, sequence },
    order_id: options.orderId ?? null,
    sequence,
  });
  await tx.insert(webhookDeliveries).values(endpoints.map((e) => ({ endpoint_id: e.id, event_id: id })));
  return id;
}

type OrderRow = OrderWrite['order'];

const STATUS_EVENTS: Partial<Record<OrderStatus, WebhookEventType>> = {
  preparing_order: 'order.accepted',
  ready_for_pickup: 'order.ready',
  in_delivery: 'order.picked_up',
  delivered: 'order.delivered',
  cancelled: 'order.cancelled',
  declined: 'order.cancelled',
  returned: 'order.cancelled',
};

function orderData(
  order: OrderRow,
  previous: OrderRow | null,
  reason: string | null,
): Omit<WebhookOrderData, 'sequence'> {
  return {
    order_id: order.id,
    restaurant_id: order.restaurant_id,
    status: order.status,
    previous_status: previous?.status ?? null,
    driver_id: order.driver_id,
    total: order.total,
    delivery_costs: order.delivery_costs,
    payment_method: order.payment_method,
    promised_at: order.predicted_delivery_at?.toISOString() ?? order.promised_at?.toISOString() ?? null,
    reason,
  };
}

/** At most one ETA event per order per 30 s: true when this one may go (and marks it). */
async function etaMayGo(tx: Db, orderId: number): Promise<boolean> {
  const rows = await rowsOf<{ order_id: number }>(
    tx,
    sql`insert into webhook_eta_marks (order_id, last_at) values (${orderId}, now())
        on conflict (order_id) do update set last_at = now()
        where webhook_eta_marks.last_at <= now() - interval '30 seconds'
        returning order_id`,
  );
  return rows.length > 0;
}

/** The events one order write announces, in the order they happened. */
export async function orderEvents(tx: Db, write: OrderWrite): Promise<void> {
  const { order, previous } = write;
  const types: WebhookEventType[] = [];
  if (write.type === 'order.created' || !previous) types.push('order.created');
  else {
    if (previous.driver_id !== null && previous.driver_id !== order.driver_id)
      types.push('order.driver_unassigned');
    if (order.driver_id !== null && previous.driver_id !== order.driver_id)
      types.push('order.driver_assigned');
    if (previous.status !== order.status) {
      const type = STATUS_EVENTS[order.status];
      if (type) types.push(type);
    }
    const eta = (o: OrderRow) => o.predicted_delivery_at?.getTime() ?? null;
    // Also beside a status move that shifted it: a receiver may subscribe to ETA changes alone.
    if (eta(previous) !== eta(order) && (await etaMayGo(tx, order.id))) types.push('order.eta_changed');
  }
  // The reason of a status move is in the history row the kernel just wrote.
  let reason: string | null = null;
  if (previous && previous.status !== order.status) {
    const [last] = await tx
      .select({ reason: orderStatusHistory.reason })
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.order_id, order.id))
      .orderBy(desc(orderStatusHistory.id))
      .limit(1);
    reason = last?.reason ?? null;
  }
  for (const type of types) {
    const data = orderData(order, previous, reason);
    // An unassignment names the driver taken off.
    if (type === 'order.driver_unassigned') data.driver_id = previous?.driver_id ?? null;
    await recordWebhookEvent(tx, type, data, { orderId: order.id });
  }
}

/**
 * The periodic ETA pass (eta-refresh.ts) moves predictions outside any command: each order it moved
 * gets an `order.eta_changed` event, at most one per 30 s per order, in the pass's own transaction.
 * Nothing is read when no endpoint subscribes to the type.
 */
export async function recordEtaChanges(tx: Db, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const [wanted] = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        or(eq(webhookEndpoints.is_active, true), isNotNull(webhookEndpoints.disabled_reason)),
        sql`'order.eta_changed' = any(${webhookEndpoints.event_types})`,
      ),
    )
    .limit(1);
  if (!wanted) return;
  const rows = await tx.select().from(orders).where(inArray(orders.id, ids));
  for (const order of rows) {
    if (await etaMayGo(tx, order.id))
      await recordWebhookEvent(tx, 'order.eta_changed', orderData(order, order, null), { orderId: order.id });
  }
}

export const webhookOrderHook: OrderHook = (tx, write) => orderEvents(tx, write);
