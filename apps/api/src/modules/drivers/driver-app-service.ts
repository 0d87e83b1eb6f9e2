import type {
  Break,
  DriverLocation,
  DriverLocationEvent,
  DriverShiftEvent,
  LocationsBody,
  ShiftState,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { driverBreaks, driverLocations, drivers, shifts, users, vehicles } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Conflict, isUniqueViolation, NotFound, RuleBroken } from '../../lib/errors.js';
import { preparedRows, readTogether } from '../../lib/sql.js';
import { activeOrders, currentOrder, driverState, endShiftRequested, lockDriver } from './drivers-service.js';

async function storedShiftState(db: Db, driverId: number) {
  const [row] = await db
    .select({ state: drivers.shift_state })
    .from(drivers)
    .where(eq(drivers.user_id, driverId));
  if (!row) throw new NotFound();
  return row.state;
}

async function openShift(db: Db, driverId: number) {
  const [shift] = await db
    .select()
    .from(shifts)
    .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)));
  return shift;
}

const announce = (
  bus: EventBus,
  driverId: number,
  data: Omit<DriverLocationEvent, 'driver_id'> | Omit<DriverShiftEvent, 'driver_id'>,
) => bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: driverId, ...data } });

export async function startShift(db: Db, bus: EventBus, actor: ActorContext) {
  const shiftOpen = () => new Conflict('shift_open', 'errors.shift_already_open');
  if (await openShift(db, actor.user_id)) throw shiftOpen();
  const shift = await db
    .transaction(async (tx) => {
      const [row] = await tx.insert(shifts).values({ driver_id: actor.user_id }).returning();
      await tx
        .update(drivers)
        .set({ shift_state: 'available', updated_at: new Date() })
        .where(eq(drivers.user_id, actor.user_id));
      return row;
    })
    .catch((error: unknown) => {
      // A double tap (or a retry) that passed the check above beside the first: the one open shift
      // per driver is the database's rule (shifts_open_unique), and this call lost the race to it.
      throw isUniqueViolation(error, 'shifts_open_unique') ? shiftOpen() : error;
    });
  if (!shift) throw new Error('shift insert returned nothing');
  await announce(bus, actor.user_id, { shift_state: 'available' });
  return { shift_id: shift.id, started_at: shift.started_at.toISOString() };
}

/**
 * Accepts a batch of points from the driver app: every point joins the history; the newest becomes
 * the driver's current location unless a newer one is already known (batches may arrive late).
 * One statement does it all — the shift check, the points (as arrays, so the text never changes with
 * the batch size) and the move — atomic on its own and one round trip, since phones send all day.
 */
/** One batch of a driver's positions: kept, and the newest moves the driver (unless off shift). */
const ingest = (() => {
  const p = (name: string) => sql.placeholder(name);
  return preparedRows<{ state: ShiftState | null; moved: ShiftState | null }>(
    'driver_locations_ingest',
    sql`
    with driver as (select shift_state from ${drivers} where user_id = ${p('driver')}::int),
    added as (
      insert into ${driverLocations} (driver_id, lat, lng, recorded_at)
      select ${p('driver')}::int, p.lat, p.lng, p.recorded_at
      from unnest(${p('lats')}::float8[], ${p('lngs')}::float8[], ${p('times')}::timestamptz[])
        as p(lat, lng, recorded_at)
      where (select shift_state from driver) <> 'off_shift'),
    moved as (
      update ${drivers} set lat = ${p('lat')}::float8, lng = ${p('lng')}::float8,
        last_location_at = ${p('at')}::timestamptz, updated_at = now()
      where user_id = ${p('driver')}::int and shift_state <> 'off_shift'
        and (last_location_at is null or last_location_at < ${p('at')}::timestamptz)
      returning shift_state)
    select (select shift_state from driver) as state, (select shift_state from moved) as moved`,
  );
})();

export async function recordLocations(db: Db, bus: EventBus, actor: ActorContext, body: LocationsBody) {
  const points = body.points
    .map((p) => ({ ...p, at: new Date(p.recorded_at) }))
    .sort((a, b) => a.at.getTime() - b.at.getTime());
  const newest = points.at(-1);
  if (!newest) return { accepted: 0 };
  const at = newest.at.toISOString();
  const [result] = await ingest(db, {
    driver: actor.user_id,
    lats: points.map((p) => p.lat),
    lngs: points.map((p) => p.lng),
    times: points.map((p) => p.at.toISOString()),
    lat: newest.lat,
    lng: newest.lng,
    at,
  });
  if (!result?.state) throw new NotFound();
  if (result.state === 'off_shift') throw new RuleBroken('not_on_shift', 'errors.not_on_shift');
  if (result.moved) {
    await announce(bus, actor.user_id, {
      location: { lat: newest.lat, lng: newest.lng },
      last_location_at: at,
      shift_state: result.moved,
    });
  }
  return { accepted: points.length };
}

export async function startBreak(db: Db, bus: EventBus, actor: ActorContext) {
  const shift = await openShift(db, actor.user_id);
  const started = await db
    .transaction(async (tx) => {
      // Under the driver's row lock, which accepting and being assigned an order take too: a break
      // and a new order exclude each other whatever the order of arrival.
      await lockDriver(tx, actor.user_id);
      const state = await storedShiftState(tx, actor.user_id);
      if (state === 'on_break') throw new Conflict('break_open', 'errors.break_already_open');
      if (state !== 'available') throw new RuleBroken('cannot_break', 'errors.cannot_break_now');
      // A driver holding an order is busy: the order would wait while the map showed them on a break.
      const [carrying] = await tx.select({ n: activeOrders }).from(users).where(eq(users.id, actor.user_id));
      if (Number(carrying?.n ?? 0) > 0) throw new RuleBroken('cannot_break', 'errors.cannot_break_now');
      const [row] = await tx
        .insert(driverBreaks)
        .values({ driver_id: actor.user_id, shift_id: shift?.id ?? null })
        .returning();
      await tx
        .update(drivers)
        .set({ shift_state: 'on_break', updated_at: new Date() })
        .where(eq(drivers.user_id, actor.user_id));
      return row;
    })
    .catch((error: unknown) => {
      // Another call started the break between the check above and this insert.
      throw isUniqueViolation(error, 'driver_breaks_open_unique')
        ? new Conflict('break_open', 'errors.break_already_open')
        : error;
    });
  await announce(bus, actor.user_id, { shift_state: 'on_break' });
  return { break_id: started?.id ?? 0, started_at: started?.started_at.toISOString() ?? '' };
}

export async function endBreak(db: Db, bus: EventBus, actor: ActorContext) {
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(driverBreaks)
      .set({ ended_at: new Date() })
      .where(and(eq(driverBreaks.driver_id, actor.user_id), isNull(driverBreaks.ended_at)))
      .returning();
    if (!row) return null;
    await tx
      .update(drivers)
      .set({ shift_state: 'available', updated_at: new Date() })
      .where(eq(drivers.user_id, actor.user_id));
    return row;
  });
  if (!ended?.ended_at) throw new RuleBroken('no_break', 'errors.no_open_break');
  await announce(bus, actor.user_id, { shift_state: 'available' });
  return {
    break_id: ended.id,
    duration_seconds: Math.round((ended.ended_at.getTime() - ended.started_at.getTime()) / 1000),
  };
}

/** The map: every driver on shift, with where they are, what they drive and what they carry. */
export async function listLocations(db: Db): Promise<DriverLocation[]> {
  const rows = await db
    .select({
      id: users.id,
      first_name: users.first_name,
      last_name: users.last_name,
      shift_state: drivers.shift_state,
      state: driverState,
      active_orders: activeOrders,
      lat: drivers.lat,
      lng: drivers.lng,
      last_location_at: drivers.last_location_at,
      vehicle_type: vehicles.type,
      plate_number: vehicles.plate_number,
      current_order: currentOrder,
      end_shift_requested: endShiftRequested,
    })
    .from(drivers)
    .innerJoin(users, eq(users.id, drivers.user_id))
    .leftJoin(vehicles, eq(vehicles.driver_id, users.id))
    .where(and(ne(drivers.shift_state, 'off_shift'), eq(users.is_active, true)))
    .orderBy(asc(users.last_name), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    first_name: r.first_name,
    last_name: r.last_name,
    shift_state: r.shift_state,
    state: r.state,
    active_orders: r.active_orders,
    vehicle: r.vehicle_type ? { type: r.vehicle_type, plate_number: r.plate_number ?? '' } : null,
    location: r.lat !== null && r.lng !== null ? { lat: r.lat, lng: r.lng } : null,
    last_location_at: r.last_location_at?.toISOString() ?? null,
    current_order: r.current_order,
    end_shift_requested: Boolean(r.end_shift_requested),
  }));
}

/** A driver's breaks with durations, and totals per day in the operation's time zone. */
export async function listBreaks(
  db: Db,
  driverId: number,
  timeZone: string,
  range: { from?: string | undefined; to?: string | undefined },
) {
  const [driver] = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(and(eq(users.id, driverId), eq(users.role, 'driver')));
  if (!driver) throw new NotFound();
  const local = sql`(${driverBreaks.started_at} at time zone ${timeZone})`;
  const filters = [eq(driverBreaks.driver_id, driverId)];
  if (range.from) filters.push(gte(sql`${local}::date`, sql`${range.from}::date`));
  if (range.to) filters.push(lt(sql`${local}::date`, sql`${range.to}::date + 1`));
  const duration = sql<number>`extract(epoch from (coalesce(${driverBreaks.ended_at}, now()) - ${driverBreaks.started_at}))::int`;
  const [rows, days] = await readTogether(db, [
    () =>
      db
        .select({
          id: driverBreaks.id,
          started_at: driverBreaks.started_at,
          ended_at: driverBreaks.ended_at,
          duration_seconds: duration,
        })
        .from(driverBreaks)
        .where(and(...filters))
        .orderBy(desc(driverBreaks.started_at))
        .limit(500),
    () =>
      db
        .select({
          day: sql<string>`to_char(${local}, 'YYYY-MM-DD')`,
          breaks: sql<number>`count(*)::int`,
          total_seconds: sql<number>`sum(${duration})::int`,
        })
        .from(driverBreaks)
        .where(and(...filters))
        .groupBy(sql`1`)
        .orderBy(sql`1 desc`),
  ]);
  const data: Break[] = rows.map((r) => ({
    id: r.id,
    started_at: r.started_at.toISOString(),
    ended_at: r.ended_at?.toISOString() ?? null,
    duration_seconds: Number(r.duration_seconds),
  }));
  return {
    data,
    days: days.map((d) => ({ ...d, breaks: Number(d.breaks), total_seconds: Number(d.total_seconds) })),
    driver,
  };
}

/** Drops location history older than the retention; returns how many points went. */
export async function pruneLocations(db: Db, retentionHours: number): Promise<number> {
  const cutoff = new Date(Date.now() - retentionHours * 3_600_000);
  const deleted = await db
    .delete(driverLocations)
    .where(lt(driverLocations.recorded_at, cutoff))
    .returning({ id: driverLocations.id });
  return deleted.length;
}
