import {
  type EtaInput,
  type EtaPrediction,
  etaMoved,
  hourOfWeek,
  type OrderEta,
  type OrderStatus,
  predictEta,
  prepMinutes,
  promiseMinutes,
  type RiskReason,
} from '@dostava/shared';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { drivers, orderEtaHistory, orders, restaurants } from '../../db/schema/index.js';
import { distanceKm as haversine } from '../../lib/geo.js';
import { numberOrNull, readTogether } from '../../lib/sql.js';
import { isActive, isOnTheRoad, ordersAs } from '../orders/order-rules.js';
import { kmBetween, loadPrep, loadTravel, loadWait } from './eta-models.js';

const o = ordersAs('o');

/** A driver's position older than this is not trusted for a prediction. */
export const FRESH_LOCATION_MINUTES = 10;
/** Where the restaurant or the drop-off has no coordinates: a typical trip. */
const TYPICAL_TRIP_KM = 2;

/** Busy minutes in force now (busy mode without an end, or before its end). */
export const busyNow = sql<number>`(case when ${restaurants.busy_minutes} > 0
  and (${restaurants.busy_until} is null or ${restaurants.busy_until} > now()) then ${restaurants.busy_minutes} else 0 end)`.mapWith(
  Number,
);

const fresh = sql`${drivers.last_location_at} >= now() - ${`${FRESH_LOCATION_MINUTES} minutes`}::interval`;

/** Drivers free to take an order, with a fresh position: on shift, available, carrying nothing. */
const freeDrivers = (db: Db) =>
  db
    .select({ lat: drivers.lat, lng: drivers.lng })
    .from(drivers)
    .where(
      and(
        eq(drivers.shift_state, 'available'),
        fresh,
        sql`not exists (select 1 from "orders" o where ${o.driver_id} = ${drivers.user_id} and ${isActive(o)})`,
      ),
    );

/**
 * The promise made when an order is placed, and the minutes it means: predicted preparation for this
 * hour of the week (busy minutes on top), a driver's way to the restaurant, the ride (decision 0021);
 * when no driver is free (or the restaurant has no position to find one near) and the last hour's
 * orders waited longer for one than predicted, those minutes too (waitCorrection).
 */
export async function promiseFor(
  db: Db,
  restaurant: { id: number; busy_minutes: number; busy_until: Date | null },
  km: number | null,
  timeZone: string,
  now = new Date(),
  models?: EtaModels,
): Promise<{ promised_at: Date; estimated_delivery_minutes: number }> {
  const { prep, travel, wait } = models ?? (await loadModels(db, [restaurant.id]));
  const noneFree = wait > 0 && (km === null || (await freeDrivers(db).limit(1)).length === 0);
  const busy =
    restaurant.busy_minutes > 0 && (restaurant.busy_until === null || restaurant.busy_until > now)
      ? restaurant.busy_minutes
      : 0;
  const minutes = promiseMinutes(
    prepMinutes(prep.get(restaurant.id), hourOfWeek(now, timeZone), busy),
    travel('any'),
    km ?? TYPICAL_TRIP_KM,
    noneFree ? wait : 0,
  );
  return { promised_at: new Date(now.getTime() + minutes * 60_000), estimated_delivery_minutes: minutes };
}

/** An order whose prediction moved, with its risk as it was before (the at-risk lane it leaves). */
export interface PredictedOrder {
  id: number;
  restaurant_id: number;
  risk_reason: string | null;
}

/**
 * The learned models a prediction reads: preparation per restaurant, travel per vehicle type, and the
 * minutes the last hour says an order waits beyond the prediction when no driver is free.
 */
export interface EtaModels {
  prep: Awaited<ReturnType<typeof loadPrep>>;
  travel: Awaited<ReturnType<typeof loadTravel>>;
  wait: number;
}

/** The models for these restaurants (read once by a command that both promises and predicts). */
export async function loadModels(db: Db, restaurantIds: number[]): Promise<EtaModels> {
  const [prep, travel, wait] = await readTogether(db, [
    () => loadPrep(db, restaurantIds),
    () => loadTravel(db),
    () => loadWait(db),
  ]);
  return { prep, travel, wait };
}

export interface PredictOptions {
  timeZone: string;
  /** Only these orders (a command's own); all active orders when absent. */
  ids?: number[];
  now?: Date;
  /** The models already read for these orders' restaurants (placing an order); read here otherwise. */
  models?: EtaModels;
}

/**
 * Predicts pickup and delivery of active orders and writes the ones that moved, set-based: one read of
 * the orders with their restaurant and driver, one of the free drivers, the math in memory (shared
 * predictEta), then one statement that updates the moved orders and appends their history rows (a
 * move of a minute or more, or a new reason). Returns the orders that changed, to announce.
 */
export async function predictOrders(
  db: Db,
  { timeZone, ids, now = new Date(), models }: PredictOptions,
): Promise<PredictedOrder[]> {
  if (ids && ids.length === 0) return [];
  const onTheRoad = isOnTheRoad();
  const filters: SQL[] = [isActive()];
  if (ids) filters.push(inArray(orders.id, ids));
  const rows = await db
    .select({
      id: orders.id,
      restaurant_id: orders.restaurant_id,
      status: orders.status,
      created_at: orders.created_at,
      status_changed_at: orders.status_changed_at,
      picked_up_at: orders.picked_up_at,
      promised_at: orders.promised_at,
      predicted_pickup_at: orders.predicted_pickup_at,
      predicted_delivery_at: orders.predicted_delivery_at,
      risk_reason: orders.risk_reason,
      driver_id: orders.driver_id,
      hour: sql<number>`((extract(isodow from ${orders.created_at} at time zone ${timeZone})::int - 1) * 24
        + extract(hour from ${orders.created_at} at time zone ${timeZone})::int)`.mapWith(Number),
      busy: busyNow,
      restaurant_lat: restaurants.lat,
      restaurant_lng: restaurants.lng,
      trip_km: sql<number | null>`case when ${restaurants.lat} is null then null else ${kmBetween(
        restaurants.lat,
        restaurants.lng,
        orders.lat,
        orders.lng,
      )} end`.mapWith(numberOrNull),
      driver_km: sql<number | null>`case when ${drivers.lat} is null or not ${fresh} then null
        when ${onTheRoad} then ${kmBetween(drivers.lat, drivers.lng, orders.lat, orders.lng)}
        when ${restaurants.lat} is null then null
        else ${kmBetween(drivers.lat, drivers.lng, restaurants.lat, restaurants.lng)} end`.mapWith(
        numberOrNull,
      ),
      vehicle_type: sql<
        string | null
      >`(select v."type"::text from "vehicles" v where v."driver_id" = ${orders.driver_id} limit 1)`,
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .leftJoin(drivers, eq(drivers.user_id, orders.driver_id))
    .where(and(...filters));
  if (rows.length === 0) return [];

  const free = rows.some((r) => r.driver_id === null) ? await freeDrivers(db) : [];
  const { prep, travel, wait } =
    models ??
    (await loadModels(
      db,
      rows.map((r) => r.restaurant_id),
    ));

  const moved: (PredictedOrder & { next: EtaPrediction; placement_wait: number | null })[] = [];
  for (const r of rows) {
    const nearest =
      r.driver_id === null && r.restaurant_lat !== null && r.restaurant_lng !== null && free.length
        ? Math.min(
            ...free.map((d) =>
              haversine(
                { lat: d.lat ?? 0, lng: d.lng ?? 0 },
                { lat: r.restaurant_lat ?? 0, lng: r.restaurant_lng ?? 0 },
              ),
            ),
          )
        : null;
    const input: EtaInput = {
      status: r.status as OrderStatus,
      created_at: r.created_at,
      status_changed_at: r.status_changed_at,
      picked_up_at: r.picked_up_at,
      promised_at: r.promised_at,
      prep_minutes: prepMinutes(prep.get(r.restaurant_id), r.hour, r.busy),
      trip_km: r.trip_km ?? TYPICAL_TRIP_KM,
      driver_km: r.driver_km,
      has_driver: r.driver_id !== null,
      nearest_free_km: nearest,
      travel: travel(r.vehicle_type),
    };
    // Nobody free to take it: the wait for one is corrected by the last hour's (loadWait).
    const noneFree = r.driver_id === null && nearest === null;
    const next = predictEta({ ...input, wait_correction_minutes: noneFree ? wait : 0 }, now);
    // Its first prediction, uncorrected, is what the correction learns from once it is picked up.
    const placementWait =
      noneFree && r.predicted_delivery_at === null
        ? (predictEta(input, now).predicted_pickup_at.getTime() - r.created_at.getTime()) / 60_000
        : null;
    if (etaMoved(r, next))
      moved.push({
        id: r.id,
        restaurant_id: r.restaurant_id,
        risk_reason: r.risk_reason,
        next,
        placement_wait: placementWait,
      });
  }
  if (moved.length === 0) return [];

  const payload = JSON.stringify(
    moved.map((m) => ({
      id: m.id,
      pickup: m.next.predicted_pickup_at.toISOString(),
      delivery: m.next.predicted_delivery_at.toISOString(),
      reason: m.next.risk_reason,
      placement_wait: m.placement_wait,
    })),
  );
  await db.execute(sql`
    with x as (
      select * from jsonb_to_recordset(${payload}::jsonb) as x(id int, pickup timestamptz, delivery timestamptz, reason text, placement_wait float8)
    ), changed as (
      update orders o set predicted_pickup_at = x.pickup, predicted_delivery_at = x.delivery, risk_reason = x.reason,
        placement_wait_minutes = coalesce(o.placement_wait_minutes, x.placement_wait)
      from x where o.id = x.id and ${isActive(o)}
      returning o.id, o.promised_at, o.predicted_pickup_at, o.predicted_delivery_at, o.risk_reason
    )
    insert into order_eta_history (order_id, promised_at, predicted_pickup_at, predicted_delivery_at, risk_reason)
    select id, promised_at, predicted_pickup_at, predicted_delivery_at, risk_reason from changed`);
  return moved.map(({ id, restaurant_id, risk_reason }) => ({ id, restaurant_id, risk_reason }));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The history of an order's promise and prediction, oldest first. */
export async function etaHistory(db: Db, id: number): Promise<OrderEta['history']> {
  const rows = await db
    .select()
    .from(orderEtaHistory)
    .where(eq(orderEtaHistory.order_id, id))
    .orderBy(asc(orderEtaHistory.created_at), asc(orderEtaHistory.id));
  return rows.map((h) => ({
    promised_at: iso(h.promised_at),
    predicted_pickup_at: iso(h.predicted_pickup_at),
    predicted_delivery_at: iso(h.predicted_delivery_at),
    risk_reason: h.risk_reason as RiskReason | null,
    created_at: h.created_at.toISOString(),
  }));
}

/** An order's promise, current prediction and the history of both (its details page). */
export function toOrderEta(
  order: {
    promised_at: Date | null;
    predicted_pickup_at: Date | null;
    predicted_delivery_at: Date | null;
    risk_reason: string | null;
  },
  history: OrderEta['history'],
): OrderEta {
  return {
    promised_at: iso(order.promised_at),
    predicted_pickup_at: iso(order.predicted_pickup_at),
    predicted_delivery_at: iso(order.predicted_delivery_at),
    risk_reason: order.risk_reason as RiskReason | null,
    history,
  };
}
