import type { AuditEntry, auditLogQuery } from '@dostava/shared';
import { and, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { auditLog, users } from '../../db/schema/index.js';
import { pageOf } from '../../lib/lists.js';

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
  const where = filters.length ? and(...filters) : undefined;
  const { limit, offset } = pageOf(query);
  const direction = query.sort.startsWith('-') ? desc : (c: typeof auditLog.created_at) => c;
  const [rows, [total]] = await Promise.all([
    db
      .select({ entry: auditLog, first_name: users.first_name, last_name: users.last_name })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actor_id))
      .where(where)
      .orderBy(direction(auditLog.created_at), desc(auditLog.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
  ]);
  const data: AuditEntry[] = rows.map(({ entry, first_name, last_name }) => ({
    id: entry.id,
    actor:
      entry.actor_id !== null
        ? {
            id: entry.actor_id,
            name: `${first_name ?? ''} ${last_name ?? ''}`.trim(),
            role: entry.actor_role ?? '',
          }
        : null,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    before: entry.before,
    after: entry.after,
    ip: entry.ip,
    created_at: entry.created_at.toISOString(),
  }));
  return { data, meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) } };
}

/** The entities and actions present in the log, for the filter selects. */
export async function auditFacets(db: Db) {
  const [entities, actions] = await Promise.all([
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
  ]);
  return { entities: entities.map((e) => e.v), actions: actions.map((a) => a.v) };
}
