import {
  can,
  type ExceptionRow,
  type Hours,
  type HoursBody,
  type HoursRow,
  hoursToRows,
  type OrderingState,
  openingState,
  orderingState,
  rowsToHours,
} from '@dostava/shared';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { restaurantHours, restaurantHoursExceptions, restaurants } from '../../db/schema/index.js';
import { type ActorContext, audit, changedBy } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Forbidden, NotFound, RuleBroken } from '../../lib/errors.js';
import { readTogether, rowsOf } from '../../lib/sql.js';

/**
 * Opening hours of a restaurant (weekly ranges and dated exceptions, on the operation's clock) and
 * what they, the pause and busy mode say about taking orders now: the restaurants, a restaurant, its
 * menu and placing an order all read `orderingStates`.
 */

async function readHours(db: Db, id: number): Promise<Hours> {
  const [hours, exceptions] = await readTogether(db, [
    () =>
      db
        .select({
          weekday: restaurantHours.weekday,
          opens: restaurantHours.opens,
          closes: restaurantHours.closes,
        })
        .from(restaurantHours)
        .where(eq(restaurantHours.restaurant_id, id))
        .orderBy(asc(restaurantHours.weekday), asc(restaurantHours.opens)),
    () =>
      db
        .select({
          date: restaurantHoursExceptions.date,
          opens: restaurantHoursExceptions.opens,
          closes: restaurantHoursExceptions.closes,
          note: restaurantHoursExceptions.note,
        })
        .from(restaurantHoursExceptions)
        .where(eq(restaurantHoursExceptions.restaurant_id, id))
        .orderBy(asc(restaurantHoursExceptions.date), asc(restaurantHoursExceptions.opens)),
  ]);
  return rowsToHours(hours, exceptions);
}

export async function getHours(db: Db, actor: ActorContext, id: number): Promise<Hours> {
  if (!can(actor, 'restaurants.read', id)) throw new Forbidden();
  const [restaurant] = await db
    .select({ id: restaurants.id })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!restaurant) throw new NotFound();
  return readHours(db, id);
}

/**
 * Replaces the whole schedule in one transaction, audited with what it was and what it became, and
 * tells the screens showing it who changed it.
 */
export async function putHours(
  db: Db,
  bus: EventBus,
  actor: ActorContext,
  id: number,
  body: HoursBody,
): Promise<Hours> {
  if (!can(actor, 'restaurants.hours', id)) throw new Forbidden();
  const rows = hoursToRows(body);
  await db.transaction(async (tx) => {
    // The restaurant's row lock orders two saves of the same schedule one after the other.
    const [restaurant] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, id))
      .for('update');
    if (!restaurant) throw new NotFound();
    const before = await readHours(tx, id);
    await tx.delete(restaurantHours).where(eq(restaurantHours.restaurant_id, id));
    await tx.delete(restaurantHoursExceptions).where(eq(restaurantHoursExceptions.restaurant_id, id));
    if (rows.hours.length) {
      await tx.insert(restaurantHours).values(rows.hours.map((h) => ({ ...h, restaurant_id: id })));
    }
    if (rows.exceptions.length) {
      await tx
        .insert(restaurantHoursExceptions)
        .values(rows.exceptions.map((e) => ({ ...e, note: e.note ?? null, restaurant_id: id })));
    }
    await audit(tx, actor, 'update', 'restaurant_hours', id, before, await readHours(tx, id));
  });
  await bus.publish({
    type: 'restaurant.hours',
    restaurant_id: id,
    data: { restaurant_id: id, changed_by: await changedBy(db, actor) },
  });
  return readHours(db, id);
}

/** What `orderingStates` needs of a restaurant's row. */
export interface CapacityRow {
  id: number;
  paused_until: Date | null;
  busy_minutes: number;
  busy_until: Date | null;
}

/**
 * Whether each restaurant takes orders now, by id: the hours of all of them in one query (the
 * exceptions from yesterday on: yesterday's may run past midnight), the rest from their rows.
 */
export async function orderingStates(
  db: Db,
  rows: readonly CapacityRow[],
  timeZone: string,
  now = new Date(),
): Promise<Map<number, OrderingState>> {
  const states = new Map<number, OrderingState>();
  if (rows.length === 0) return states;
  const ids = sql.join(
    rows.map((r) => sql`${r.id}`),
    sql`, `,
  );
  const found = await rowsOf<{
    restaurant_id: number;
    weekday: number | null;
    date: string | null;
    opens: string | null;
    closes: string | null;
  }>(
    db,
    sql`select restaurant_id, weekday, null as date, opens::text, closes::text
        from ${restaurantHours} where restaurant_id in (${ids})
      union all
      select restaurant_id, null, to_char(date, 'YYYY-MM-DD'), opens::text, closes::text
        from ${restaurantHoursExceptions}
        where restaurant_id in (${ids})
          and date >= (${now.toISOString()}::timestamptz at time zone ${timeZone})::date - 1`,
  );
  const hours = new Map<number, HoursRow[]>();
  const exceptions = new Map<number, ExceptionRow[]>();
  for (const row of found) {
    if (row.date === null) {
      const list = hours.get(row.restaurant_id) ?? [];
      list.push({ weekday: Number(row.weekday), opens: row.opens ?? '', closes: row.closes ?? '' });
      hours.set(row.restaurant_id, list);
    } else {
      const list = exceptions.get(row.restaurant_id) ?? [];
      list.push({ date: row.date, opens: row.opens, closes: row.closes });
      exceptions.set(row.restaurant_id, list);
    }
  }
  for (const row of rows) {
    const opening = openingState(hours.get(row.id) ?? [], exceptions.get(row.id) ?? [], now, timeZone);
    states.set(row.id, orderingState({ opening, ...row }, now));
  }
  return states;
}

/** One restaurant's state (the menu, placing an order); null when there is no such restaurant. */
export async function orderingStateOf(
  db: Db,
  id: number,
  timeZone: string,
  now = new Date(),
): Promise<OrderingState | null> {
  const [row] = await db
    .select({
      id: restaurants.id,
      paused_until: restaurants.paused_until,
      busy_minutes: restaurants.busy_minutes,
      busy_until: restaurants.busy_until,
    })
    .from(restaurants)
    .where(eq(restaurants.id, id));
  if (!row) return null;
  return (await orderingStates(db, [row], timeZone, now)).get(id) ?? null;
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();
/** An instant on the operation's clock as the refusals say it: '19:30' today, '24.12. 08:00' later. */
function localTime(at: string, timeZone: string, now: Date) {
  let format = timeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      day: '2-digit',
      month: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    timeFormats.set(timeZone, format);
  }
  const parts = (d: Date) =>
    Object.fromEntries(format.formatToParts(d).map((p) => [p.type, p.value])) as Record<string, string>;
  const when = parts(new Date(at));
  const today = parts(now);
  const time = `${when.hour}:${when.minute}`;
  return when.day === today.day && when.month === today.month ? time : `${when.day}.${when.month}. ${time}`;
}

/**
 * Refuses an order at a restaurant that takes none now: 422 `restaurant_closed` (outside its hours)
 * or `restaurant_paused`, saying when it takes orders again.
 */
export async function assertTakesOrders(
  db: Db,
  restaurant: number | CapacityRow,
  timeZone: string,
  now = new Date(),
) {
  // A row the caller already read (placing an order) saves reading it again.
  const state =
    typeof restaurant === 'number'
      ? await orderingStateOf(db, restaurant, timeZone, now)
      : ((await orderingStates(db, [restaurant], timeZone, now)).get(restaurant.id) ?? null);
  if (!state || state.takes_orders) return;
  const code = state.reason === 'paused' ? 'restaurant_paused' : 'restaurant_closed';
  if (!state.opens_at) throw new RuleBroken(code, `errors.${code}_now`);
  throw new RuleBroken(code, `errors.${code}`, { at: localTime(state.opens_at, timeZone, now) });
}
