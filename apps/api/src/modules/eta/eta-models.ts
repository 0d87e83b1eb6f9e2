import {
  correctTravel,
  ETA_DEFAULTS,
  fitTravel,
  LEARNING_DAYS,
  type PrepModel,
  RECENT_MINUTES,
  recentCorrection,
  regressionFromSums,
  TRAVEL_HALF_LIFE_DAYS,
  type TravelModel,
  travelMinutes,
  VEHICLE_TYPES,
  waitCorrection,
} from '@dostava/shared';
import { inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { prepTimeModel, travelTimeModel } from '../../db/schema/index.js';
import { readTogether, rowsOf } from '../../lib/sql.js';

/**
 * A coordinate to 7 decimals (about a centimetre): PostgreSQL refuses a float8 result that underflows,
 * and a customer app may send a subnormal like 5e-324, which squared would fail the whole query.
 */
const coordinate = (value: unknown) => sql`round(${value}::numeric, 7)::float8`;

/** Straight-line km between two points in SQL (the haversine, as the driver candidates measure it). */
export const kmBetween = (lat1: unknown, lng1: unknown, lat2: unknown, lng2: unknown) => {
  const [a, b, c, d] = [coordinate(lat1), coordinate(lng1), coordinate(lat2), coordinate(lng2)];
  return sql<number>`(2 * 6371 * asin(sqrt(
    power(sin(radians(${c} - ${a}) / 2), 2)
    + cos(radians(${a})) * cos(radians(${c}))
    * power(sin(radians(${d} - ${b}) / 2), 2))))`;
};

/**
 * Relearns preparation times from the last LEARNING_DAYS days: the median of created → first ready for
 * pickup per restaurant and hour of the week (operation's zone), and per restaurant overall (-1).
 * Stored raw with their sample counts; the shrinkage toward the overall figure and the default is applied
 * when predicting (prepMinutes). Idempotent: upserts, then drops cells that left the window.
 */
async function refreshPrep(db: Db, timeZone: string) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      with samples as (
        select o.restaurant_id,
          ((extract(isodow from o.created_at at time zone ${timeZone})::int - 1) * 24
            + extract(hour from o.created_at at time zone ${timeZone})::int) as hour_of_week,
          extract(epoch from (ready.at - o.created_at)) / 60 as minutes
        from orders o
        cross join lateral (
          select min(h.created_at) as at from order_status_history h
          where h.order_id = o.id and h.to_status = 'ready_for_pickup') ready
        where o.created_at >= now() - ${`${LEARNING_DAYS} days`}::interval and ready.at is not null
      ), kept as (select * from samples where minutes between 1 and 180),
      cells as (
        select restaurant_id, hour_of_week,
          percentile_cont(0.5) within group (order by minutes) as minutes, count(*)::int as samples
        from kept group by restaurant_id, hour_of_week
        union all
        select restaurant_id, -1,
          percentile_cont(0.5) within group (order by minutes), count(*)::int
        from kept group by restaurant_id
      )
      insert into prep_time_model (restaurant_id, hour_of_week, minutes, samples, updated_at)
      select restaurant_id, hour_of_week, minutes, samples, now() from cells
      on conflict (restaurant_id, hour_of_week)
        do update set minutes = excluded.minutes, samples = excluded.samples, updated_at = excluded.updated_at`);
    // Everything this run did not write has no sample left in the window.
    await tx.execute(sql`delete from prep_time_model where updated_at < now()`);
  });
}

/**
 * Delivered rides as rows (vehicle_type, km, minutes, age_days): picked up → delivered minutes against
 * the straight line restaurant → customer, of the orders `where` keeps, sane ones only (0.5–180 min).
 */
const rides = (where: SQL) => sql`(
  select v.type::text as vehicle_type,
    ${kmBetween(sql`r.lat`, sql`r.lng`, sql`o.lat`, sql`o.lng`)} as km,
    extract(epoch from (o.delivered_at - o.picked_up_at)) / 60 as minutes,
    greatest(0, extract(epoch from (now() - o.delivered_at)) / 86400) as age_days
  from orders o
  join restaurants r on r.id = o.restaurant_id
  left join vehicles v on v.driver_id = o.driver_id
  where o.status = 'delivered' and ${where}
    and o.picked_up_at is not null and o.delivered_at > o.picked_up_at and r.lat is not null
) t where t.minutes between 0.5 and 180`;

/**
 * Relearns travel per vehicle type ('any' pools them): a least-squares line of ride minutes (picked up →
 * delivered) on straight-line km restaurant → customer gives minutes per km and the fixed handover,
 * each ride weighted by its age (halved every TRAVEL_HALF_LIFE_DAYS, so this week speaks louder than
 * the month; shared weightedRegression from the same sums); the median moving speed between consecutive
 * location pings gives the speed, and with it the detour factor. A type with few rides (effective, after
 * the decay) leans on 'any', 'any' on the defaults (fitTravel).
 */
async function refreshTravel(db: Db) {
  const w = sql`power(0.5, t.age_days / ${TRAVEL_HALF_LIFE_DAYS}::float8)`;
  const fits = await db
    .select({
      vehicle_type: sql<string>`coalesce(t.vehicle_type, 'any')`,
      n: sql<number>`count(*)::int`,
      w: sql<number>`sum(${w})`,
      ww: sql<number>`sum(${w} * ${w})`,
      x: sql<number>`sum(${w} * t.km)`,
      y: sql<number>`sum(${w} * t.minutes)`,
      xx: sql<number>`sum(${w} * t.km * t.km)`,
      xy: sql<number>`sum(${w} * t.km * t.minutes)`,
    })
    .from(rides(sql`o.created_at >= now() - ${`${LEARNING_DAYS} days`}::interval`))
    .groupBy(sql`grouping sets ((t.vehicle_type), ())`)
    // The grouping set () is the pool of every type ('any'); rides of drivers without a vehicle count there only.
    .having(sql`grouping(t.vehicle_type) = 1 or t.vehicle_type is not null`);
  const speeds = await db
    .select({
      vehicle_type: sql<string>`coalesce(s.vehicle_type, 'any')`,
      speed: sql<number | null>`percentile_cont(0.5) within group (order by s.kmh)`,
    })
    .from(
      sql`(
        select v.type::text as vehicle_type,
          ${kmBetween(sql`p.prev_lat`, sql`p.prev_lng`, sql`p.lat`, sql`p.lng`)} / (p.seconds / 3600) as kmh
        from (
          select l.driver_id, l.lat, l.lng,
            lag(l.lat) over w as prev_lat, lag(l.lng) over w as prev_lng,
            extract(epoch from (l.recorded_at - lag(l.recorded_at) over w)) as seconds
          from driver_locations l
          where l.recorded_at >= now() - interval '1 day'
          window w as (partition by l.driver_id order by l.recorded_at)
        ) p
        left join vehicles v on v.driver_id = p.driver_id
        where p.seconds between 2 and 120
      ) s where s.kmh between 3 and 90`,
    )
    .groupBy(sql`grouping sets ((s.vehicle_type), ())`)
    .having(sql`grouping(s.vehicle_type) = 1 or s.vehicle_type is not null`);

  const fitOf = (type: string) => fits.find((f) => f.vehicle_type === type);
  const speedOf = (type: string) => speeds.find((s) => s.vehicle_type === type)?.speed ?? null;
  const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
  const model = (type: string, prior: TravelModel) => {
    const fit = fitOf(type);
    const line = fit
      ? regressionFromSums({
          n: Number(fit.n),
          w: Number(fit.w),
          ww: Number(fit.ww),
          x: Number(fit.x),
          y: Number(fit.y),
          xx: Number(fit.xx),
          xy: Number(fit.xy),
        })
      : { slope: null, intercept: null, samples: 0 };
    return {
      ...fitTravel(
        { ...line, ping_speed_kmh: num(speedOf(type)) ?? (type === 'any' ? null : prior.speed_kmh) },
        prior,
      ),
      samples: Number(fit?.n ?? 0),
    };
  };
  const any = model('any', ETA_DEFAULTS);
  const rows = [
    { vehicle_type: 'any', ...any },
    ...VEHICLE_TYPES.map((type) => ({ vehicle_type: type, ...model(type, any) })),
  ];
  await db
    .insert(travelTimeModel)
    .values(rows.map((r) => ({ ...r, updated_at: new Date() })))
    .onConflictDoUpdate({
      target: travelTimeModel.vehicle_type,
      set: {
        detour_factor: sql`excluded.detour_factor`,
        speed_kmh: sql`excluded.speed_kmh`,
        handover_minutes: sql`excluded.handover_minutes`,
        samples: sql`excluded.samples`,
        updated_at: sql`excluded.updated_at`,
      },
    });
}

/** Relearns both models; run at start-up and on a timer in every instance (idempotent upserts). */
export async function refreshModels(db: Db, timeZone: string) {
  await refreshPrep(db, timeZone);
  await refreshTravel(db);
}

/** The learned preparation of the given restaurants. */
export async function loadPrep(db: Db, restaurantIds: number[]): Promise<Map<number, PrepModel>> {
  const out = new Map<
    number,
    { overall: PrepModel['overall']; hours: Map<number, { minutes: number; samples: number }> }
  >();
  if (restaurantIds.length === 0) return out;
  const rows = await db
    .select()
    .from(prepTimeModel)
    .where(inArray(prepTimeModel.restaurant_id, [...new Set(restaurantIds)]));
  for (const r of rows) {
    const model = out.get(r.restaurant_id) ?? { overall: null, hours: new Map() };
    if (r.hour_of_week === -1) model.overall = { minutes: r.minutes, samples: r.samples };
    else model.hours.set(r.hour_of_week, { minutes: r.minutes, samples: r.samples });
    out.set(r.restaurant_id, model);
  }
  return out;
}

/**
 * The learned travel per vehicle type (the defaults where nothing was learned yet), corrected by the
 * error of the last RECENT_MINUTES: the rides delivered since, each against its type's learned model,
 * give one factor for all types (shared recentCorrection: a median weighted by minutes and recency,
 * shrunk while rides are few, bounded),
 * so a change of the whole operation's pace (traffic, weather, new drivers) shows within the hour
 * instead of waiting for the decayed fit (decision 0021).
 */
export async function loadTravel(db: Db): Promise<(type: string | null) => TravelModel> {
  const [rows, recent] = await readTogether(db, [
    () => db.select().from(travelTimeModel),
    () =>
      db
        .select({
          vehicle_type: sql<string | null>`t.vehicle_type`,
          km: sql<number>`t.km`,
          minutes: sql<number>`t.minutes`,
          age_days: sql<number>`t.age_days`,
        })
        .from(
          rides(sql`o.created_at >= now() - interval '1 day'
          and o.delivered_at >= now() - ${`${RECENT_MINUTES} minutes`}::interval`),
        ),
  ]);
  const byType = new Map(rows.map((r) => [r.vehicle_type, r]));
  const any = byType.get('any') ?? ETA_DEFAULTS;
  const learned = (type: string | null): TravelModel => (type && byType.get(type)) || any;
  const factor = recentCorrection(
    recent.map((r) => ({
      actual_minutes: Number(r.minutes),
      predicted_minutes: travelMinutes(learned(r.vehicle_type), Number(r.km)),
      age_minutes: Number(r.age_days) * 24 * 60,
    })),
  );
  const corrected = new Map(
    [...byType.keys(), 'any'].map((type) => [type, correctTravel(learned(type), factor)]),
  );
  const anyCorrected = corrected.get('any') as TravelModel;
  return (type) => (type && corrected.get(type)) || anyCorrected;
}

/**
 * Minutes to add to the pickup of an order placed while no driver is free (shared waitCorrection): the
 * orders picked up in the last RECENT_MINUTES that were placed so, their minutes placed → picked up
 * against the uncorrected prediction their placement recorded (`placement_wait_minutes`). When drivers
 * are scarce the queue for one grows past NO_DRIVER_WAIT_MINUTES, which no travel model sees
 * (decision 0021).
 */
export async function loadWait(db: Db): Promise<number> {
  const recent = await rowsOf<{ actual: number; predicted: number; age: number }>(
    db,
    sql`
    select extract(epoch from (o.picked_up_at - o.created_at)) / 60 as actual,
      o.placement_wait_minutes as predicted,
      greatest(0, extract(epoch from (now() - o.picked_up_at)) / 60) as age
    from orders o
    where o.created_at >= now() - interval '1 day'
      and o.picked_up_at >= now() - ${`${RECENT_MINUTES} minutes`}::interval
      and o.placement_wait_minutes is not null and o.picked_up_at > o.created_at`,
  );
  return waitCorrection(
    recent.map((r) => ({
      actual_minutes: Number(r.actual),
      predicted_minutes: Number(r.predicted),
      age_minutes: Number(r.age),
    })),
  );
}
