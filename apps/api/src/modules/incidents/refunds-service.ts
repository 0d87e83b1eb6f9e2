import { createHash } from 'node:crypto';
import {
  can,
  IDEMPOTENCY_KEY,
  type OrderRefunds,
  type Refund,
  type refundBody,
  type refundListQuery,
} from '@dostava/shared';
import { type AnyColumn, and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  incidents,
  orderItemRefunds,
  orderItems,
  orderRefundTotals,
  orders,
  type RefundLine,
  redeliveries,
  refunds,
  restaurants,
  settlements,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import {
  BadRequest,
  Conflict,
  isCheckViolation,
  isUniqueViolation,
  NotFound,
  RuleBroken,
} from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import { recordWebhookEvent } from '../webhooks/webhooks-outbox.js';
import { checkLines, orderInReach, readSettings, splitOf } from './incidents-service.js';

type Body = z.output<typeof refundBody>;
type ListQuery = z.output<typeof refundListQuery>;

const requester = alias(users, 'requester');
const approver = alias(users, 'approver');
const columns = {
  refund: refunds,
  order_number: orders.order_number,
  delivered_at: orders.delivered_at,
  restaurant_name: restaurants.name,
  requester_first_name: requester.first_name,
  requester_last_name: requester.last_name,
  approver_first_name: approver.first_name,
  approver_last_name: approver.last_name,
  settlement_from: settlements.period_from,
  settlement_to: settlements.period_to,
};
const selectRefunds = (db: Db) =>
  db
    .select(columns)
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.order_id))
    .innerJoin(restaurants, eq(restaurants.id, refunds.restaurant_id))
    .leftJoin(requester, eq(requester.id, refunds.requested_by))
    .leftJoin(approver, eq(approver.id, refunds.approved_by))
    .leftJoin(settlements, eq(settlements.id, refunds.settlement_id));
type Row = Awaited<ReturnType<typeof selectRefunds>>[number];

const person = (id: number | null, first: string | null, last: string | null) =>
  id !== null ? { id, name: `${first ?? ''} ${last ?? ''}`.trim() } : null;

const toRefund = ({ refund: r, ...j }: Row): Refund => ({
  id: r.id,
  order: {
    id: r.order_id,
    order_number: j.order_number,
    delivered_at: j.delivered_at?.toISOString() ?? null,
  },
  restaurant: { id: r.restaurant_id, name: j.restaurant_name },
  incident_id: r.incident_id,
  status: r.status,
  amount: r.amount,
  items_amount: r.items_amount,
  delivery_amount: r.delivery_amount,
  fixed_amount: r.fixed_amount,
  lines: r.lines,
  liable: r.liable,
  split: { restaurant: r.restaurant_share, operation: r.operation_share, driver: r.driver_share },
  payment_method: r.payment_method,
  payment_reference: r.payment_reference,
  cash_return: r.cash_return,
  reason: r.reason,
  requested_by: person(r.requested_by, j.requester_first_name, j.requester_last_name),
  approved_by: person(r.approved_by, j.approver_first_name, j.approver_last_name),
  approved_at: r.approved_at?.toISOString() ?? null,
  rejected_reason: r.rejected_reason,
  settlement:
    r.settlement_id !== null && j.settlement_from && j.settlement_to
      ? { id: r.settlement_id, from: j.settlement_from, to: j.settlement_to }
      : null,
  created_at: r.created_at.toISOString(),
});

export async function readRefund(db: Db, id: number): Promise<Refund> {
  const [row] = await selectRefunds(db).where(eq(refunds.id, id));
  if (!row) throw new NotFound();
  return toRefund(row);
}

export async function listRefunds(db: Db, query: ListQuery) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(refunds.status, query.status));
  if (query.restaurant_id !== undefined) filters.push(eq(refunds.restaurant_id, query.restaurant_id));
  if (query.liable) filters.push(eq(refunds.liable, query.liable));
  if (query.settlement_id !== undefined) filters.push(eq(refunds.settlement_id, query.settlement_id));
  if (query.cash_return) filters.push(eq(refunds.cash_return, query.cash_return));
  const where = filters.length ? and(...filters) : undefined;
  const column = query.sort.replace(/^-/, '') === 'amount' ? refunds.amount : refunds.created_at;
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectRefunds(db)
        .where(where)
        .orderBy(direction(column), direction(refunds.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(refunds).where(where),
  ]);
  return {
    data: rows.map(toRefund),
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) },
  };
}

/** What was paid, refunded and left on an order, line by line, with its refunds. */
export async function orderRefunds(db: Db, actor: ActorContext, orderId: number): Promise<OrderRefunds> {
  const order = await orderInReach(db, actor, orderId);
  const [lines, [totals], list, settings] = await readTogether(db, [
    () =>
      db
        .select({
          order_item_id: orderItems.id,
          name: orderItems.name,
          unit_price: orderItems.unit_price,
          quantity: orderItems.quantity,
          refunded_quantity: sql<number>`coalesce(${orderItemRefunds.refunded}, 0)::int`,
        })
        .from(orderItems)
        .leftJoin(orderItemRefunds, eq(orderItemRefunds.order_item_id, orderItems.id))
        .where(eq(orderItems.order_id, order.id))
        .orderBy(asc(orderItems.id)),
    () => db.select().from(orderRefundTotals).where(eq(orderRefundTotals.order_id, order.id)),
    () => selectRefunds(db).where(eq(refunds.order_id, order.id)).orderBy(asc(refunds.id)),
    () => readSettings(db),
  ]);
  const refunded = Number(totals?.refunded ?? 0);
  return {
    paid: order.total,
    refunded,
    remaining: order.total - refunded,
    delivery_costs: order.delivery_costs,
    delivery_refunded: Number(totals?.delivery_refunded ?? 0),
    payment_method: order.payment_method,
    lines: lines.map((l) => ({ ...l, refunded_quantity: Number(l.refunded_quantity) })),
    refunds: list.map(toRefund),
    approval_threshold: settings.refund_approval_threshold,
    driver_deductions_allowed: settings.driver_deductions_allowed,
  };
}

/** The Idempotency-Key header, checked: required, 8–100 letters, digits, '-' or '_'. */
export function idempotencyKey(header: string | string[] | undefined): string {
  const key = Array.isArray(header) ? header[0] : header;
  if (!key) throw new BadRequest({ idempotency_key: ['validation.required'] });
  if (!IDEMPOTENCY_KEY.test(key))
    throw new BadRequest({ idempotency_key: ['incidents.validation.idempotency_key'] });
  return key;
}

/** A refund asked for before with this key: the same request gets it back, another one is refused. */
async function replayed(db: Db, actor: ActorContext, key: string, hash: string) {
  const [earlier] = await db
    .select({ id: refunds.id, request_hash: refunds.request_hash })
    .from(refunds)
    .where(and(eq(refunds.requested_by, actor.user_id), eq(refunds.idempotency_key, key)));
  if (!earlier) return null;
  if (earlier.request_hash !== hash)
    throw new RuleBroken('idempotency_key_reused', 'incidents.errors.idempotency_key_reused');
  return readRefund(db, earlier.id);
}

const exceeds = (remaining: number) =>
  new RuleBroken('refund_exceeds', 'incidents.errors.refund_exceeds', {
    remaining: (remaining / 100).toFixed(2),
  });

/**
 * A partial refund. Every refund of an order (approved or waiting for approval) adds to its totals
 * row, whose CHECKs cap them at what was paid: concurrent refunds queue on that row's lock and the
 * database refuses the one that would pass it, whatever this code checked before (decision 0036).
 */
export async function createRefund(
  db: Db,
  actor: ActorContext,
  orderId: number,
  body: Body,
  key: string,
): Promise<{ refund: Refund; created: boolean }> {
  const hash = createHash('sha256').update(JSON.stringify({ orderId, body })).digest('hex');
  const earlier = await replayed(db, actor, key, hash);
  if (earlier) return { refund: earlier, created: false };
  const order = await orderInReach(db, actor, orderId);
  if (order.status !== 'delivered')
    throw new RuleBroken('order_not_delivered', 'incidents.errors.order_not_delivered');
  const items = await checkLines(db, order.id, body.lines);
  if (body.incident_id !== undefined) {
    const [incident] = await db
      .select({ order_id: incidents.order_id })
      .from(incidents)
      .where(eq(incidents.id, body.incident_id));
    if (incident?.order_id !== order.id)
      throw new BadRequest({ incident_id: ['incidents.validation.incident_other_order'] });
  }
  const errors: Record<string, string[]> = {};
  if (order.payment_method === 'card' && !body.payment_reference)
    errors.payment_reference = ['validation.required'];
  if (order.payment_method === 'cash' && !body.cash_return) errors.cash_return = ['validation.required'];
  if (Object.keys(errors).length) throw new BadRequest(errors);
  if (body.cash_return === 'at_door' && order.driver_id === null)
    throw new RuleBroken('no_driver', 'incidents.errors.no_driver');
  const settings = await readSettings(db);
  const lines: RefundLine[] = body.lines.map((l) => {
    const item = items.get(l.order_item_id);
    if (!item) throw new Error('line checked above');
    return {
      order_item_id: item.id,
      name: item.name,
      quantity: l.quantity,
      amount: item.unit_price * l.quantity,
    };
  });
  const itemsAmount = lines.reduce((sum, l) => sum + l.amount, 0);

  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      await tx
        .insert(orderRefundTotals)
        .values({ order_id: order.id, paid: order.total, delivery_paid: order.delivery_costs })
        .onConflictDoNothing();
      // The order's refunds queue here: what is left is read under this lock.
      const [totals] = await tx
        .select()
        .from(orderRefundTotals)
        .where(eq(orderRefundTotals.order_id, order.id))
        .for('update');
      if (!totals) throw new Error('refund totals missing');
      const deliveryAmount = body.delivery_fee ? totals.delivery_paid - totals.delivery_refunded : 0;
      if (body.delivery_fee && deliveryAmount === 0)
        throw new RuleBroken('delivery_refunded', 'incidents.errors.delivery_refunded');
      const amount = itemsAmount + deliveryAmount + body.fixed_amount;
      const remaining = totals.paid - totals.refunded;
      if (amount > remaining) throw exceeds(remaining);
      const split = splitOf(body, amount, settings.driver_deductions_allowed, order.driver_id);
      if (lines.length) {
        const held = await tx
          .select()
          .from(orderItemRefunds)
          .where(
            inArray(
              orderItemRefunds.order_item_id,
              lines.map((l) => l.order_item_id),
            ),
          );
        const refundedOf = new Map(held.map((h) => [h.order_item_id, h.refunded]));
        const over: Record<string, string[]> = {};
        for (const [i, line] of lines.entries()) {
          const left =
            (items.get(line.order_item_id)?.quantity ?? 0) - (refundedOf.get(line.order_item_id) ?? 0);
          if (line.quantity > left)
            over[`lines.${i}.quantity`] = [`incidents.validation.quantity_left|${JSON.stringify({ left })}`];
        }
        if (Object.keys(over).length) throw new BadRequest(over);
      }
      for (const line of lines) {
        // The line's CHECK is the database's own cap on the quantity, behind the check above.
        await tx
          .insert(orderItemRefunds)
          .values({
            order_item_id: line.order_item_id,
            ordered: items.get(line.order_item_id)?.quantity ?? 0,
            refunded: line.quantity,
          })
          .onConflictDoUpdate({
            target: orderItemRefunds.order_item_id,
            set: { refunded: sql`${orderItemRefunds.refunded} + ${line.quantity}` },
          })
          .catch((error: unknown) => {
            if (isCheckViolation(error, 'order_item_refunds_cap'))
              throw new BadRequest({ lines: ['incidents.validation.quantity_left|{"left":0}'] });
            throw error;
          });
      }
      await tx
        .update(orderRefundTotals)
        .set({
          refunded: sql`${orderRefundTotals.refunded} + ${amount}`,
          delivery_refunded: sql`${orderRefundTotals.delivery_refunded} + ${deliveryAmount}`,
        })
        .where(eq(orderRefundTotals.order_id, order.id))
        .catch((error: unknown) => {
          if (isCheckViolation(error)) throw exceeds(remaining);
          throw error;
        });
      const approved = amount <= settings.refund_approval_threshold || can(actor, 'refunds.approve');
      const now = new Date();
      const [row] = await tx
        .insert(refunds)
        .values({
          order_id: order.id,
          restaurant_id: order.restaurant_id,
          incident_id: body.incident_id ?? null,
          status: approved ? 'approved' : 'pending_approval',
          amount,
          items_amount: itemsAmount,
          delivery_amount: deliveryAmount,
          fixed_amount: body.fixed_amount,
          lines,
          liable: body.liable,
          restaurant_share: split.restaurant,
          operation_share: split.operation,
          driver_share: split.driver,
          driver_id: split.driver > 0 || body.cash_return === 'at_door' ? order.driver_id : null,
          payment_method: order.payment_method,
          payment_reference: order.payment_method === 'card' ? (body.payment_reference ?? null) : null,
          cash_return: order.payment_method === 'cash' ? (body.cash_return ?? null) : null,
          reason: body.reason,
          idempotency_key: key,
          request_hash: hash,
          requested_by: actor.user_id,
          approved_by: approved ? actor.user_id : null,
          approved_at: approved ? now : null,
        })
        .returning();
      if (!row) throw new Error('refund insert returned nothing');
      await audit(tx, actor, 'create', 'refunds', row.id, null, row);
      if (row.status === 'approved') await announceRefund(tx, row);
      return row.id;
    });
  } catch (error) {
    // The same key raced in twice (a double click): the first one's refund is the answer.
    if (isUniqueViolation(error, 'refunds_idempotency_unique')) {
      const first = await replayed(db, actor, key, hash);
      if (first) return { refund: first, created: false };
    }
    throw error;
  }
  return { refund: await readRefund(db, id), created: true };
}

async function refundOrConflict(tx: Db, id: number): Promise<never> {
  const [exists] = await tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, id));
  if (!exists) throw new NotFound();
  throw new Conflict('refund_handled', 'incidents.errors.refund_handled');
}

/** Tells integrators (issue 40) of a refund booked, in the transaction that booked it. */
function announceRefund(tx: Db, row: typeof refunds.$inferSelect) {
  return recordWebhookEvent(
    tx,
    'order.refunded',
    {
      order_id: row.order_id,
      refund_id: row.id,
      restaurant_id: row.restaurant_id,
      amount: row.amount,
      restaurant_share: row.restaurant_share,
      payment_method: row.payment_method,
      payment_reference: row.payment_reference ?? null,
    },
    { orderId: row.order_id },
  );
}

/** Admin or App Manager approves a waiting refund: it is booked now (settlements count it from here). */
export async function approveRefund(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'approved', approved_by: actor.user_id, approved_at: new Date() })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending_approval')))
      .returning();
    if (!done) return refundOrConflict(tx, id);
    await announceRefund(tx, done);
    await audit(tx, actor, 'approve', 'refunds', id, { status: 'pending_approval' }, { status: 'approved' });
  });
  return readRefund(db, id);
}

/** A rejected refund frees what it held: the order's totals and its lines' quantities go back. */
export async function rejectRefund(db: Db, actor: ActorContext, id: number, reason: string) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(refunds)
      .set({ status: 'rejected', rejected_reason: reason })
      .where(and(eq(refunds.id, id), eq(refunds.status, 'pending_approval')))
      .returning();
    if (!done) return refundOrConflict(tx, id);
    await tx
      .update(orderRefundTotals)
      .set({
        refunded: sql`${orderRefundTotals.refunded} - ${done.amount}`,
        delivery_refunded: sql`${orderRefundTotals.delivery_refunded} - ${done.delivery_amount}`,
      })
      .where(eq(orderRefundTotals.order_id, done.order_id));
    for (const line of done.lines)
      await tx
        .update(orderItemRefunds)
        .set({ refunded: sql`${orderItemRefunds.refunded} - ${line.quantity}` })
        .where(eq(orderItemRefunds.order_item_id, line.order_item_id));
    await audit(
      tx,
      actor,
      'reject',
      'refunds',
      id,
      { status: 'pending_approval' },
      { status: 'rejected', reason },
    );
  });
  return readRefund(db, id);
}

/**
 * The order `orderId` names was delivered before the end of the settlement period ending `to` (the
 * operation's calendar day), and, when `status` is given, is still in it.
 */
const deliveredBy = (orderId: AnyColumn, to: string, timeZone: string, status?: 'delivered') =>
  sql`exists (select 1 from "orders" o where o."id" = ${orderId}
    ${status ? sql`and o."status" = ${status}` : sql``}
    and o."delivered_at" < (${to}::date + 1)::timestamp at time zone ${timeZone})`;

/**
 * A settlement takes the approved refunds of its restaurant whose order was delivered before its period
 * ended and that no earlier settlement listed: one UPDATE marks them, so a refund lands in exactly one
 * settlement. A refund approved after a period was settled (its settlement is never changed) lands in
 * the next one, which says it belongs to an order of an earlier period. Returns what they charge the
 * restaurant.
 */
export async function claimRefunds(
  tx: Db,
  settlementId: number,
  restaurantId: number,
  to: string,
  timeZone: string,
): Promise<number> {
  const claimed = await tx
    .update(refunds)
    .set({ settlement_id: settlementId })
    .where(
      and(
        eq(refunds.restaurant_id, restaurantId),
        eq(refunds.status, 'approved'),
        isNull(refunds.settlement_id),
        deliveredBy(refunds.order_id, to, timeZone),
      ),
    )
    .returning({ share: refunds.restaurant_share });
  return claimed.reduce((sum, r) => sum + r.share, 0);
}

/**
 * The same for redeliveries (decision 0036): a settlement takes those of its restaurant whose new order
 * was delivered before its period ended and that no settlement lists yet. Returns what they charge the
 * restaurant (the new order itself is among the period's orders, credited like every order).
 */
export async function claimRedeliveries(
  tx: Db,
  settlementId: number,
  restaurantId: number,
  to: string,
  timeZone: string,
): Promise<number> {
  const claimed = await tx
    .update(redeliveries)
    .set({ settlement_id: settlementId })
    .where(
      and(
        eq(redeliveries.restaurant_id, restaurantId),
        isNull(redeliveries.settlement_id),
        deliveredBy(redeliveries.redelivery_order_id, to, timeZone, 'delivered'),
      ),
    )
    .returning({ share: redeliveries.restaurant_share });
  return claimed.reduce((sum, r) => sum + r.share, 0);
}

/**
 * What the driver keeps of a cash order: its total less the cash refunded at the door (approved).
 * The cash register's shift totals sum this instead of the order's total.
 */
export const cashKept = sql<number>`(${orders.total} - coalesce((select sum(r."amount") from "refunds" r
  where r."order_id" = ${orders.id} and r."cash_return" = 'at_door' and r."status" = 'approved'), 0))`;
