import {
  can,
  type DispatchMode,
  type DispatchSettings,
  type DispatchSettingsBody,
  type DispatchSuggestion,
  type DriverOffer,
  type DriverOrderPreview,
  hourOfWeek,
  isOnTheRoad,
  type Order,
  prepMinutes,
  type TravelModel,
  type VehicleType,
} from '@dostava/shared';
import { and, eq, inArray, isNull, notInArray, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  dispatchSettings,
  drivers as driversTable,
  endShiftRequests,
  orderOffers,
  orders,
  restaurants,
  shifts,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Conflict, Forbidden, NotFound, RuleBroken } from '../../lib/errors.js';
import { distanceKm } from '../../lib/geo.js';
import type { JobQueue } from '../../lib/jobs.js';
import { parsedRows } from '../../lib/sql.js';
import { loadPrep, loadTravel } from '../eta/eta-models.js';
import { busyNow, FRESH_LOCATION_MINUTES, predictOrders } from '../eta/eta-predictions.js';
import { dispatchModeOf, isActive, ordersAs, waitsForDriver } from '../orders/order-rules.js';
import { announceOrders, type OrderNews } from '../orders/orders-announce.js';
import { changeOrder } from '../orders/orders-change.js';
import { assignDriver } from '../orders/orders-commands.js';
import { assertReachable } from '../orders/orders-queries.js';
import { withdrawOffers } from './dispatch-offers.js';
import {
  evaluate,
  type PlanDriver,
  type PlanOptions,
  type PlanOrder,
  type PlanSettings,
  planRound,
} from './dispatch-plan.js';
import { inPoolOf } from './dispatch-queries.js';

/**
 * Dispatch that runs itself (decision 0024): the settings, the rounds that offer waiting orders to
 * drivers (automatic mode) or compute the suggestions (suggest mode), and the offers' ends.
 */

export interface DispatchDeps {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  timeZone: string;
}

const MINUTE = 60_000;
const o = ordersAs('o');

// ---------------------------------------------------------------------------------------------- settings

export async function readSettings(db: Db): Promise<DispatchSettings> {
  const [row] = await db
    .select({
      mode: dispatchSettings.mode,
      driver_pool: dispatchSettings.driver_pool,
      offer_seconds: dispatchSettings.offer_seconds,
      batching: dispatchSettings.batching,
      batch_pickup_km: dispatchSettings.batch_pickup_km,
      batch_dropoff_km: dispatchSettings.batch_dropoff_km,
      fallback_minutes: dispatchSettings.fallback_minutes,
      pay_aware: dispatchSettings.pay_aware,
      pay_per_delivery: dispatchSettings.pay_per_delivery,
      pay_hourly_minimum: dispatchSettings.pay_hourly_minimum,
      updated_at: dispatchSettings.updated_at,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(dispatchSettings)
    .leftJoin(users, eq(users.id, dispatchSettings.updated_by))
    .where(eq(dispatchSettings.id, 1));
  if (!row) throw new NotFound();
  return {
    mode: row.mode as DispatchMode,
    driver_pool: row.driver_pool,
    offer_seconds: row.offer_seconds,
    batching: row.batching,
    batch_pickup_km: row.batch_pickup_km,
    batch_dropoff_km: row.batch_dropoff_km,
    fallback_minutes: row.fallback_minutes,
    pay_aware: row.pay_aware,
    pay_per_delivery: row.pay_per_delivery,
    pay_hourly_minimum: row.pay_hourly_minimum,
    updated_at: row.updated_at?.toISOString() ?? null,
    updated_by: row.first_name === null ? null : `${row.first_name} ${row.last_name}`,
  };
}

export async function updateSettings(
  { db, bus }: Pick<DispatchDeps, 'db' | 'bus'>,
  actor: ActorContext,
  body: DispatchSettingsBody,
): Promise<DispatchSettings> {
  if (!can(actor, 'dispatch.settings')) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(dispatchSettings).where(eq(dispatchSettings.id, 1)).for('update');
    await tx
      .update(dispatchSettings)
      .set({ ...body, updated_by: actor.user_id, updated_at: new Date() })
      .where(eq(dispatchSettings.id, 1));
    await audit(tx, actor, 'update', 'dispatch_settings', 1, before, body);
  });
  const settings = await readSettings(db);
  await bus.publish({ type: 'dispatch.settings', restaurant_id: null, data: settings });
  return settings;
}

/** A restaurant's own mode (null: the operation's). The caller reads the restaurant back. */
export async function setRestaurantMode(
  { db, bus }: Pick<DispatchDeps, 'db' | 'bus'>,
  actor: ActorContext,
  id: number,
  mode: DispatchMode | null,
): Promise<void> {
  if (!can(actor, 'dispatch.settings')) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [before] = await tx
      .select({ dispatch_mode: restaurants.dispatch_mode })
      .from(restaurants)
      .where(eq(restaurants.id, id))
      .for('update');
    if (!before) throw new NotFound();
    await tx
      .update(restaurants)
      .set({ dispatch_mode: mode, updated_at: new Date() })
      .where(eq(restaurants.id, id));
    await audit(tx, actor, 'dispatch_mode', 'restaurants', id, before, { dispatch_mode: mode });
  });
  await bus.publish({ type: 'dispatch.settings', restaurant_id: null, data: await readSettings(db) });
}

// ------------------------------------------------------------------------------------------ round input

interface WaitingOrder extends PlanOrder {
  restaurant_id: number;
  mode: DispatchMode;
  problem: string | null;
}

/** The state a round decides on: waiting orders in the given modes, drivers on shift, the settings. */
async function loadRound(db: Db, timeZone: string, modes: DispatchMode[], now: number, only?: number[]) {
  const settings = await readSettings(db);
  const mode = dispatchModeOf(orders, settings.mode);
  const rows = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      status: orders.status,
      restaurant_id: orders.restaurant_id,
      restaurant_lat: restaurants.lat,
      restaurant_lng: restaurants.lng,
      lat: orders.lat,
      lng: orders.lng,
      created_at: orders.created_at,
      status_changed_at: orders.status_changed_at,
      promised_at: orders.promised_at,
      problem: orders.dispatch_problem,
      mode,
      busy: busyNow,
      excluded: sql<number[]>`array(select oo."driver_id" from "order_offers" oo
        where oo."order_id" = ${orders.id} and oo."status" in ('declined', 'expired'))`,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(
      and(
        waitsForDriver(),
        inArray(mode, modes),
        sql`not exists (select 1 from "order_offers" oo where oo."order_id" = ${orders.id} and oo."status" = 'pending')`,
        only ? inArray(orders.id, only) : undefined,
      ),
    );
  const prep = await loadPrep(
    db,
    rows.map((r) => r.restaurant_id),
  );
  const waiting: WaitingOrder[] = rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    restaurant_id: r.restaurant_id,
    mode: r.mode,
    problem: r.problem,
    restaurant:
      r.restaurant_lat === null || r.restaurant_lng === null
        ? null
        : { lat: r.restaurant_lat, lng: r.restaurant_lng },
    dropoff: { lat: r.lat, lng: r.lng },
    food_ready_at:
      r.status === 'ready_for_pickup'
        ? Math.min(now, r.status_changed_at.getTime())
        : r.created_at.getTime() +
          prepMinutes(prep.get(r.restaurant_id), hourOfWeek(r.created_at, timeZone), r.busy) * MINUTE,
    promised_at: r.promised_at?.getTime() ?? null,
    excluded: new Set((r.excluded ?? []).map(Number)),
  }));
  const travel = (await loadTravel(db))('any');
  return {
    settings,
    waiting,
    travel,
    drivers: waiting.length ? await loadDrivers(db, timeZone, now) : [],
  };
}

/** Drivers on shift (not on a break, not ending the shift) with what they carry and are offered. */
async function loadDrivers(db: Db, timeZone: string, now: number): Promise<PlanDriver[]> {
  const list = await db
    .select({
      id: driversTable.user_id,
      lat: driversTable.lat,
      lng: driversTable.lng,
      location_at: driversTable.last_location_at,
      vehicle: sql<VehicleType | null>`(select v."type"::text from "vehicles" v where v."driver_id" = ${driversTable.user_id} limit 1)`,
      shift_started_at: shifts.started_at,
      shift_ends_at: shifts.planned_end_at,
      deliveries:
        sql<number>`(select count(*)::int from "orders" o where ${o.driver_id} = ${driversTable.user_id}
        and ${o.status} = 'delivered' and ${o.status_changed_at} >= ${shifts.started_at})`.mapWith(Number),
    })
    .from(driversTable)
    .innerJoin(users, eq(users.id, driversTable.user_id))
    .leftJoin(shifts, and(eq(shifts.driver_id, driversTable.user_id), isNull(shifts.ended_at)))
    .where(
      and(
        eq(users.role, 'driver'),
        eq(users.is_active, true),
        notInArray(driversTable.shift_state, ['off_shift', 'on_break']),
        sql`not exists (select 1 from ${endShiftRequests} where ${endShiftRequests.driver_id} = ${driversTable.user_id}
          and ${endShiftRequests.status} = 'pending')`,
      ),
    );
  if (list.length === 0) return [];
  const ids = list.map((d) => d.id);
  // What each carries, or is offered (an offer holds the driver as an assignment would).
  const carrier = sql<number>`coalesce(${orders.driver_id}, ${orderOffers.driver_id})`.mapWith(Number);
  const carried = await db
    .select({
      id: orders.id,
      order_number: orders.order_number,
      driver_id: carrier,
      status: orders.status,
      restaurant_id: orders.restaurant_id,
      rlat: restaurants.lat,
      rlng: restaurants.lng,
      lat: orders.lat,
      lng: orders.lng,
      created_at: orders.created_at,
      status_changed_at: orders.status_changed_at,
      promised_at: orders.promised_at,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .leftJoin(orderOffers, and(eq(orderOffers.order_id, orders.id), eq(orderOffers.status, 'pending')))
    .where(
      and(
        isActive(),
        or(
          inArray(orders.driver_id, ids),
          and(isNull(orders.driver_id), inArray(orderOffers.driver_id, ids)),
        ),
      ),
    );
  const prep = await loadPrep(db, [...new Set(carried.map((c) => c.restaurant_id))]);
  const travel = await loadTravel(db);
  const byDriver = new Map<number, PlanDriver['carrying'][number][]>();
  for (const c of carried) {
    const list = byDriver.get(c.driver_id) ?? [];
    list.push({
      id: c.id,
      order_number: c.order_number,
      restaurant: c.rlat === null || c.rlng === null ? null : { lat: c.rlat, lng: c.rlng },
      dropoff: { lat: c.lat, lng: c.lng },
      picked_up: isOnTheRoad(c.status),
      food_ready_at:
        c.status === 'created' || c.status === 'preparing_order'
          ? c.created_at.getTime() +
            prepMinutes(prep.get(c.restaurant_id), hourOfWeek(c.created_at, timeZone)) * MINUTE
          : Math.min(now, c.status_changed_at.getTime()),
      promised_at: c.promised_at?.getTime() ?? null,
    });
    byDriver.set(c.driver_id, list);
  }
  return list.map((d) => ({
    id: d.id,
    at: d.lat === null || d.lng === null ? null : { lat: d.lat, lng: d.lng },
    location_at: d.location_at?.getTime() ?? null,
    travel: travel(d.vehicle ?? 'any') as TravelModel,
    carrying: byDriver.get(d.id) ?? [],
    shift_started_at: d.shift_started_at?.getTime() ?? null,
    shift_ends_at: d.shift_ends_at?.getTime() ?? null,
    deliveries: d.deliveries,
  }));
}

/** The rows a round's raw statements return, parsed (PGlite and node-postgres alike). */
const offerRow = z.object({
  id: z.coerce.number(),
  order_id: z.coerce.number(),
  driver_id: z.coerce.number(),
});
const madeRow = offerRow.extend({ reasons: z.unknown() });
const clearedRow = z.object({ id: z.coerce.number(), problem: z.string() });

const planSettings = (s: DispatchSettings): PlanSettings => ({
  batching: s.batching,
  batch_pickup_km: s.batch_pickup_km,
  batch_dropoff_km: s.batch_dropoff_km,
  fallback_minutes: s.fallback_minutes,
  pay_aware: s.pay_aware,
  pay_per_delivery: s.pay_per_delivery,
  pay_hourly_minimum: s.pay_hourly_minimum,
});
/** An order's urgency is measured with the operation's fitted travel, as its promise was made. */
const planOptions = (now: number, travel: TravelModel): PlanOptions => ({
  now,
  fresh_minutes: FRESH_LOCATION_MINUTES,
  travel,
});

// ------------------------------------------------------------------------------------------------ rounds

/**
 * One round, on one instance at a time (a transaction-scoped advisory lock; an instance that does not
 * get it runs again a moment later): offers that ran out are expired and offers that lost their point
 * withdrawn; the orders waiting in automatic mode are solved together and offered; the problems of the
 * suggest and automatic orders are written (the problems lane). Null when another instance holds the
 * round; else how many offers it made and when the first open offer runs out.
 */
export async function runRound(
  deps: DispatchDeps,
  now = Date.now(),
): Promise<{ offered: number; nextExpiry: number | null } | null> {
  const { db, timeZone } = deps;
  const result = await db.transaction(async (tx) => {
    const [lock] = await tx
      .select({ ok: sql<boolean>`pg_try_advisory_xact_lock(hashtext('dispatch.round'))` })
      .from(sql`(select 1) as one`);
    if (!lock?.ok) return null;
    const ended = await endOffers(tx, now);
    const { settings, waiting, drivers, travel } = await loadRound(
      tx,
      timeZone,
      ['suggest', 'automatic'],
      now,
    );
    const plan = planRound(waiting, drivers, planSettings(settings), planOptions(now, travel));
    const automatic = new Set(waiting.filter((o) => o.mode === 'automatic').map((o) => o.id));
    const offers = plan.assignments.filter((a) => automatic.has(a.order_id));
    const expires = new Date(now + settings.offer_seconds * 1000);
    const made = offers.length
      ? await parsedRows(
          tx,
          madeRow,
          sql`
            insert into "order_offers" ("order_id", "driver_id", "reasons", "expires_at")
            select x.order_id, x.driver_id, x.reasons, ${expires.toISOString()}::timestamptz
            from jsonb_to_recordset(${JSON.stringify(offers)}::jsonb) as x(order_id int, driver_id int, reasons jsonb)
            join "orders" o on ${o.id} = x.order_id
            where ${waitsForDriver(o)}
            on conflict do nothing
            returning "id", "order_id", "driver_id", "reasons"`,
        )
      : [];
    for (const offer of made)
      await audit(tx, null, 'offer', 'orders', offer.order_id, null, {
        driver_id: offer.driver_id,
        offer_id: offer.id,
        reasons: offer.reasons,
      });
    // Problems: set where no driver fits, cleared where one may now (also for orders no longer waiting).
    const problems = waiting
      .filter(
        (o) => (plan.problems.get(o.id) ?? null) !== o.problem && !made.some((m) => m.order_id === o.id),
      )
      .map((o) => ({ id: o.id, problem: plan.problems.get(o.id) ?? null }));
    const cleared = await parsedRows(
      tx,
      clearedRow,
      sql`
      with gone as (
        select o."id", o."dispatch_problem" from "orders" o
        where o."dispatch_problem" is not null and (not ${waitsForDriver(o)}
          or exists (select 1 from "order_offers" oo where oo."order_id" = o."id" and oo."status" = 'pending')
          or ${dispatchModeOf(o, settings.mode)} = 'manual')
        for update
      )
      update "orders" o set "dispatch_problem" = null from gone where o."id" = gone."id"
      returning o."id", gone."dispatch_problem" as problem`,
    );
    if (problems.length)
      await tx.execute(sql`
        update "orders" o set "dispatch_problem" = x.problem
        from jsonb_to_recordset(${JSON.stringify(problems)}::jsonb) as x(id int, problem text)
        where o."id" = x.id`);
    // An offer gives the order a driver on the way: its prediction (and risk, as it was) moves.
    const risks = new Map(
      (made.length ? await predictOrders(tx, { timeZone, ids: made.map((m) => m.order_id) }) : []).map(
        (p) => [p.id, p.risk_reason],
      ),
    );
    // What each changed order's problem was before: the boards move it in or out of the problems lane.
    const before = new Map<number, string | null>();
    for (const o of waiting) before.set(o.id, o.problem);
    for (const r of cleared) before.set(r.id, r.problem);
    return {
      changed: [
        ...new Set([
          ...ended.map((e) => e.order_id),
          ...made.map((m) => m.order_id),
          ...problems.map((p) => p.id),
          ...cleared.map((r) => r.id),
        ]),
      ].map((id) => ({
        id,
        problem: before.has(id) ? (before.get(id) ?? null) : undefined,
        risk: risks.get(id),
      })),
      drivers: [...new Set([...ended.map((e) => e.driver_id), ...made.map((m) => m.driver_id)])],
      offers: made.map((m) => ({ id: m.id, expires })),
    };
  });
  if (!result) return null;
  for (const offer of result.offers)
    await deps.jobs.schedule(
      'dispatch-offer-expires',
      { offer_id: offer.id },
      offer.expires,
      `offer:${offer.id}`,
    );
  await announceOrders(
    deps.db,
    deps.bus,
    result.changed.map(
      (c): OrderNews => ({
        id: c.id,
        // A round moves no status and no driver: only the offer, the problem and the prediction.
        previous: { unmoved: { dispatch_problem: c.problem, risk_reason: c.risk } },
        note: { dispatch: true },
      }),
    ),
    result.drivers,
  );
  const [next] = await deps.db
    .select({ at: sql<Date>`min(${orderOffers.expires_at})` })
    .from(orderOffers)
    .where(eq(orderOffers.status, 'pending'));
  return { offered: result.offers.length, nextExpiry: next?.at ? new Date(next.at).getTime() : null };
}

/** Expires the offers whose time ran out, withdraws the ones whose order or driver moved on. */
async function endOffers(tx: Db, now: number) {
  const expired = await parsedRows(
    tx,
    offerRow,
    sql`
    update "order_offers" set "status" = 'expired', "decided_at" = now()
    where "status" = 'pending' and "expires_at" <= ${new Date(now).toISOString()}::timestamptz
    returning "id", "order_id", "driver_id"`,
  );
  for (const e of expired)
    await audit(tx, null, 'offer_expired', 'orders', e.order_id, null, {
      driver_id: e.driver_id,
      offer_id: e.id,
    });
  const withdrawn = await parsedRows(
    tx,
    offerRow,
    sql`
    update "order_offers" oo set "status" = 'withdrawn', "decided_at" = now()
    from "orders" o, "drivers" d
    where oo."status" = 'pending' and ${o.id} = oo."order_id" and d."user_id" = oo."driver_id"
      and (not ${waitsForDriver(o)}
        or d."shift_state" in ('off_shift', 'on_break')
        or ${dispatchModeOf(o)} <> 'automatic')
    returning oo."id", oo."order_id", oo."driver_id"`,
  );
  for (const w of withdrawn)
    await audit(tx, null, 'offer_withdrawn', 'orders', w.order_id, null, {
      driver_id: w.driver_id,
      offer_id: w.id,
    });
  return [...expired, ...withdrawn];
}

// ------------------------------------------------------------------------------------------- the driver

/** What a driver sees of an order before accepting it: nothing about the customer. */
const previewColumns = {
  order_id: orders.id,
  order_number: orders.order_number,
  status: orders.status,
  restaurant_id: restaurants.id,
  restaurant_name: restaurants.name,
  restaurant_address: restaurants.address,
  restaurant_lat: restaurants.lat,
  restaurant_lng: restaurants.lng,
  lat: orders.lat,
  lng: orders.lng,
};
interface PreviewRow {
  order_id: number;
  order_number: string;
  status: string;
  restaurant_id: number;
  restaurant_name: string;
  restaurant_address: string;
  restaurant_lat: number | null;
  restaurant_lng: number | null;
  lat: number;
  lng: number;
}

const toPreview = (r: PreviewRow): DriverOrderPreview => ({
  order_id: r.order_id,
  order_number: r.order_number,
  status: r.status as DriverOrderPreview['status'],
  restaurant: { id: r.restaurant_id, name: r.restaurant_name, address: r.restaurant_address },
  dropoff_km:
    r.restaurant_lat === null || r.restaurant_lng === null
      ? null
      : Math.round(distanceKm({ lat: r.restaurant_lat, lng: r.restaurant_lng }, r) * 10) / 10,
});

/** The driver app: the offers waiting for this driver's answer. */
export async function driverOffers(db: Db, actor: ActorContext): Promise<DriverOffer[]> {
  const rows = await db
    .select({
      ...previewColumns,
      id: orderOffers.id,
      expires_at: orderOffers.expires_at,
      reasons: orderOffers.reasons,
    })
    .from(orderOffers)
    .innerJoin(orders, eq(orders.id, orderOffers.order_id))
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(
      and(
        eq(orderOffers.driver_id, actor.user_id),
        eq(orderOffers.status, 'pending'),
        sql`${orderOffers.expires_at} > now()`,
      ),
    )
    .orderBy(orderOffers.expires_at);
  return rows.map((r) => ({
    ...toPreview(r),
    id: r.id,
    expires_at: r.expires_at.toISOString(),
    reasons: r.reasons as DriverOffer['reasons'],
  }));
}

/** The driver app: the waiting orders this driver may take from the pool (none while it is off). */
export async function driverPool(db: Db, actor: ActorContext): Promise<DriverOrderPreview[]> {
  const rows = await db
    .select(previewColumns)
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(inPoolOf(actor.user_id))
    // Food on the pass first, then the oldest.
    .orderBy(sql`${orders.status} = 'ready_for_pickup' desc`, orders.created_at)
    .limit(100);
  return rows.map(toPreview);
}

/** The driver declines an offer: it is never offered to them again, and the next round passes it on. */
export async function declineOffer(deps: DispatchDeps, actor: ActorContext, orderId: number) {
  const { db } = deps;
  const declined = await db.transaction(async (tx) => {
    const [offer] = await tx
      .update(orderOffers)
      .set({ status: 'declined', decided_at: new Date() })
      .where(
        and(
          eq(orderOffers.order_id, orderId),
          eq(orderOffers.driver_id, actor.user_id),
          eq(orderOffers.status, 'pending'),
        ),
      )
      .returning();
    if (!offer) throw new RuleBroken('no_offer', 'errors.no_offer');
    await audit(tx, actor, 'offer_declined', 'orders', orderId, null, {
      driver_id: actor.user_id,
      offer_id: offer.id,
    });
    return offer;
  });
  await announceOrders(
    deps.db,
    deps.bus,
    [{ id: declined.order_id, previous: { unmoved: {} }, note: { dispatch: true } }],
    [actor.user_id],
  );
}

// ------------------------------------------------------------------------------------------- suggestions

/** The best driver for each order waiting in suggest mode, solved together, with the reasons. */
export async function suggestions(
  db: Db,
  actor: ActorContext,
  timeZone: string,
): Promise<DispatchSuggestion[]> {
  if (!can(actor, 'orders.dispatch')) throw new Forbidden();
  const now = Date.now();
  const { settings, waiting, drivers, travel } = await loadRound(db, timeZone, ['suggest'], now);
  if (waiting.length === 0) return [];
  const plan = planRound(waiting, drivers, planSettings(settings), planOptions(now, travel));
  const names = await driverNames(
    db,
    plan.assignments.map((a) => a.driver_id),
  );
  return plan.assignments.map((a) => ({
    order_id: a.order_id,
    driver: { id: a.driver_id, name: names.get(a.driver_id) ?? '' },
    reasons: a.reasons,
  }));
}

async function driverNames(db: Db, ids: number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: users.id, first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, `${r.first_name} ${r.last_name}`]));
}

/**
 * The dispatcher accepts the suggestion they saw: the driver is assigned as by hand, with the reasons
 * audited. Refused (409 suggestion_changed) when that driver no longer fits the order.
 */
export async function acceptSuggestion(
  deps: DispatchDeps,
  actor: ActorContext,
  orderId: number,
  driverId: number,
): Promise<Order> {
  const { db, timeZone } = deps;
  if (!can(actor, 'orders.dispatch')) throw new Forbidden();
  await assertReachable(db, actor, orderId);
  const now = Date.now();
  const { settings, waiting, drivers, travel } = await loadRound(db, timeZone, ['suggest'], now, [orderId]);
  const order = waiting[0];
  if (!order) throw new RuleBroken('no_suggestion', 'errors.no_suggestion');
  const driver = drivers.find((d) => d.id === driverId);
  const fit = driver && evaluate(order, driver, planSettings(settings), planOptions(now, travel), drivers);
  if (!fit) throw new Conflict('suggestion_changed', 'errors.suggestion_changed');
  return assignDriver(db, deps, actor, orderId, driverId, true, { suggested: fit.reasons });
}

// ------------------------------------------------------------------------------------------------- lock

/** Keeps an order out of the automatic mode (its open offer is withdrawn), or lets it back in. */
export function setLock(
  deps: DispatchDeps,
  actor: ActorContext,
  orderId: number,
  locked: boolean,
): Promise<Order> {
  if (!can(actor, 'orders.dispatch')) throw new Forbidden();
  return changeOrder(deps.db, deps, actor, orderId, (order) => ({
    set: { dispatch_locked: locked, ...(locked ? { dispatch_problem: null } : {}) },
    after: locked
      ? async (tx) => {
          await withdrawOffers(tx, orderId, actor);
        }
      : undefined,
    audit: {
      action: locked ? 'dispatch_lock' : 'dispatch_unlock',
      before: { locked: order.dispatch_locked, problem: order.dispatch_problem },
      after: { locked },
    },
    note: { dispatch: true },
  }));
}
