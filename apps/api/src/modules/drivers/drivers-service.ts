import type { Driver, DriverState, driverListQuery, PlannedEnd } from '@dostava/shared';
import { and, asc, count, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { drivers, shifts, users, vehicles } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { NotFound, RuleBroken } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { fullName, textSearch } from '../../lib/search.js';
import { readTogether } from '../../lib/sql.js';
import { isActive, isOnTheRoad, ordersAs } from '../orders/order-rules.js';

type ListQuery = z.output<typeof driverListQuery>;

const o = ordersAs('o');

/** The active order a driver has now (the oldest, if several). */
export const currentOrder = sql<{ id: number; order_number: string } | null>`(
  select json_build_object('id', ${o.id}, 'order_number', ${o.order_number}) from "orders" o
  where ${o.driver_id} = "users"."id" and ${isActive(o)}
  order by ${o.created_at} limit 1)`;

/** How many active orders the driver carries (assigned or accepted, not yet delivered). */
export const activeOrders = sql<number>`(select count(*)::int from "orders" o
  where ${o.driver_id} = "users"."id" and ${isActive(o)})`.mapWith(Number);

/**
 * The driver's state for dispatch, derived from the shift and the orders in one place: the drivers
 * list, the map and the driver picker all select this expression, so they never disagree.
 */
export const driverState = sql<DriverState>`(case
  when ${drivers.shift_state} in ('off_shift', 'on_break') then ${drivers.shift_state}::text
  when exists (select 1 from "orders" o where ${o.driver_id} = "users"."id" and ${isOnTheRoad(o)}) then 'delivering'
  when exists (select 1 from "orders" o where ${o.driver_id} = "users"."id" and ${isActive(o)}) then 'assigned'
  else 'available' end)`;

/**
 * Locks the driver's row until the transaction ends. Whatever gives the driver an order (accepting,
 * being assigned) and whatever ends the shift take this lock before they check the other side, so
 * on any instance one waits for the other to commit: a driver never both files an end-of-shift
 * request and takes an order whose cash would then fall outside every shift total.
 */
export async function lockDriver(tx: Db, driverId: number): Promise<void> {
  await tx.select({ id: drivers.user_id }).from(drivers).where(eq(drivers.user_id, driverId)).for('update');
}

/** When the driver's open shift is planned to end (null: not said, or no open shift). */
export const plannedEnd = sql<Date | string | null>`(select s."planned_end_at" from "shifts" s
  where s."driver_id" = "users"."id" and s."ended_at" is null limit 1)`;

/** The driver asked to end the shift and the cash register has not answered: dispatch skips them. */
export const endShiftRequested = sql<boolean>`exists (select 1 from "end_shift_requests" e
  where e."driver_id" = "users"."id" and e."status" = 'pending')`;

/** A timestamp a raw subquery returns (a Date from pg, a string from some drivers) as ISO, or null. */
export const isoOf = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

const columns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  phone: users.phone,
  is_active: users.is_active,
  shift_state: drivers.shift_state,
  state: driverState,
  active_orders: activeOrders,
  fcm_token_active: drivers.fcm_token_active,
  lat: drivers.lat,
  lng: drivers.lng,
  last_location_at: drivers.last_location_at,
  vehicle_id: vehicles.id,
  vehicle_type: vehicles.type,
  plate_number: vehicles.plate_number,
  current_order: currentOrder,
  planned_end_at: plannedEnd,
  end_shift_requested: endShiftRequested,
};
const selectDrivers = (db: Db) =>
  db
    .select(columns)
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.user_id))
    .leftJoin(vehicles, eq(vehicles.driver_id, drivers.user_id));
type Row = Awaited<ReturnType<typeof selectDrivers>>[number];

const toDriver = (row: Row): Driver => ({
  id: row.id,
  first_name: row.first_name,
  last_name: row.last_name,
  email: row.email,
  phone: row.phone,
  is_active: row.is_active,
  shift_state: row.shift_state,
  state: row.state,
  active_orders: row.active_orders,
  fcm_token_active: row.fcm_token_active,
  vehicle:
    row.vehicle_id !== null && row.vehicle_type !== null
      ? { id: row.vehicle_id, type: row.vehicle_type, plate_number: row.plate_number ?? '' }
      : null,
  location: row.lat !== null && row.lng !== null ? { lat: row.lat, lng: row.lng } : null,
  last_location_at: row.last_location_at?.toISOString() ?? null,
  current_order: row.current_order,
  planned_end_at: isoOf(row.planned_end_at),
  end_shift_requested: Boolean(row.end_shift_requested),
});

const sortColumns = {
  last_name: users.last_name,
  shift_state: drivers.shift_state,
  last_location_at: drivers.last_location_at,
};

export async function listDrivers(db: Db, query: ListQuery) {
  const filters: SQL[] = [eq(users.role, 'driver')];
  if (query.shift_state) filters.push(eq(drivers.shift_state, query.shift_state));
  if (query.state) filters.push(sql`${driverState} = ${query.state}`);
  if (query.vehicle_type) filters.push(eq(vehicles.type, query.vehicle_type));
  const match = textSearch(query.q, [fullName(users), users.email], [{ column: vehicles.plate_normalized }]);
  if (match) filters.push(match);
  const where = and(...filters);
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectDrivers(db)
        .where(where)
        .orderBy(sql`${direction(column)} nulls last`, asc(users.id))
        .limit(limit)
        .offset(offset),
    () =>
      db
        .select({ n: count() })
        .from(drivers)
        .innerJoin(users, eq(users.id, drivers.user_id))
        .leftJoin(vehicles, eq(vehicles.driver_id, drivers.user_id))
        .where(where),
  ]);
  return {
    data: rows.map(toDriver),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

export async function getDriver(db: Db, id: number): Promise<Driver> {
  const [row] = await selectDrivers(db).where(and(eq(drivers.user_id, id), eq(users.role, 'driver')));
  if (!row) throw new NotFound();
  return toDriver(row);
}

/**
 * Sets (or clears, null) when the driver's open shift is planned to end: the driver app for its own
 * shift, staff for any driver on shift (audited either way). The planner reads it and offers no pickup
 * that cannot be made before it (issue 33). 422 when the driver has no open shift.
 */
export async function setPlannedEnd(
  db: Db,
  bus: EventBus,
  actor: ActorContext,
  driverId: number,
  at: string | null,
): Promise<PlannedEnd> {
  const own = actor.role === 'driver';
  const changed = await db.transaction(async (tx) => {
    const [driver] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, driverId), eq(users.role, 'driver')));
    if (!driver) throw new NotFound();
    const [before] = await tx
      .select({ id: shifts.id, planned_end_at: shifts.planned_end_at })
      .from(shifts)
      .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)))
      .for('update');
    if (!before)
      throw own
        ? new RuleBroken('not_on_shift', 'errors.not_on_shift')
        : new RuleBroken('not_on_shift', 'errors.driver_not_on_shift');
    const [after] = await tx
      .update(shifts)
      .set({ planned_end_at: at === null ? null : new Date(at) })
      .where(eq(shifts.id, before.id))
      .returning({ id: shifts.id, planned_end_at: shifts.planned_end_at });
    await audit(
      tx,
      actor,
      'update',
      'shifts',
      before.id,
      { driver_id: driverId, planned_end_at: before.planned_end_at },
      { driver_id: driverId, planned_end_at: after?.planned_end_at ?? null },
    );
    return { shift_id: before.id, planned_end_at: after?.planned_end_at ?? null };
  });
  // The board, the map and dispatch hear that the driver changed.
  await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: driverId } });
  return {
    driver_id: driverId,
    shift_id: changed.shift_id,
    planned_end_at: changed.planned_end_at?.toISOString() ?? null,
  };
}
