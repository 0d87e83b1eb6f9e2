import {
  type DashboardQuery,
  INCIDENT_TYPES,
  type IncidentAnalytics,
  isRestaurantRole,
  PAYERS,
  periodRange,
} from '@dostava/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ActorContext } from '../../lib/audit.js';
import { localToday } from '../../lib/dates.js';
import { csvExport, type ExportCell, type ExportColumn } from '../../lib/export.js';
import { readTogether, rowsOf } from '../../lib/sql.js';

/** How many restaurants and drivers the figures name (those with most incidents). */
const TOP = 20;

interface Group {
  id: number;
  name: string;
  incidents: number;
  delivered: number;
  refunds: number;
  refunded_amount: number;
}
const withRate = (g: Group) => ({ ...g, rate: g.delivered > 0 ? g.incidents / g.delivered : null });

/**
 * The figures of a period, all in SQL over the period's rows only: incidents by their
 * (created_at, id) index, refunds by theirs, redeliveries by the incidents they resolve; delivered
 * orders per restaurant from the daily rollup (never the orders table), per driver from the orders of
 * the named drivers only (orders_driver_status_idx).
 */
export async function incidentAnalytics(
  db: Db,
  actor: ActorContext,
  query: DashboardQuery,
  timeZone: string,
): Promise<IncidentAnalytics> {
  const { from, to } = periodRange(query.period ?? 'this_month', localToday(timeZone), query);
  const start = sql`(${from}::date)::timestamp at time zone ${timeZone}`;
  const end = sql`(${to}::date + 1)::timestamp at time zone ${timeZone}`;
  const own = isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : null;
  const scope = (column: string) => (own === null ? sql`` : sql` and ${sql.raw(column)} = ${own}`);
  const periodIncidents = sql`select i.id, i.type, i.restaurant_id, i.driver_id from incidents i
    where i.created_at >= ${start} and i.created_at < ${end}${scope('i.restaurant_id')}`;
  // Approved refunds created in the period, with what each party carries and the incident's type.
  const periodRefunds = sql`select r.amount, r.restaurant_id, o.driver_id, x.type,
      r.restaurant_share, r.operation_share, r.driver_share
    from refunds r join orders o on o.id = r.order_id left join incidents x on x.id = r.incident_id
    where r.created_at >= ${start} and r.created_at < ${end} and r.status = 'approved'${scope('r.restaurant_id')}`;

  const [byType, restaurants, drivers, payers, totals] = await readTogether(db, [
    () =>
      rowsOf<{ type: string; incidents: number; refunds: number; refunded_amount: number }>(
        db,
        sql`with i as (${periodIncidents}), r as (${periodRefunds})
        select t.type, coalesce(ic.n, 0)::int incidents, coalesce(rc.n, 0)::int refunds,
          coalesce(rc.amount, 0)::int refunded_amount
        from (select unnest(${sql.raw(`array[${INCIDENT_TYPES.map((t) => `'${t}'`).join(',')}]`)}::text[]) type) t
        left join (select type::text, count(*) n from i group by type) ic on ic.type = t.type
        left join (select type::text, count(*) n, sum(amount) amount from r where type is not null group by type) rc
          on rc.type = t.type`,
      ),
    () =>
      rowsOf<Group>(
        db,
        sql`with i as (${periodIncidents}), r as (${periodRefunds}),
        top as (select restaurant_id id, count(*)::int incidents from i group by restaurant_id
          order by incidents desc, restaurant_id limit ${TOP})
        select top.id, rs.name, top.incidents,
          coalesce((select sum(d.delivered) from stats_orders_daily d where d.restaurant_id = top.id
            and d.day between ${from}::date and ${to}::date), 0)::int delivered,
          (select count(*) from r where r.restaurant_id = top.id)::int refunds,
          coalesce((select sum(r.amount) from r where r.restaurant_id = top.id), 0)::int refunded_amount
        from top join restaurants rs on rs.id = top.id
        order by top.incidents desc, top.id`,
      ),
    () =>
      rowsOf<Group>(
        db,
        sql`with i as (${periodIncidents}), r as (${periodRefunds}),
        top as (select driver_id id, count(*)::int incidents from i where driver_id is not null
          group by driver_id order by incidents desc, driver_id limit ${TOP})
        select top.id, trim(u.first_name || ' ' || u.last_name) name, top.incidents,
          (select count(*) from orders o where o.driver_id = top.id and o.status = 'delivered'
            and o.delivered_at >= ${start} and o.delivered_at < ${end}${scope('o.restaurant_id')})::int delivered,
          (select count(*) from r where r.driver_id = top.id)::int refunds,
          coalesce((select sum(r.amount) from r where r.driver_id = top.id), 0)::int refunded_amount
        from top join users u on u.id = top.id
        order by top.incidents desc, top.id`,
      ),
    () =>
      rowsOf<{ refunds: number[]; redeliveries: number[] }>(
        db,
        sql`with r as (${periodRefunds})
        select array[coalesce(sum(restaurant_share), 0), coalesce(sum(operation_share), 0),
            coalesce(sum(driver_share), 0)]::int[] refunds,
          (select array[coalesce(sum(d.restaurant_share), 0), coalesce(sum(d.operation_share), 0),
            coalesce(sum(d.driver_share), 0)]::int[] from redeliveries d
            where d.created_at >= ${start} and d.created_at < ${end}${scope('d.restaurant_id')}) redeliveries
        from r`,
      ),
    () =>
      rowsOf<IncidentAnalytics['totals']>(
        db,
        sql`select (select count(*) from (${periodIncidents}) i)::int incidents,
          (select count(*) from (${periodRefunds}) r)::int refunds,
          (select coalesce(sum(amount), 0) from (${periodRefunds}) r)::int refunded_amount,
          (select count(*) from redeliveries d where d.created_at >= ${start} and d.created_at < ${end}${scope('d.restaurant_id')})::int redeliveries,
          (select coalesce(sum(amount), 0) from redeliveries d where d.created_at >= ${start} and d.created_at < ${end}${scope('d.restaurant_id')})::int redelivery_amount`,
      ),
  ]);
  const [shares] = payers;
  return {
    period: { from, to },
    totals: totals[0] ?? {
      incidents: 0,
      refunds: 0,
      refunded_amount: 0,
      redeliveries: 0,
      redelivery_amount: 0,
    },
    by_type: byType.map((r) => ({ ...r, type: r.type as IncidentAnalytics['by_type'][number]['type'] })),
    by_restaurant: restaurants.map(withRate),
    by_driver: drivers.map(withRate),
    by_payer: PAYERS.map((payer, i) => ({
      payer,
      refunded_amount: shares?.refunds[i] ?? 0,
      redelivery_amount: shares?.redeliveries[i] ?? 0,
    })),
  };
}

type Row = ExportCell[];
const COLUMNS: ExportColumn[] = [
  { header: 'dimension', type: 'text' },
  { header: 'key', type: 'text' },
  { header: 'name', type: 'text', width: 28 },
  { header: 'incidents', type: 'integer' },
  { header: 'delivered', type: 'integer' },
  { header: 'incident_rate', type: 'text' },
  { header: 'refunds', type: 'integer' },
  { header: 'refunded_amount', type: 'money' },
  { header: 'redelivery_amount', type: 'money' },
];

/** The figures as CSV rows: one per type, restaurant, driver and payer (the period's). */
export async function incidentAnalyticsCsv(
  db: Db,
  actor: ActorContext,
  query: DashboardQuery,
  timeZone: string,
) {
  const a = await incidentAnalytics(db, actor, query, timeZone);
  const rate = (r: number | null) => (r === null ? '' : r.toFixed(4));
  const group =
    (dimension: string) =>
    (g: IncidentAnalytics['by_restaurant'][number]): Row => [
      dimension,
      String(g.id),
      g.name,
      g.incidents,
      g.delivered,
      rate(g.rate),
      g.refunds,
      g.refunded_amount,
      null,
    ];
  const rows: Row[] = [
    ...a.by_type.map((t) => [
      'type',
      t.type,
      t.type,
      t.incidents,
      null,
      '',
      t.refunds,
      t.refunded_amount,
      null,
    ]),
    ...a.by_restaurant.map(group('restaurant')),
    ...a.by_driver.map(group('driver')),
    ...a.by_payer.map((p) => [
      'payer',
      p.payer,
      p.payer,
      null,
      null,
      '',
      null,
      p.refunded_amount,
      p.redelivery_amount,
    ]),
  ];
  return csvExport(COLUMNS, [rows], timeZone);
}
