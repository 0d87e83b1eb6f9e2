import type { EndShiftRequest, endShiftListQuery } from '@dostava/shared';
import { and, asc, desc, eq, gte, isNull, lt, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { drivers, endShiftRequests, orders, shifts, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Conflict, isUniqueViolation, NotFound, RuleBroken } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import { lockDriver } from '../drivers/drivers-service.js';
import { cashKept } from '../incidents/refunds-service.js';
import { isActive } from '../orders/order-rules.js';

type ListQuery = z.output<typeof endShiftListQuery>;

const driver = alias(users, 'driver');
const handler = alias(users, 'handler');
const columns = {
  id: endShiftRequests.id,
  number: endShiftRequests.number,
  driver_id: driver.id,
  driver_first_name: driver.first_name,
  driver_last_name: driver.last_name,
  shift_id: shifts.id,
  shift_started_at: shifts.started_at,
  shift_ended_at: shifts.ended_at,
  shift_total: endShiftRequests.shift_total,
  declared_amount: endShiftRequests.declared_amount,
  orders_count: endShiftRequests.orders_count,
  status: endShiftRequests.status,
  reason: endShiftRequests.reason,
  handler_id: handler.id,
  handler_first_name: handler.first_name,
  handler_last_name: handler.last_name,
  handled_at: endShiftRequests.handled_at,
  created_at: endShiftRequests.created_at,
};
const selectRequests = (db: Db) =>
  db
    .select(columns)
    .from(endShiftRequests)
    .innerJoin(driver, eq(driver.id, endShiftRequests.driver_id))
    .innerJoin(shifts, eq(shifts.id, endShiftRequests.shift_id))
    .leftJoin(handler, eq(handler.id, endShiftRequests.handled_by));
type Row = Awaited<ReturnType<typeof selectRequests>>[number];

const toRequest = (r: Row): EndShiftRequest => ({
  id: r.id,
  number: r.number,
  driver: { id: r.driver_id, first_name: r.driver_first_name, last_name: r.driver_last_name },
  shift: {
    id: r.shift_id,
    started_at: r.shift_started_at.toISOString(),
    ended_at: r.shift_ended_at?.toISOString() ?? null,
  },
  shift_total: r.shift_total,
  declared_amount: r.declared_amount,
  difference: r.declared_amount - r.shift_total,
  orders_count: r.orders_count,
  status: r.status,
  reason: r.reason,
  handled_by:
    r.handler_id !== null
      ? { id: r.handler_id, name: `${r.handler_first_name} ${r.handler_last_name}` }
      : null,
  handled_at: r.handled_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

/** The cash orders a driver delivered during a shift: what the driver should hand in. */
const shiftCash = (shift: { driver_id: number; started_at: Date }) =>
  and(
    eq(orders.driver_id, shift.driver_id),
    eq(orders.status, 'delivered'),
    eq(orders.payment_method, 'cash'),
    gte(orders.delivered_at, shift.started_at),
  );

/**
 * The driver app ends a shift: the server computes the shift total from the delivered cash orders,
 * the driver declares what they hand in, and the request waits for staff to collect or reject it.
 */
export async function requestEndShift(db: Db, bus: EventBus, actor: ActorContext, declared: number) {
  const id = await db.transaction(async (tx) => {
    // Accepting or being assigned an order takes the same lock before checking for a pending
    // request: whichever comes second sees the first one's commit and is refused.
    await lockDriver(tx, actor.user_id);
    const [shift] = await tx
      .select()
      .from(shifts)
      .where(and(eq(shifts.driver_id, actor.user_id), isNull(shifts.ended_at)));
    if (!shift) throw new RuleBroken('not_on_shift', 'errors.not_on_shift');
    const [busy] = await tx
      .select({ id: orders.id })
      .from(orders)
      // Any order still assigned and not finished (not only those on the road): one picked up after
      // the request would be delivered outside every shift total.
      .where(and(eq(orders.driver_id, actor.user_id), isActive()))
      .limit(1);
    if (busy) throw new RuleBroken('deliveries_open', 'errors.deliveries_open');
    // Asked before inserting: an insert would wait on the unique index behind a collection in
    // flight, which itself waits for the driver's row held here.
    const [pending] = await tx
      .select({ id: endShiftRequests.id })
      .from(endShiftRequests)
      .where(and(eq(endShiftRequests.shift_id, shift.id), eq(endShiftRequests.status, 'pending')));
    if (pending) throw new Conflict('request_pending', 'errors.end_shift_pending');
    const [totals] = await tx
      .select({
        total: sql<number>`coalesce(sum(${cashKept}), 0)::bigint`,
        n: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(shiftCash(shift));
    const [row] = await tx
      .insert(endShiftRequests)
      .values({
        driver_id: actor.user_id,
        shift_id: shift.id,
        shift_total: Number(totals?.total ?? 0),
        orders_count: Number(totals?.n ?? 0),
        declared_amount: declared,
      })
      .returning({ id: endShiftRequests.id })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new Conflict('request_pending', 'errors.end_shift_pending');
        throw error;
      });
    if (!row) throw new Error('request insert returned nothing');
    return row.id;
  });
  await bus.publish({
    type: 'driver.updated',
    restaurant_id: null,
    data: { driver_id: actor.user_id, end_shift_request_id: id },
  });
  return getRequest(db, id);
}

const sortColumns = {
  created_at: endShiftRequests.created_at,
  shift_total: endShiftRequests.shift_total,
  number: endShiftRequests.id,
};

export async function listRequests(db: Db, query: ListQuery, timeZone: string) {
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(endShiftRequests.status, query.status));
  if (query.driver_id !== undefined) filters.push(eq(endShiftRequests.driver_id, query.driver_id));
  const local = sql`(${endShiftRequests.created_at} at time zone ${timeZone})::date`;
  if (query.from) filters.push(gte(local, sql`${query.from}::date`));
  if (query.to) filters.push(lt(local, sql`${query.to}::date + 1`));
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectRequests(db)
        .where(where)
        .orderBy(direction(column), direction(endShiftRequests.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(endShiftRequests).where(where),
  ]);
  return {
    data: rows.map(toRequest),
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) },
  };
}

export async function getRequest(db: Db, id: number) {
  const [row] = await selectRequests(db).where(eq(endShiftRequests.id, id));
  if (!row) throw new NotFound();
  const list = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      // What the driver keeps of it: the total less cash refunded at the door (issue 38).
      total: sql<number>`${cashKept}::int`,
      delivered_at: orders.delivered_at,
    })
    .from(orders)
    .where(
      and(
        shiftCash({ driver_id: row.driver_id, started_at: row.shift_started_at }),
        lt(orders.delivered_at, row.created_at),
      ),
    )
    .orderBy(asc(orders.delivered_at));
  return {
    ...toRequest(row),
    orders: list.map((o) => ({ ...o, delivered_at: o.delivered_at?.toISOString() ?? null })),
  };
}

/** Staff received the cash: the request is collected and the driver's shift ends. Handled once. */
export async function collect(db: Db, bus: EventBus, actor: ActorContext, id: number) {
  const now = new Date();
  const driverId = await db.transaction(async (tx) => {
    const [done] = await tx
      .update(endShiftRequests)
      .set({ status: 'collected', handled_by: actor.user_id, handled_at: now })
      .where(and(eq(endShiftRequests.id, id), eq(endShiftRequests.status, 'pending')))
      .returning();
    if (!done) {
      const [exists] = await tx
        .select({ id: endShiftRequests.id })
        .from(endShiftRequests)
        .where(eq(endShiftRequests.id, id));
      if (!exists) throw new NotFound();
      throw new Conflict('already_handled', 'errors.already_handled');
    }
    // The total is counted again as the cash is taken: whatever was delivered since the request
    // (nothing, while the rules hold) is in this shift's total, not in none.
    const [shift] = await tx.select().from(shifts).where(eq(shifts.id, done.shift_id));
    if (shift) {
      const [totals] = await tx
        .select({
          total: sql<number>`coalesce(sum(${cashKept}), 0)::bigint`,
          n: sql<number>`count(*)::int`,
        })
        .from(orders)
        .where(and(shiftCash(shift), lte(orders.delivered_at, now)));
      const total = Number(totals?.total ?? 0);
      const count = Number(totals?.n ?? 0);
      if (total !== done.shift_total || count !== done.orders_count) {
        await tx
          .update(endShiftRequests)
          .set({ shift_total: total, orders_count: count })
          .where(eq(endShiftRequests.id, id));
      }
    }
    await tx
      .update(shifts)
      .set({ ended_at: now })
      .where(and(eq(shifts.id, done.shift_id), isNull(shifts.ended_at)));
    await tx
      .update(drivers)
      .set({ shift_state: 'off_shift', updated_at: now })
      .where(eq(drivers.user_id, done.driver_id));
    await audit(
      tx,
      actor,
      'collect',
      'end_shift_requests',
      id,
      { status: 'pending' },
      { status: 'collected' },
    );
    return done.driver_id;
  });
  await bus.publish({
    type: 'driver.updated',
    restaurant_id: null,
    data: { driver_id: driverId, shift_state: 'off_shift' },
  });
  return getRequest(db, id);
}

/** The amount is disputed: the request is rejected with a reason, and the driver may send again. */
export async function reject(db: Db, actor: ActorContext, id: number, reason: string) {
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(endShiftRequests)
      .set({ status: 'rejected', reason, handled_by: actor.user_id, handled_at: new Date() })
      .where(and(eq(endShiftRequests.id, id), eq(endShiftRequests.status, 'pending')))
      .returning({ id: endShiftRequests.id });
    if (!done) {
      const [exists] = await tx
        .select({ id: endShiftRequests.id })
        .from(endShiftRequests)
        .where(eq(endShiftRequests.id, id));
      if (!exists) throw new NotFound();
      throw new Conflict('already_handled', 'errors.already_handled');
    }
    await audit(
      tx,
      actor,
      'reject',
      'end_shift_requests',
      id,
      { status: 'pending' },
      { status: 'rejected', reason },
    );
  });
  return getRequest(db, id);
}
