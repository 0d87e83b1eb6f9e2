import type {
  AppType,
  AppVersion,
  AppVersionBody,
  AppVersionPatchBody,
  appVersionListQuery,
} from '@dostava/shared';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { appVersionReports, appVersions } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether, rowsOf } from '../../lib/sql.js';

type ListQuery = z.output<typeof appVersionListQuery>;

const toVersion = (r: typeof appVersions.$inferSelect): AppVersion => ({
  id: r.id,
  app_type: r.app_type,
  version: r.version,
  priority: r.priority,
  notes: r.notes,
  created_at: r.created_at.toISOString(),
});

const parts = (version: string) => {
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  return { major, minor, patch };
};
/** Newer than `version`, compared numerically part by part. */
const newerThan = (version: string) => {
  const v = parts(version);
  return sql`(${appVersions.major}, ${appVersions.minor}, ${appVersions.patch}) > (${v.major}, ${v.minor}, ${v.patch})`;
};

export async function listVersions(db: Db, query: ListQuery) {
  const where = query.app_type ? eq(appVersions.app_type, query.app_type) : undefined;
  const direction = query.sort.startsWith('-') ? desc : asc;
  const order = query.sort.endsWith('created_at')
    ? [direction(appVersions.created_at)]
    : [
        asc(appVersions.app_type),
        direction(appVersions.major),
        direction(appVersions.minor),
        direction(appVersions.patch),
      ];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(appVersions)
        .where(where)
        .orderBy(...order, asc(appVersions.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(appVersions).where(where),
  ]);
  return {
    data: rows.map(toVersion),
    meta: { page: query.page, per_page: query.per_page, total: Number(total?.n ?? 0) },
  };
}

const versionTaken = () =>
  new Conflict('version_taken', 'validation.version_taken', {}, { version: ['validation.version_taken'] });

export async function createVersion(db: Db, actor: ActorContext, body: AppVersionBody) {
  try {
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(appVersions)
        .values({ ...body, ...parts(body.version), created_by: actor.user_id })
        .returning();
      if (!created) throw new Error('version insert returned nothing');
      await audit(tx, actor, 'create', 'app_versions', created.id, null, created);
      return created;
    });
    return toVersion(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw versionTaken();
    throw error;
  }
}

/** Corrects a released version (its number, app, priority or notes); audited with before and after. */
export async function updateVersion(db: Db, actor: ActorContext, id: number, patch: AppVersionPatchBody) {
  try {
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(appVersions).where(eq(appVersions.id, id)).for('update');
      if (!before) throw new NotFound();
      const values = { ...patch, ...(patch.version ? parts(patch.version) : {}) };
      // An empty correction changes nothing: the version as it is, nothing audited.
      if (!Object.values(values).some((value) => value !== undefined)) return before;
      const [after] = await tx.update(appVersions).set(values).where(eq(appVersions.id, id)).returning();
      if (!after) throw new NotFound();
      await audit(tx, actor, 'update', 'app_versions', id, before, after);
      return after;
    });
    return toVersion(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw versionTaken();
    throw error;
  }
}

export async function deleteVersion(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(appVersions).where(eq(appVersions.id, id)).returning();
    if (!gone) throw new NotFound();
    await audit(tx, actor, 'delete', 'app_versions', id, gone, null);
  });
}

/**
 * What an app asks at start: is there a newer version, and must it update (a newer Extreme one)?
 * The reported version is counted, so support sees which versions are in use.
 */
export async function checkVersion(db: Db, appType: AppType, version: string) {
  await db
    .insert(appVersionReports)
    .values({ app_type: appType, version, reports: 1 })
    .onConflictDoUpdate({
      target: [appVersionReports.app_type, appVersionReports.version],
      set: { reports: sql`${appVersionReports.reports} + 1`, last_seen: new Date() },
    });
  const [[latest], [forced]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(appVersions)
        .where(eq(appVersions.app_type, appType))
        .orderBy(desc(appVersions.major), desc(appVersions.minor), desc(appVersions.patch))
        .limit(1),
    () =>
      db
        .select({ id: appVersions.id })
        .from(appVersions)
        .where(
          and(eq(appVersions.app_type, appType), eq(appVersions.priority, 'extreme'), newerThan(version)),
        )
        .limit(1),
  ]);
  const isNewer = latest ? parts(latest.version) : null;
  const v = parts(version);
  const update_available =
    isNewer !== null && (isNewer.major - v.major || isNewer.minor - v.minor || isNewer.patch - v.patch) > 0;
  return { update_available, force_update: Boolean(forced), latest: latest ? toVersion(latest) : null };
}

/** The versions apps report, newest report first, each marked outdated or forced to update. */
export async function usage(db: Db) {
  const rows = await rowsOf<{
    app_type: AppType;
    version: string;
    reports: number;
    last_seen: Date | string;
    outdated: boolean;
    force_update: boolean;
  }>(
    db,
    sql`select r.app_type, r.version, r.reports, r.last_seen,
        exists (select 1 from app_versions v where v.app_type = r.app_type
          and (v.major, v.minor, v.patch) > (split_part(r.version, '.', 1)::int, split_part(r.version, '.', 2)::int, split_part(r.version, '.', 3)::int)) as outdated,
        exists (select 1 from app_versions v where v.app_type = r.app_type and v.priority = 'extreme'
          and (v.major, v.minor, v.patch) > (split_part(r.version, '.', 1)::int, split_part(r.version, '.', 2)::int, split_part(r.version, '.', 3)::int)) as force_update
      from app_version_reports r order by r.app_type, r.last_seen desc limit 500`,
  );
  return rows.map((r) => ({
    ...r,
    reports: Number(r.reports),
    last_seen: new Date(r.last_seen).toISOString(),
  }));
}
