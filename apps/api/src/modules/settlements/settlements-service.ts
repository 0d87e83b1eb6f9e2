import {
  type PaymentOrder,
  paymentOrderSchema,
  type Settlement,
  type SettlementBody,
  type settlementListQuery,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { driverMeals, orders, restaurants, settlements, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { BadRequest, Conflict, NotFound, RuleBroken } from '../../lib/errors.js';
import { bufferOf, csvExport, type ExportColumn, xlsxExport } from '../../lib/export.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import { claimRedeliveries, claimRefunds } from '../incidents/refunds-service.js';
import { recordWebhookEvent } from '../webhooks/webhooks-outbox.js';

type ListQuery = z.output<typeof settlementListQuery>;

const approver = alias(users, 'approver');
const columns = {
  id: settlements.id,
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  from: settlements.period_from,
  to: settlements.period_to,
  orders_count: settlements.orders_count,
  restaurant_amount: settlements.restaurant_amount,
  commission: settlements.commission,
  restaurant_total_amount: settlements.restaurant_total_amount,
  meals_amount: settlements.meals_amount,
  refunds_amount: settlements.refunds_amount,
  net_amount: settlements.net_amount,
  percentage: settlements.percentage,
  status: settlements.status,
  approved_at: settlements.approved_at,
  approver_id: approver.id,
  approver_first_name: approver.first_name,
  approver_last_name: approver.last_name,
  payment_orders_created_at: settlements.payment_orders_created_at,
  payee_name: settlements.payee_name,
  payee_address: settlements.payee_address,
  payee_iban: settlements.payee_iban,
  created_at: settlements.created_at,
};
const selectSettlements = (db: Db) =>
  db
    .select(columns)
    .from(settlements)
    .innerJoin(restaurants, eq(restaurants.id, settlements.restaurant_id))
    .leftJoin(approver, eq(approver.id, settlements.approved_by));
type Row = Awaited<ReturnType<typeof selectSettlements>>[number];

const toSettlement = (r: Row): Settlement => ({
  id: r.id,
  restaurant: { id: r.restaurant_id, name: r.restaurant_name },
  from: r.from,
  to: r.to,
  orders_count: r.orders_count,
  restaurant_amount: r.restaurant_amount,
  commission: r.commission,
  restaurant_total_amount: r.restaurant_total_amount,
  meals_amount: r.meals_amount,
  refunds_amount: r.refunds_amount,
  net_amount: r.net_amount,
  percentage: Number(r.percentage),
  status: r.status,
  approved_at: r.approved_at?.toISOString() ?? null,
  approved_by:
    r.approver_id !== null
      ? { id: r.approver_id, name: `${r.approver_first_name} ${r.approver_last_name}` }
      : null,
  payment_orders_created_at: r.payment_orders_created_at?.toISOString() ?? null,
  payee:
    r.payee_name !== null ? { name: r.payee_name, address: r.payee_address ?? '', iban: r.payee_iban } : null,
  created_at: r.created_at.toISOString(),
});

/** The local days [from, to] of the operation as instants: orders delivered within them count. */
const deliveredIn = (restaurantId: number, from: string, to: string, timeZone: string) =>
  and(
    eq(orders.restaurant_id, restaurantId),
    eq(orders.status, 'delivered'),
    sql`${orders.delivered_at} >= (${from}::date)::timestamp at time zone ${timeZone}`,
    sql`${orders.delivered_at} < (${to}::date + 1)::timestamp at time zone ${timeZone}`,
  );

/**
 * Settles a restaurant for 7 to 31 days: every sum is computed in SQL over the delivered orders and
 * the driver meals of the period. Periods of one restaurant never overlap; the restaurant row is
 * locked so two concurrent creations cannot both pass that check.
 */
export async function createSettlement(db: Db, actor: ActorContext, body: SettlementBody, timeZone: string) {
  // Only days that have ended: orders of today (or later) would arrive after the settlement and,
  // its period being taken, never be settled at all.
  if (body.to >= localToday(timeZone)) throw new BadRequest({ to: ['validation.period_not_ended'] });
  const id = await db.transaction(async (tx) => {
    const [restaurant] = await tx
      .select()
      .from(restaurants)
      .where(eq(restaurants.id, body.restaurant_id))
      .for('update');
    if (!restaurant) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
    const [overlap] = await tx
      .select({ id: settlements.id })
      .from(settlements)
      .where(
        and(
          eq(settlements.restaurant_id, restaurant.id),
          lte(settlements.period_from, body.to),
          gte(settlements.period_to, body.from),
        ),
      )
      .limit(1);
    if (overlap)
      throw new Conflict(
        'settlement_overlap',
        'errors.settlement_overlap',
        {},
        { from: ['errors.settlement_overlap'] },
      );
    const [sums] = await tx
      .select({
        n: sql<number>`count(*)::int`,
        amount: sql<number>`coalesce(sum(${orders.restaurant_amount}), 0)::bigint`,
        commission: sql<number>`coalesce(sum(${orders.commission}), 0)::bigint`,
        owed: sql<number>`coalesce(sum(${orders.restaurant_total_amount}), 0)::bigint`,
      })
      .from(orders)
      .where(deliveredIn(restaurant.id, body.from, body.to, timeZone));
    const [meals] = await tx
      .select({ amount: sql<number>`coalesce(sum(${driverMeals.amount}), 0)::bigint` })
      .from(driverMeals)
      .where(
        and(
          eq(driverMeals.restaurant_id, restaurant.id),
          // A driver's claim counts once staff approved it; pending and rejected ones never do.
          eq(driverMeals.status, 'approved'),
          gte(driverMeals.date, body.from),
          lte(driverMeals.date, body.to),
        ),
      );
    const owed = Number(sums?.owed ?? 0);
    const mealsAmount = Number(meals?.amount ?? 0);
    const [row] = await tx
      .insert(settlements)
      .values({
        restaurant_id: restaurant.id,
        period_from: body.from,
        period_to: body.to,
        percentage: restaurant.percentage,
        orders_count: Number(sums?.n ?? 0),
        restaurant_amount: Number(sums?.amount ?? 0),
        commission: Number(sums?.commission ?? 0),
        restaurant_total_amount: owed,
        meals_amount: mealsAmount,
        net_amount: owed + mealsAmount,
        created_by: actor.user_id,
      })
      .returning();
    if (!row) throw new Error('settlement insert returned nothing');
    // Refunds and redeliveries charged to the restaurant and not in an earlier settlement are
    // deducted (issue 38): both in refunds_amount, listed apart on the statement.
    const refundsAmount =
      (await claimRefunds(tx, row.id, restaurant.id, body.to, timeZone)) +
      (await claimRedeliveries(tx, row.id, restaurant.id, body.to, timeZone));
    if (refundsAmount !== 0) {
      row.refunds_amount = refundsAmount;
      row.net_amount = owed + mealsAmount - refundsAmount;
      await tx
        .update(settlements)
        .set({ refunds_amount: row.refunds_amount, net_amount: row.net_amount })
        .where(eq(settlements.id, row.id));
    }
    await audit(tx, actor, 'create', 'settlements', row.id, null, row);
    return row.id;
  });
  return getSettlement(db, id);
}

const sortColumns = {
  created_at: settlements.created_at,
  from: settlements.period_from,
  net_amount: settlements.net_amount,
};

export async function listSettlements(db: Db, query: ListQuery) {
  const filters: SQL[] = [];
  if (query.restaurant_id !== undefined) filters.push(eq(settlements.restaurant_id, query.restaurant_id));
  if (query.status) filters.push(eq(settlements.status, query.status));
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectSettlements(db)
        .where(where)
        .orderBy(direction(column), direction(settlements.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(settlements).where(where),
  ]);
  return {
    data: rows.map(toSettlement),
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) },
  };
}

export async function getSettlement(db: Db, id: number): Promise<Settlement> {
  const [row] = await selectSettlements(db).where(eq(settlements.id, id));
  if (!row) throw new NotFound();
  return toSettlement(row);
}

async function settlementOrConflict(tx: Db, id: number) {
  const [exists] = await tx
    .select({ status: settlements.status })
    .from(settlements)
    .where(eq(settlements.id, id));
  if (!exists) throw new NotFound();
  throw new Conflict('settlement_approved', 'errors.settlement_approved');
}

/** Approves once; a second (or concurrent) approval gets 409. Approved settlements never change. */
export async function approveSettlement(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    // The payee is read and fixed in the approving transaction: from now on the payment order
    // pays this name, address and account, whatever the restaurant's record says later.
    const [payee] = await tx
      .select({ name: restaurants.name, address: restaurants.address, iban: restaurants.iban })
      .from(settlements)
      .innerJoin(restaurants, eq(restaurants.id, settlements.restaurant_id))
      .where(eq(settlements.id, id))
      .for('share', { of: restaurants });
    const [done] = await tx
      .update(settlements)
      .set({
        status: 'approved',
        approved_at: new Date(),
        approved_by: actor.user_id,
        payee_name: payee?.name ?? null,
        payee_address: payee?.address ?? null,
        payee_iban: payee?.iban ?? null,
      })
      .where(and(eq(settlements.id, id), eq(settlements.status, 'pending')))
      .returning({
        id: settlements.id,
        restaurant_id: settlements.restaurant_id,
        period_from: settlements.period_from,
        period_to: settlements.period_to,
      });
    if (!done) await settlementOrConflict(tx, id);
    // Accounting hears of it (issue 40): an outbox row in the approval's own transaction.
    if (done)
      await recordWebhookEvent(tx, 'settlement.approved', {
        settlement_id: id,
        restaurant_id: done.restaurant_id,
        period_from: String(done.period_from),
        period_to: String(done.period_to),
      });
    await audit(
      tx,
      actor,
      'approve',
      'settlements',
      id,
      { status: 'pending' },
      { status: 'approved', payee: payee ?? null },
    );
  });
  return getSettlement(db, id);
}

/** A pending settlement may be thrown away (and made again); an approved one stays. */
export async function deleteSettlement(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(settlements)
      .where(and(eq(settlements.id, id), eq(settlements.status, 'pending')))
      .returning();
    if (!gone) await settlementOrConflict(tx, id);
    await audit(tx, actor, 'delete', 'settlements', id, gone, null);
  });
}

export async function createPaymentOrders(db: Db, actor: ActorContext, id: number) {
  const settlement = await getSettlement(db, id);
  if (settlement.status !== 'approved')
    throw new RuleBroken('not_approved', 'errors.settlement_not_approved');
  if (!settlement.payment_orders_created_at) {
    await db.transaction(async (tx) => {
      await tx
        .update(settlements)
        .set({ payment_orders_created_at: new Date() })
        .where(eq(settlements.id, id));
      await audit(tx, actor, 'payment_orders', 'settlements', id, null, {
        net_amount: settlement.net_amount,
      });
    });
  }
  return getSettlement(db, id);
}

/**
 * The bank payment orders of an approved settlement (one, to the restaurant): the payee, account and
 * amount fixed at approval, from the operation's account (config).
 */
export async function paymentOrders(
  db: Db,
  id: number,
  operation: { currency: string; iban: string | null },
): Promise<PaymentOrder[]> {
  const s = await getSettlement(db, id);
  if (s.status !== 'approved') throw new RuleBroken('not_approved', 'errors.settlement_not_approved');
  const dmy = (d: string) => d.split('-').reverse().join('.');
  return [
    {
      reference: `OB-${String(s.id).padStart(6, '0')}`,
      payer_iban: operation.iban,
      recipient: s.payee?.name ?? s.restaurant.name,
      recipient_address: s.payee?.address ?? '',
      recipient_iban: s.payee?.iban ?? null,
      amount: s.net_amount,
      currency: operation.currency,
      purpose: `Obračun ${dmy(s.from)}–${dmy(s.to)} (${s.orders_count} narudžbi)`,
      period_from: s.from,
      period_to: s.to,
    },
  ];
}

/** The columns of the payment orders' CSV and spreadsheet: the JSON's fields, amounts in major units. */
const PAYMENT_ORDER_COLUMNS = (Object.keys(paymentOrderSchema.shape) as (keyof PaymentOrder)[]).map(
  (key): ExportColumn & { key: keyof PaymentOrder } => ({
    key,
    header: key,
    type: key === 'amount' ? 'money' : key.startsWith('period_') ? 'day' : 'text',
    width: key.endsWith('iban') ? 26 : key === 'purpose' || key.startsWith('recipient') ? 36 : 14,
  }),
);

/** The same payment orders as a file for the bank: CSV (with the byte-order mark) or a spreadsheet. */
export async function paymentOrdersFile(
  db: Db,
  id: number,
  operation: { currency: string; iban: string | null; timeZone: string },
  format: 'csv' | 'xlsx',
): Promise<Buffer> {
  const rows = (await paymentOrders(db, id, operation)).map((o) =>
    PAYMENT_ORDER_COLUMNS.map((c) => o[c.key]),
  );
  return bufferOf(
    format === 'csv'
      ? csvExport(PAYMENT_ORDER_COLUMNS, [rows], operation.timeZone)
      : xlsxExport('Payment orders', PAYMENT_ORDER_COLUMNS, [rows], operation.timeZone),
  );
}
