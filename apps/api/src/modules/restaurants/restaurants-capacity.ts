import {
  type Capacity,
  type CapacityBody,
  type CapacityList,
  can,
  capacityMode,
  isRestaurantRole,
} from '@dostava/shared';
import { and, asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { restaurants } from '../../db/schema/index.js';
import { type ActorContext, audit, changedBy } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import { recordWebhookEvent } from '../webhooks/webhooks-outbox.js';
import { orderingStateOf, orderingStates } from './restaurants-hours.js';

/**
 * Busy and pause (issue 24). One mode at a time: pausing ends busy mode, busy ends a pause, normal
 * ends both. Busy mode lasts until switched back or until the restaurant's closing (the end of the
 * operation's day when it has no hours, see closingTime): extra minutes forgotten on overnight would inflate
 * tomorrow's promises, which is the reset CoopCycle's users asked for. Each end is a job on the
 * database queue (lib/jobs.ts) guarded by the end it was scheduled for, so a pause changed since is
 * not ended by the old job.
 */

const columns = {
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  busy_minutes: restaurants.busy_minutes,
  busy_until: restaurants.busy_until,
  paused_until: restaurants.paused_until,
};
interface Row {
  restaurant_id: number;
  restaurant_name: string;
  busy_minutes: number;
  busy_until: Date | null;
  paused_until: Date | null;
}

export function toCapacity(row: Row, now = new Date()): Capacity {
  return {
    ...row,
    mode: capacityMode(row, now),
    busy_until: row.busy_minutes > 0 ? (row.busy_until?.toISOString() ?? null) : null,
    paused_until:
      row.paused_until && row.paused_until.getTime() > now.getTime() ? row.paused_until.toISOString() : null,
  };
}

/** The webhook event of a capacity change (issue 40), written in the change's own transaction. */
const capacityEvent = (row: Row) => {
  const capacity = toCapacity(row);
  return {
    restaurant_id: row.restaurant_id,
    mode: capacity.mode,
    paused_until: capacity.paused_until,
    busy_minutes: row.busy_minutes,
  };
};

export interface CapacityDeps {
  db: Db;
  jobs: JobQueue;
  bus: EventBus;
  timeZone: string;
}

/**
 * When "until closing" ends: the restaurant's closing on its opening hours while it is open; the end
 * of the operation's day (midnight in its zone) when it has no hours, never closes, or is closed now.
 */
export async function closingTime(db: Db, restaurantId: number, timeZone: string): Promise<Date> {
  const [state, [midnight]] = await readTogether(db, [
    () => orderingStateOf(db, restaurantId, timeZone),
    () =>
      rowsOf<{ at: Date | string }>(
        db,
        sql`select ((date_trunc('day', now() at time zone ${timeZone}) + interval '1 day') at time zone ${timeZone}) as at`,
      ),
  ]);
  // closes_at is set only while the hours say open (a pause does not change when it closes).
  if (state?.closes_at) return new Date(state.closes_at);
  return new Date(midnight?.at as string);
}

export async function getCapacity(db: Db, actor: ActorContext, id: number): Promise<Capacity> {
  if (!can(actor, 'restaurants.capacity', id)) throw new Forbidden();
  const [row] = await db.select(columns).from(restaurants).where(eq(restaurants.id, id));
  if (!row) throw new NotFound();
  return toCapacity(row);
}

/**
 * The restaurants busy, paused or closed by their hours now (restaurant staff: their own), by name,
 * each with its ordering state; and the next instant any of them opens or closes by its hours (issue
 * 36). Two queries whatever the number of restaurants: their rows, then all their hours at once.
 */
export async function listCapacity(
  db: Db,
  actor: ActorContext,
  timeZone: string,
  now = new Date(),
): Promise<CapacityList> {
  if (!can(actor, 'restaurants.capacity')) throw new Forbidden();
  const rows = await db
    .select(columns)
    .from(restaurants)
    .where(isRestaurantRole(actor.role) ? eq(restaurants.id, actor.restaurant_id ?? -1) : undefined)
    .orderBy(asc(restaurants.name), asc(restaurants.id));
  const states = await orderingStates(
    db,
    rows.map((r) => ({ ...r, id: r.restaurant_id })),
    timeZone,
    now,
  );
  const data: CapacityList['data'] = [];
  let changes: number | null = null;
  for (const row of rows) {
    const ordering = states.get(row.restaurant_id);
    if (!ordering) continue;
    const next = ordering.takes_orders ? ordering.closes_at : ordering.opens_at;
    if (next !== null && (changes === null || Date.parse(next) < changes)) changes = Date.parse(next);
    const capacity = toCapacity(row, now);
    if (capacity.mode !== 'normal' || !ordering.takes_orders) data.push({ ...capacity, ordering });
  }
  return { data, changes_at: changes === null ? null : new Date(changes).toISOString() };
}

const pauseKey = (id: number, until: Date) => `restaurant:${id}:${until.toISOString()}`;

export async function setCapacity(
  deps: CapacityDeps,
  actor: ActorContext,
  id: number,
  body: CapacityBody,
): Promise<Capacity> {
  const { db, jobs, bus, timeZone } = deps;
  if (!can(actor, 'restaurants.capacity', id)) throw new Forbidden();
  const [exists] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id));
  if (!exists) throw new NotFound();

  let next: { busy_minutes: number; busy_until: Date | null; paused_until: Date | null };
  if (body.mode === 'normal') next = { busy_minutes: 0, busy_until: null, paused_until: null };
  else if (body.mode === 'busy')
    next = {
      busy_minutes: body.minutes,
      busy_until: await closingTime(db, id, timeZone),
      paused_until: null,
    };
  else {
    const until =
      body.minutes !== undefined
        ? new Date(Date.now() + body.minutes * 60_000)
        : body.until !== undefined
          ? new Date(body.until)
          : await closingTime(db, id, timeZone);
    next = { busy_minutes: 0, busy_until: null, paused_until: until };
  }

  const after = await db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(restaurants).where(eq(restaurants.id, id)).for('update');
    if (!before) throw new NotFound();
    const [row] = await tx
      .update(restaurants)
      .set({ ...next, updated_at: new Date() })
      .where(eq(restaurants.id, id))
      .returning(columns);
    if (!row) throw new NotFound();
    await audit(tx, actor, 'update', 'restaurants', id, before, row);
    await recordWebhookEvent(tx, 'restaurant.paused', capacityEvent(row));
    return row;
  });
  // After the commit: a job never runs for a change that rolled back. Should this instance die in
  // between, resumeCapacityJobs schedules it again at the next start.
  if (after.paused_until)
    await jobs.schedule(
      'restaurant-pause-ends',
      { restaurant_id: id, until: after.paused_until.toISOString() },
      after.paused_until,
      pauseKey(id, after.paused_until),
    );
  if (after.busy_until)
    await jobs.schedule(
      'restaurant-busy-ends',
      { restaurant_id: id, until: after.busy_until.toISOString() },
      after.busy_until,
      pauseKey(id, after.busy_until),
    );
  const capacity = toCapacity(after);
  await bus.publish({
    type: 'restaurant.capacity',
    restaurant_id: id,
    data: { ...capacity, changed_by: await changedBy(db, actor) },
  });
  return capacity;
}

/** The end of a pause or busy mode, by its job: only if it is still the end that job was set for. */
async function endCapacity(db: Db, bus: EventBus, kind: 'pause' | 'busy', data: Record<string, unknown>) {
  const id = Number(data.restaurant_id);
  const until = new Date(String(data.until));
  const guard = kind === 'pause' ? eq(restaurants.paused_until, until) : eq(restaurants.busy_until, until);
  const after = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(columns)
      .from(restaurants)
      .where(and(eq(restaurants.id, id), guard))
      .for('update');
    if (!before) return null;
    const [row] = await tx
      .update(restaurants)
      .set(
        kind === 'pause'
          ? { paused_until: null, updated_at: new Date() }
          : { busy_minutes: 0, busy_until: null, updated_at: new Date() },
      )
      .where(and(eq(restaurants.id, id), guard))
      .returning(columns);
    if (!row) return null;
    // The queue acts, not a person: no actor (the log shows "System").
    await audit(tx, null, 'update', 'restaurants', id, before, row);
    await recordWebhookEvent(tx, 'restaurant.paused', capacityEvent(row));
    return row;
  });
  if (after)
    await bus.publish({
      type: 'restaurant.capacity',
      restaurant_id: id,
      data: { ...toCapacity(after), changed_by: null },
    });
}

export const endPause = (db: Db, bus: EventBus, data: Record<string, unknown>) =>
  endCapacity(db, bus, 'pause', data);
export const endBusy = (db: Db, bus: EventBus, data: Record<string, unknown>) =>
  endCapacity(db, bus, 'busy', data);

/**
 * At start: every pause and busy mode still set gets its job (the queue ignores one already
 * waiting), in case an instance stopped between a change's commit and its job.
 */
export async function resumeCapacityJobs(db: Db, jobs: JobQueue) {
  const rows = await db
    .select(columns)
    .from(restaurants)
    .where(or(isNotNull(restaurants.paused_until), isNotNull(restaurants.busy_until)));
  for (const row of rows) {
    if (row.paused_until)
      await jobs.schedule(
        'restaurant-pause-ends',
        { restaurant_id: row.restaurant_id, until: row.paused_until.toISOString() },
        row.paused_until,
        pauseKey(row.restaurant_id, row.paused_until),
      );
    if (row.busy_until)
      await jobs.schedule(
        'restaurant-busy-ends',
        { restaurant_id: row.restaurant_id, until: row.busy_until.toISOString() },
        row.busy_until,
        pauseKey(row.restaurant_id, row.busy_until),
      );
  }
}
