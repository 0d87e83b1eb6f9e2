import {
  type DriverMeal,
  type DriverMealBody,
  type driverMealListQuery,
  msg,
  PICKED_UP_STATUSES,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { driverMeals, orders, restaurants, settlements, shifts, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound, RuleBroken } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';

type ListQuery = z.output<typeof driverMealListQuery>;

/** Is the meal inside an approved settlement of its restaurant? Then it is part of the books. */
const settled = sql<boolean>`exists (
  select 1 from "settlements" s where s."restaurant_id" = "driver_meals"."restaurant_id"
  and s."status" = 'approved' and "driver_meals"."date" between s."period_from" and s."period_to")`;

const columns = {
  id: driverMeals.id,
  driver_id: users.id,
  driver_first_name: users.first_name,
  driver_last_name: users.last_name,
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  date: driverMeals.date,
  amount: driverMeals.amount,
  note: driverMeals.note,
  settled,
  status: driverMeals.status,
  reviewed_at: driverMeals.reviewed_at,
  created_at: driverMeals.created_at,
};
const selectMeals = (db: Db) =>
  db
    .select(columns)
    .from(driverMeals)
    .innerJoin(users, eq(users.id, driverMeals.driver_id))
    .innerJoin(restaurants, eq(restaurants.id, driverMeals.restaurant_id));
type Row = Awaited<ReturnType<typeof selectMeals>>[number];

const toMeal = (r: Row): DriverMeal => ({
  id: r.id,
  driver: { id: r.driver_id, first_name: r.driver_first_name, last_name: r.driver_last_name },
  restaurant: { id: r.restaurant_id, name: r.restaurant_name },
  date: r.date,
  amount: r.amount,
  note: r.note,
  settled: Boolean(r.settled),
  status: r.status,
  reviewed_at: r.reviewed_at?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
});

function mealFilters(query: Omit<ListQuery, 'page' | 'per_page' | 'sort'>): SQL | undefined {
  const filters: SQL[] = [];
  if (query.driver_id !== undefined) filters.push(eq(driverMeals.driver_id, query.driver_id));
  if (query.restaurant_id !== undefined) filters.push(eq(driverMeals.restaurant_id, query.restaurant_id));
  if (query.status !== undefined) filters.push(eq(driverMeals.status, query.status));
  if (query.from) filters.push(gte(driverMeals.date, query.from));
  if (query.to) filters.push(lte(driverMeals.date, query.to));
  return filters.length ? and(...filters) : undefined;
}

export async function listMeals(db: Db, query: ListQuery) {
  const where = mealFilters(query);
  const column = { date: driverMeals.date, amount: driverMeals.amount }[
    query.sort.replace(/^-/, '') as 'date' | 'amount'
  ];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [totals]] = await readTogether(db, [
    () =>
      selectMeals(db)
        .where(where)
        .orderBy(direction(column), direction(driverMeals.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({
          n: sql<number>`count(*)::int`,
          amount: sql<number>`coalesce(sum(${driverMeals.amount}), 0)::int`,
        })
        .from(driverMeals)
        .where(where),
  ]);
  return {
    data: rows.map(toMeal),
    meta: {
      page: query.page,
      per_page: query.per_page,
      total: Number(totals?.n ?? 0),
      total_amount: Number(totals?.amount ?? 0),
    },
  };
}

async function getMeal(db: Db, id: number) {
  const [row] = await selectMeals(db).where(eq(driverMeals.id, id));
  if (!row) throw new NotFound();
  return toMeal(row);
}

/** The amount of a meal is bound by config: the field error names the most it may be. */
function assertMealAmount(amount: number, maxAmount: number) {
  if (amount > maxAmount)
    throw new BadRequest({ amount: [msg('validation.meal_max', { max: (maxAmount / 100).toFixed(2) })] });
}

/** A meal cannot slip into a period of its restaurant already settled and approved. */
async function assertNotSettled(tx: Db, restaurantId: number, date: string) {
  const [closed] = await tx
    .select({ id: settlements.id })
    .from(settlements)
    .where(
      and(
        eq(settlements.restaurant_id, restaurantId),
        eq(settlements.status, 'approved'),
        lte(settlements.period_from, date),
        gte(settlements.period_to, date),
      ),
    )
    .limit(1);
  if (closed)
    throw new Conflict('meal_settled', 'errors.meal_settled', {}, { date: ['errors.meal_settled'] });
}

/** Staff enter a meal: approved as entered (staff are the reviewers), audited. */
export async function createMeal(db: Db, actor: ActorContext, body: DriverMealBody, maxAmount: number) {
  assertMealAmount(body.amount, maxAmount);
  const [driver] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, body.driver_id), eq(users.role, 'driver')));
  if (!driver) throw new BadRequest({ driver_id: ['validation.driver_unknown'] });
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, body.restaurant_id));
  if (!restaurant) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
  const id = await db.transaction(async (tx) => {
    await assertNotSettled(tx, body.restaurant_id, body.date);
    const [row] = await tx
      .insert(driverMeals)
      .values({
        ...body,
        created_by: actor.user_id,
        status: 'approved',
        reviewed_by: actor.user_id,
        reviewed_at: new Date(),
      })
      .returning();
    if (!row) throw new Error('meal insert returned nothing');
    await audit(tx, actor, 'create', 'driver_meals', row.id, null, row);
    return row.id;
  });
  return getMeal(db, id);
}

/**
 * A driver claims a meal: only during an open shift, once per shift, at a restaurant whose order
 * the driver picked up in this shift, up to the configured amount. The claim waits for staff review and
 * no settlement counts it until approved. Audited with the driver as the actor.
 */
export async function claimMeal(
  db: Db,
  actor: ActorContext,
  body: { restaurant_id: number; amount: number; note: string | null },
  date: string,
  maxAmount: number,
) {
  assertMealAmount(body.amount, maxAmount);
  const [shift] = await db
    .select({ id: shifts.id, started_at: shifts.started_at })
    .from(shifts)
    .where(and(eq(shifts.driver_id, actor.user_id), isNull(shifts.ended_at)));
  if (!shift) throw new RuleBroken('not_on_shift', 'errors.not_on_shift');
  const [served] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      // Only an order the driver picked up at that restaurant in this shift: one assigned and then
      // cancelled or declined never brought the driver to its kitchen.
      and(
        eq(orders.driver_id, actor.user_id),
        eq(orders.restaurant_id, body.restaurant_id),
        inArray(orders.status, [...PICKED_UP_STATUSES]),
        gte(orders.picked_up_at, shift.started_at),
      ),
    )
    .limit(1);
  if (!served) throw new BadRequest({ restaurant_id: ['validation.meal_restaurant_not_served'] });
  try {
    const id = await db.transaction(async (tx) => {
      await assertNotSettled(tx, body.restaurant_id, date);
      const [row] = await tx
        .insert(driverMeals)
        .values({
          driver_id: actor.user_id,
          restaurant_id: body.restaurant_id,
          amount: body.amount,
          note: body.note,
          date,
          shift_id: shift.id,
          status: 'pending',
          created_by: actor.user_id,
        })
        .returning();
      if (!row) throw new Error('meal insert returned nothing');
      await audit(tx, actor, 'claim', 'driver_meals', row.id, null, row);
      return row.id;
    });
    return getMeal(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw new Conflict('meal_already_claimed', 'errors.meal_already_claimed');
    throw error;
  }
}

/** Staff approve or reject a pending claim; a guarded update, so two reviewers cannot both decide. */
export async function reviewMeal(
  db: Db,
  actor: ActorContext,
  id: number,
  decision: 'approved' | 'rejected',
  reason?: string,
) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(driverMeals).where(eq(driverMeals.id, id)).for('update');
    if (!before) throw new NotFound();
    if (before.status !== 'pending') throw new Conflict('already_handled', 'errors.already_handled');
    if (decision === 'approved') await assertNotSettled(tx, before.restaurant_id, before.date);
    const [after] = await tx
      .update(driverMeals)
      .set({
        status: decision,
        reviewed_by: actor.user_id,
        reviewed_at: new Date(),
        reject_reason: decision === 'rejected' ? (reason ?? null) : null,
      })
      .where(and(eq(driverMeals.id, id), eq(driverMeals.status, 'pending')))
      .returning();
    if (!after) throw new Conflict('already_handled', 'errors.already_handled');
    await audit(tx, actor, decision === 'approved' ? 'approve' : 'reject', 'driver_meals', id, before, after);
  });
  return getMeal(db, id);
}

export async function deleteMeal(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: driverMeals.id, settled })
      .from(driverMeals)
      .where(eq(driverMeals.id, id))
      .for('update');
    if (!row) throw new NotFound();
    if (row.settled) throw new Conflict('meal_settled', 'errors.meal_settled');
    const [gone] = await tx.delete(driverMeals).where(eq(driverMeals.id, id)).returning();
    await audit(tx, actor, 'delete', 'driver_meals', id, gone, null);
  });
}
