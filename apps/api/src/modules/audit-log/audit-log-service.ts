import type { AuditEntry, auditLogQuery } from '@dostava/shared';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog } from '../../db/schema/index.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether, rowsOf } from '../../lib/sql.js';

type Query = z.output<typeof auditLogQuery>;

export async function listAudit(db: Db, query: Query, timeZone: string) {
  const filters: SQL[] = [];
  if (query.user_id !== undefined) filters.push(eq(auditLog.actor_id, query.user_id));
  if (query.entity) filters.push(eq(auditLog.entity, query.entity));
  if (query.action) filters.push(eq(auditLog.action, query.action));
  if (query.from)
    filters.push(gte(auditLog.created_at, sql`(${query.from}::date)::timestamp at time zone ${timeZone}`));
  if (query.to)
    filters.push(lt(auditLog.created_at, sql`(${query.to}::date + 1)::timestamp at time zone ${timeZone}`));
  const where = filters.length ? and(...filters) : sql`true`;
  const { limit, offset } = pageOf(query);
  const order = query.sort.startsWith('-') ? sql`desc` : sql`asc`;
  // The page's rows first, then one join per kind of record for just those rows (by primary key):
  // each entry names its subject as people do (D112596, the restaurant's name), never one query per row.
  const [rows, [total]] = await readTogether(db, [
    () =>
      rowsOf<Row>(
        db,
        sql`with page as (
          select audit_log.*,
            case when audit_log.entity_id ~ '^[0-9]{1,9}$' then audit_log.entity_id::int end as n
          from audit_log where ${where}
          order by audit_log.created_at ${order}, audit_log.id desc limit ${limit} offset ${offset}
        )
        select page.id, page.actor_id, page.actor_role, page.action, page.entity, page.entity_id,
          page.before, page.after, page.ip, page.created_at,
          au.first_name as actor_first_name, au.last_name as actor_last_name,
          case page.entity
            when 'orders' then o.order_number
            when 'restaurants' then r.name
            when 'users' then nullif(trim(coalesce(su.first_name, '') || ' ' || coalesce(su.last_name, '')), '')
            when 'products' then p.name
            when 'categories' then c.name
            when 'vehicles' then v.plate_number
            when 'settlements' then sr.name
            when 'end_shift_requests' then e.number
            when 'driver_meals' then nullif(trim(coalesce(md.first_name, '') || ' ' || coalesce(md.last_name, '')), '')
            when 'app_versions' then av.app_type || ' ' || av.version
            when 'restaurant_payout_requests' then pr_r.name
          end as subject_name,
          coalesce(o.id, r.id, su.id, p.id, c.id, v.id, s.id, e.id, m.id, av.id, pr.id) is not null as subject_exists,
          coalesce(p.restaurant_id, s.restaurant_id, pr.restaurant_id, m.restaurant_id, su.restaurant_id) as subject_restaurant_id
        from page
        left join users au on au.id = page.actor_id
        left join orders o on page.entity = 'orders' and o.id = page.n
        left join restaurants r on page.entity = 'restaurants' and r.id = page.n
        left join users su on page.entity = 'users' and su.id = page.n
        left join products p on page.entity = 'products' and p.id = page.n
        left join categories c on page.entity = 'categories' and c.id = page.n
        left join vehicles v on page.entity = 'vehicles' and v.id = page.n
        left join settlements s on page.entity = 'settlements' and s.id = page.n
        left join restaurants sr on sr.id = s.restaurant_id
        left join end_shift_requests e on page.entity = 'end_shift_requests' and e.id = page.n
        left join driver_meals m on page.entity = 'driver_meals' and m.id = page.n
        left join users md on md.id = m.driver_id
        left join app_versions av on page.entity = 'app_versions' and av.id = page.n
        left join restaurant_payout_requests pr on page.entity = 'restaurant_payout_requests' and pr.id = page.n
        left join restaurants pr_r on pr_r.id = pr.restaurant_id
        order by page.created_at ${order}, page.id desc`,
      ),
    () => db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const data: AuditEntry[] = rows.map((row) => ({
    id: Number(row.id),
    actor:
      row.actor_id !== null
        ? {
            id: row.actor_id,
            name: `${row.actor_first_name ?? ''} ${row.actor_last_name ?? ''}`.trim(),
            role: row.actor_role ?? '',
          }
        : null,
    action: row.action,
    entity: row.entity,
    entity_id: row.entity_id,
    subject: {
      // A deleted record is named by what the entry kept of it.
      name: row.subject_name ?? nameIn(row.after) ?? nameIn(row.before),
      exists: Boolean(row.subject_exists),
      restaurant_id: row.subject_restaurant_id === null ? null : Number(row.subject_restaurant_id),
    },
    before: row.before,
    after: row.after,
    ip: row.ip,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return { data, meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) } };
}

interface Row {
  id: number | string;
  actor_id: number | null;
  actor_role: string | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
  created_at: Date | string;
  actor_first_name: string | null;
  actor_last_name: string | null;
  subject_name: string | null;
  subject_exists: boolean;
  subject_restaurant_id: number | string | null;
}

/** The human name a stored record carries: an order's number, a name, a person, a plate, a number. */
function nameIn(value: unknown): string | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  for (const key of ['order_number', 'number', 'name', 'plate_number']) {
    if (typeof record[key] === 'string' && record[key]) return record[key] as string;
  }
  const person = [record.first_name, record.last_name].filter((v) => typeof v === 'string' && v).join(' ');
  if (person) return person;
  if (typeof record.version === 'string') return [record.app_type, record.version].filter(Boolean).join(' ');
  return null;
}

/** The entities and actions present in the log, for the filter selects. */
export async function auditFacets(db: Db) {
  const [entities, actions] = await readTogether(db, [
    () => db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    () => db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { entities: entities.map((e) => e.v), actions: actions.map((a) => a.v) };
}
