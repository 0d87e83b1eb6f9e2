import {
  type Actor,
  type Dashboard,
  type dashboardQuery,
  isRestaurantRole,
  LATENESS_STAGES,
  periodRange,
  VEHICLE_TYPES,
} from '@dostava/shared';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { addDays, daysBetween, isoWeekday, localToday } from '../../lib/dates.js';
import { readTogether, rowsOf, rowsPlannedEachCall } from '../../lib/sql.js';

type Query = z.output<typeof dashboardQuery>;

/** A period's buckets, built once: a year's are 365 date steps, the same for every request of the day. */
const bucketLists = new Map<string, readonly string[]>();
function buckets(from: string, to: string, granularity: 'hour' | 'day' | 'month'): readonly string[] {
  const key = `${from} ${to} ${granularity}`;
  let list = bucketLists.get(key);
  if (!list) {
    list = bucketsOf(from, to, granularity);
    if (bucketLists.size >= 100) bucketLists.clear();
    bucketLists.set(key, list);
  }
  return list;
}

function bucketsOf(from: string, to: string, granularity: 'hour' | 'day' | 'month'): string[] {
  const out: string[] = [];
  if (granularity === 'hour') {
    for (let day = from; day <= to; day = addDays(day, 1))
      for (let h = 0; h < 24; h++) out.push(`${day}T${String(h).padStart(2, '0')}`);
  } else if (granularity === 'day') {
    for (let day = from; day <= to; day = addDays(day, 1)) out.push(day);
  } else {
    for (let day = from; day <= to; day = addDays(day, 1))
      if (!out.includes(day.slice(0, 7))) out.push(day.slice(0, 7));
  }
  return out;
}

/**
 * The whole months inside from…to: the first's and the last's first day, and the last's last day (an
 * empty range, first after last, when there is none).
 */
export function wholeMonths(from: string, to: string) {
  const first = from.endsWith('-01') ? from : nextMonth(from);
  const after = addDays(to, 1);
  const lastEnd = after.endsWith('-01') ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  return { first, last: `${lastEnd.slice(0, 7)}-01`, end: lastEnd };
}

/**
 * The whole calendar years inside from…to: the first's January 1, the last's January 1 and December
 * 31 (an empty range, first after last, when there is none), and how many.
 */
export function wholeYears(from: string, to: string) {
  const first = Number(from.slice(0, 4)) + (from.endsWith('-01-01') ? 0 : 1);
  const last = Number(to.slice(0, 4)) - (to.endsWith('-12-31') ? 0 : 1);
  return {
    first: `${first}-01-01`,
    last: `${last}-01-01`,
    end: `${last}-12-31`,
    count: Math.max(0, last - first + 1),
  };
}

function nextMonth(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/**
 * Every dashboard widget for a period in one answer, read from the rollups (never the raw orders).
 * Restaurant staff see their own restaurant only.
 */
export async function dashboard(db: Db, actor: Actor, query: Query, timeZone: string): Promise<Dashboard> {
  const today = localToday(timeZone);
  const { from, to } = periodRange(query.period, today, query);
  const days = daysBetween(from, to);
  const granularity = days <= 2 ? 'hour' : days <= 62 ? 'day' : 'month';
  const own = isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : null;
  // The whole operation reads its own rollups (a row per day or hour); a restaurant reads its rows.
  const daily = own === null ? sql.raw('stats_all_daily') : sql.raw('stats_orders_daily');
  const hourly = own === null ? sql.raw('stats_all_hourly') : sql.raw('stats_orders_hourly');
  const scope = (alias: string) => (own === null ? sql`true` : sql`${sql.raw(alias)}.restaurant_id = ${own}`);
  const inPeriod = (alias: string) => sql`${sql.raw(alias)}.day between ${from}::date and ${to}::date`;

  const months = wholeMonths(from, to);
  // Whole years come from the yearly rollups, the period's other days from the daily ones.
  const years = wholeYears(from, to);
  const inYears = (alias: string) =>
    sql`${sql.raw(alias)}.year between ${years.first}::date and ${years.last}::date`;
  const outsideYears = (alias: string) =>
    sql`not (${sql.raw(alias)}.day between ${years.first}::date and ${years.end}::date)`;
  const oneWholeYear = years.count === 1 && from === years.first && to === years.end;
  const monday = addDays(today, 1 - isoWeekday(today));
  const monthStart = `${today.slice(0, 7)}-01`;
  const [counters, totals, series, categories, products, vehicles, heatmap, punctuality, byZone] =
    await readTogether(db, [
      () =>
        rowsPlannedEachCall<{ today: number; week: number; month: number }>(
          db,
          sql`
      select coalesce(sum(orders) filter (where day = ${today}::date), 0)::int as today,
        coalesce(sum(orders) filter (where day >= ${monday}::date and day <= ${today}::date), 0)::int as week,
        coalesce(sum(orders) filter (where day >= ${monthStart}::date and day <= ${today}::date), 0)::int as month
      from ${daily} d where ${scope('d')} and d.day >= least(${monday}::date, ${monthStart}::date)`,
        ),
      () =>
        rowsPlannedEachCall<{
          orders: number;
          delivered: number;
          earnings: number;
          revenue: number;
          promised: number;
          on_time: number;
          kitchen: number;
          driver: number;
          road: number;
        }>(
          db,
          sql`
      select coalesce(sum(orders), 0)::int orders, coalesce(sum(delivered), 0)::int delivered,
        coalesce(sum(earnings), 0)::bigint earnings, coalesce(sum(revenue), 0)::bigint revenue,
        coalesce(sum(promised), 0)::int promised, coalesce(sum(on_time), 0)::int on_time,
        coalesce(sum(late_kitchen_seconds), 0)::bigint kitchen, coalesce(sum(late_driver_seconds), 0)::bigint driver,
        coalesce(sum(late_road_seconds), 0)::bigint road
      from ${daily} d where ${scope('d')} and ${inPeriod('d')}`,
        ),
      () =>
        granularity === 'hour'
          ? rowsPlannedEachCall<{ bucket: string; orders: number }>(
              db,
              sql`
          select to_char(h.day, 'YYYY-MM-DD') || 'T' || lpad(h.hour::text, 2, '0') as bucket, sum(h.orders)::int as orders
          from ${hourly} h where ${scope('h')} and ${inPeriod('h')} group by 1`,
            )
          : rowsPlannedEachCall<{ bucket: string; orders: number }>(
              db,
              sql`
          select to_char(d.day, ${granularity === 'day' ? 'YYYY-MM-DD' : 'YYYY-MM'}) as bucket, sum(d.orders)::int as orders
          from ${daily} d where ${scope('d')} and ${inPeriod('d')} group by 1`,
            ),
      () =>
        rowsPlannedEachCall<{ id: number; name: string; quantity: number; amount: number }>(
          db,
          own === null
            ? sql`
      select c.id, c.name, sum(s.quantity)::int as quantity, sum(s.amount)::bigint as amount
      from (select y.category_id, y.quantity, y.amount from stats_categories_yearly y where ${inYears('y')}
        union all
        select s.category_id, s.quantity, s.amount from stats_categories_daily s
        where ${inPeriod('s')} and ${outsideYears('s')}) s
      join categories c on c.id = s.category_id group by c.id, c.name order by quantity desc, c.id limit 5`
            : sql`
      select c.id, c.name, sum(p.quantity)::int as quantity, sum(p.amount)::bigint as amount
      from (select y.category_id, y.quantity, y.amount from stats_products_yearly y where ${scope('y')} and ${inYears('y')}
        union all
        select p.category_id, p.quantity, p.amount from stats_products_daily p
        where ${scope('p')} and ${inPeriod('p')} and ${outsideYears('p')}) p
      join categories c on c.id = p.category_id group by c.id, c.name order by quantity desc, c.id limit 5`,
        ),
      () =>
        rowsPlannedEachCall<{
          id: number;
          name: string;
          restaurant: string;
          quantity: number;
          amount: number;
        }>(
          db,
          // The five first, by key alone; names are joined to those five only. One whole year reads them
          // off the yearly rows' index (a product has one row a year): five rows.
          sql`
      select pr.id, pr.name, r.name as restaurant, t.quantity, t.amount
      from (${
        oneWholeYear
          ? sql`select y.product_id, y.quantity, y.amount from stats_products_yearly y
            where y.year = ${years.first}::date and ${scope('y')}
            order by y.quantity desc, y.product_id limit 5`
          : sql`select u.product_id, sum(u.quantity)::int as quantity, sum(u.amount)::bigint as amount
            from (select y.product_id, y.quantity, y.amount from stats_products_yearly y where ${scope('y')} and ${inYears('y')}
              union all
              select p.product_id, p.quantity, p.amount from stats_products_daily p
              where ${scope('p')} and ${inPeriod('p')} and ${outsideYears('p')}) u
            group by u.product_id order by quantity desc, u.product_id limit 5`
      }) t
      join products pr on pr.id = t.product_id join restaurants r on r.id = pr.restaurant_id
      order by t.quantity desc, pr.id`,
        ),
      () =>
        // A key lookup per vehicle: as a join, the planner walked every user (50,000 at bench size).
        rowsOf<{ type: (typeof VEHICLE_TYPES)[number]; drivers: number }>(
          db,
          sql`
      select v.type, count(*)::int as drivers from vehicles v
      where (select u.role = 'driver' and u.is_active from users u where u.id = v.driver_id) group by v.type`,
        ),
      () =>
        rowsPlannedEachCall<{ weekday: number; hour: number; orders: number }>(
          db,
          own === null
            ? sql`
      select weekday, hour, sum(orders)::int as orders
      from (select y.weekday::int as weekday, y.hour::int as hour, y.orders from stats_all_week_hours_yearly y
          where ${inYears('y')}
        union all
        select extract(isodow from h.day)::int, h.hour::int, h.orders from stats_all_hourly h
          where ${inPeriod('h')} and ${outsideYears('h')}) u
      group by 1, 2 order by 1, 2`
            : sql`
      select extract(isodow from h.day)::int as weekday, h.hour::int as hour, sum(h.orders)::int as orders
      from ${hourly} h where ${scope('h')} and ${inPeriod('h')} group by 1, 2 order by 1, 2`,
        ),
      () =>
        // On time per restaurant: the period's whole months from the monthly rows, the days of its partial
        // months from the daily ones (a year: 12 rows per restaurant, not 365); grouped by key, named after.
        rowsPlannedEachCall<{ id: number; name: string; promised: number; on_time: number }>(
          db,
          sql`
      select r.id, r.name, t.promised, t.on_time
      from (select restaurant_id, sum(promised)::int as promised, sum(on_time)::int as on_time from (
          select m.restaurant_id, m.promised, m.on_time from stats_on_time_monthly m
          where ${scope('m')} and m.month between ${months.first}::date and ${months.last}::date
          union all
          select d.restaurant_id, d.promised, d.on_time from stats_orders_daily d
          where ${scope('d')} and ${inPeriod('d')} and d.promised > 0
            and not (d.day between ${months.first}::date and ${months.end}::date)) u
        group by restaurant_id) t
      join restaurants r on r.id = t.restaurant_id`,
        ),
      () =>
        // By zone: a row per zone and day of the period (the zones' own rollup), named after grouping.
        own !== null
          ? []
          : rowsPlannedEachCall<{
              zone_id: number;
              name: string | null;
              orders: number;
              delivered: number;
              delivery_fees: number;
              promised: number;
              on_time: number;
              refused: number;
            }>(
              db,
              sql`
      select t.zone_id, z.name, t.orders, t.delivered, t.delivery_fees, t.promised, t.on_time, t.refused
      from (select zone_id, sum(orders)::int as orders, sum(delivered)::int as delivered,
          sum(delivery_fees)::bigint as delivery_fees, sum(promised)::int as promised,
          sum(on_time)::int as on_time, sum(refused)::int as refused
        from stats_zones_daily d where ${inPeriod('d')} group by zone_id) t
      left join zones z on z.id = t.zone_id
      order by t.orders desc, t.refused desc, t.zone_id`,
            ),
    ]);
  const byBucket = new Map(series.map((r) => [r.bucket, Number(r.orders)]));
  const c = counters[0];
  const t = totals[0];
  const promised = Number(t?.promised ?? 0);
  const onTime = Number(t?.on_time ?? 0);
  const late = promised - onTime;
  const lateSeconds = {
    kitchen: Number(t?.kitchen ?? 0),
    driver: Number(t?.driver ?? 0),
    road: Number(t?.road ?? 0),
  };
  // Minutes per late order, one decimal.
  const perLate = (seconds: number) => (late > 0 ? Math.round((seconds / 60 / late) * 10) / 10 : 0);
  // Best rate first; among equal rates, the one with more promised deliveries.
  const ranked = punctuality
    .map((r) => {
      const rowPromised = Number(r.promised);
      const rowOnTime = Number(r.on_time);
      return {
        id: r.id,
        name: r.name,
        promised: rowPromised,
        on_time: rowOnTime,
        rate: rowOnTime / rowPromised,
      };
    })
    .sort((a, b) => b.rate - a.rate || b.promised - a.promised || a.id - b.id);
  const best = ranked.slice(0, 5);
  return {
    period: { name: query.period, from, to, granularity },
    counters: {
      orders_today: Number(c?.today ?? 0),
      orders_this_week: Number(c?.week ?? 0),
      orders_this_month: Number(c?.month ?? 0),
    },
    totals: {
      orders: Number(t?.orders ?? 0),
      delivered: Number(t?.delivered ?? 0),
      earnings: Number(t?.earnings ?? 0),
      revenue: Number(t?.revenue ?? 0),
    },
    on_time: { promised, on_time: onTime, late, rate: promised > 0 ? onTime / promised : null },
    on_time_restaurants: {
      restaurants: ranked.length,
      best,
      worst: ranked.slice(best.length).reverse().slice(0, 5),
    },
    lateness: {
      late_orders: late,
      average_minutes: perLate(lateSeconds.kitchen + lateSeconds.driver + lateSeconds.road),
      stages: LATENESS_STAGES.map((stage) => ({ stage, average_minutes: perLate(lateSeconds[stage]) })),
    },
    series: buckets(from, to, granularity).map((bucket) => ({ bucket, orders: byBucket.get(bucket) ?? 0 })),
    top_categories: categories.map((r) => ({ ...r, quantity: Number(r.quantity), amount: Number(r.amount) })),
    top_products: products.map((r) => ({ ...r, quantity: Number(r.quantity), amount: Number(r.amount) })),
    drivers_by_vehicle: VEHICLE_TYPES.map((type) => ({
      type,
      drivers: Number(vehicles.find((v) => v.type === type)?.drivers ?? 0),
    })),
    zones: byZone.map((r) => {
      const rowPromised = Number(r.promised);
      return {
        id: Number(r.zone_id) === 0 ? null : Number(r.zone_id),
        name: r.name,
        orders: Number(r.orders),
        delivered: Number(r.delivered),
        delivery_fees: Number(r.delivery_fees),
        promised: rowPromised,
        on_time: Number(r.on_time),
        rate: rowPromised > 0 ? Number(r.on_time) / rowPromised : null,
        refused: Number(r.refused),
      };
    }),
    heatmap: heatmap.map((r) => ({
      weekday: Number(r.weekday),
      hour: Number(r.hour),
      orders: Number(r.orders),
    })),
  };
}
