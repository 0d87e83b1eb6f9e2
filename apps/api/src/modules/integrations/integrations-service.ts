import { randomBytes, randomUUID } from 'node:crypto';
import type {
  ApiKey,
  ApiKeyBody,
  ApiKeyCreated,
  ApiKeyRotateBody,
  ApiKeyState,
  Integrator,
  IntegratorBody,
  IntegratorScope,
  integratorListQuery,
} from '@dostava/shared';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { integratorKeys, integrators, restaurants, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { escapeLike, pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import { hashToken } from '../../lib/tokens.js';

type ListQuery = z.output<typeof integratorListQuery>;
type IntegratorRow = typeof integrators.$inferSelect;
type KeyRow = typeof integratorKeys.$inferSelect;

/** Keys still opening the API: neither revoked nor past the end a rotation gave them. */
const opens = sql`(${integratorKeys.revoked_at} is null and (${integratorKeys.expires_at} is null or ${integratorKeys.expires_at} > now()))`;

const activeKeys = sql<number>`(select count(*)::int from ${integratorKeys} where ${integratorKeys.integrator_id} = ${integrators.id} and ${opens})`;

const toIntegrator = (r: IntegratorRow & { active_keys: number }): Integrator => ({
  id: r.id,
  name: r.name,
  contact_email: r.contact_email,
  contact_name: r.contact_name,
  is_active: r.is_active,
  active_keys: r.active_keys,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

export async function listIntegrators(db: Db, query: ListQuery) {
  const where = query.q ? sql`${integrators.name} ilike ${`%${escapeLike(query.q)}%`}` : undefined;
  const direction = query.sort.startsWith('-') ? desc : asc;
  const column = query.sort.endsWith('created_at') ? integrators.created_at : integrators.name;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({ ...integratorColumns, active_keys: activeKeys })
        .from(integrators)
        .where(where)
        .orderBy(direction(column), asc(integrators.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(integrators).where(where),
  ]);
  return {
    data: rows.map(toIntegrator),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

const integratorColumns = {
  id: integrators.id,
  name: integrators.name,
  contact_email: integrators.contact_email,
  contact_name: integrators.contact_name,
  is_active: integrators.is_active,
  user_id: integrators.user_id,
  created_at: integrators.created_at,
  updated_at: integrators.updated_at,
};

export async function getIntegrator(db: Db, id: number): Promise<Integrator> {
  const [row] = await db
    .select({ ...integratorColumns, active_keys: activeKeys })
    .from(integrators)
    .where(eq(integrators.id, id));
  if (!row) throw new NotFound();
  return toIntegrator(row);
}

const nameTaken = () =>
  new Conflict('conflict', 'errors.conflict', {}, { name: ['integrations.validation.name_taken'] });

/**
 * An integrator and its own account (role customer, inactive, no usable password): the kernel and the
 * audit log name that account as the actor of what the integrator's keys do.
 */
export async function createIntegrator(
  db: Db,
  actor: ActorContext,
  body: IntegratorBody,
): Promise<Integrator> {
  try {
    const id = await db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({
          first_name: body.name,
          last_name: '(API)',
          email: `integrator-${randomUUID()}@integrations.invalid`,
          // Not an argon2 hash: no password ever matches it.
          password_hash: `!integrator:${randomBytes(16).toString('hex')}`,
          role: 'customer',
          is_active: false,
        })
        .returning({ id: users.id });
      if (!user) throw new Error('user insert returned nothing');
      const [row] = await tx
        .insert(integrators)
        .values({
          name: body.name,
          contact_email: body.contact_email,
          contact_name: body.contact_name ?? null,
          is_active: body.is_active,
          user_id: user.id,
        })
        .returning();
      if (!row) throw new Error('integrator insert returned nothing');
      await audit(tx, actor, 'create', 'integrators', row.id, null, row);
      return row.id;
    });
    return getIntegrator(db, id);
  } catch (error) {
    if (isUniqueViolation(error, 'integrators_name_unique')) throw nameTaken();
    throw error;
  }
}

export async function updateIntegrator(
  db: Db,
  actor: ActorContext,
  id: number,
  patch: Partial<IntegratorBody>,
): Promise<Integrator> {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(integrators).where(eq(integrators.id, id)).for('update');
      if (!before) throw new NotFound();
      const [after] = await tx
        .update(integrators)
        .set({ ...patch, updated_at: new Date() })
        .where(eq(integrators.id, id))
        .returning();
      if (patch.name !== undefined)
        await tx.update(users).set({ first_name: patch.name }).where(eq(users.id, before.user_id));
      await audit(tx, actor, 'update', 'integrators', id, before, after);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'integrators_name_unique')) throw nameTaken();
    throw error;
  }
  return getIntegrator(db, id);
}

// ---- keys ----

/** A new key: 50 random bits of prefix to find it, 256 random bits of secret. */
function newKey() {
  const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';
  const bytes = randomBytes(10);
  const prefix = Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
  const secret = `dsk_${prefix}_${randomBytes(32).toString('base64url')}`;
  return { prefix, secret, key_hash: hashToken(secret) };
}

function stateOf(row: KeyRow, now = Date.now()): ApiKeyState {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at) return row.expires_at.getTime() > now ? 'expiring' : 'expired';
  return 'active';
}

async function toKeys(db: Db, rows: KeyRow[]): Promise<ApiKey[]> {
  const ids = [...new Set(rows.flatMap((r) => r.restaurant_ids))];
  const names = ids.length
    ? await db
        .select({ id: restaurants.id, name: restaurants.name })
        .from(restaurants)
        .where(inArray(restaurants.id, ids))
    : [];
  const byId = new Map(names.map((r) => [r.id, r]));
  return rows.map((r) => ({
    id: r.id,
    integrator_id: r.integrator_id,
    name: r.name,
    prefix: `dsk_${r.prefix}`,
    scopes: r.scopes as IntegratorScope[],
    restaurants: r.restaurant_ids.flatMap((id) => byId.get(id) ?? []),
    rate_limit_per_minute: r.rate_limit_per_minute,
    state: stateOf(r),
    expires_at: r.expires_at?.toISOString() ?? null,
    revoked_at: r.revoked_at?.toISOString() ?? null,
    last_used_at: r.last_used_at?.toISOString() ?? null,
    rotated_from_id: r.rotated_from_id,
    created_at: r.created_at.toISOString(),
  }));
}

export async function listKeys(db: Db, integratorId: number): Promise<ApiKey[]> {
  await getIntegrator(db, integratorId);
  const rows = await db
    .select()
    .from(integratorKeys)
    .where(eq(integratorKeys.integrator_id, integratorId))
    .orderBy(desc(integratorKeys.created_at), desc(integratorKeys.id));
  return toKeys(db, rows);
}

async function assertRestaurants(db: Db, ids: number[]) {
  const found = await db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, ids));
  const known = new Set(found.map((r) => r.id));
  const fields: Record<string, string[]> = {};
  ids.forEach((id, index) => {
    if (!known.has(id)) fields[`restaurant_ids.${index}`] = ['validation.restaurant_unknown'];
  });
  if (Object.keys(fields).length) throw new BadRequest(fields);
}

/** Stored without the secret; a snapshot of the key for the audit log. */
const keyAudit = (r: KeyRow) => ({ ...r, key_hash: undefined });

export async function createKey(
  db: Db,
  actor: ActorContext,
  integratorId: number,
  body: ApiKeyBody,
): Promise<ApiKeyCreated> {
  await getIntegrator(db, integratorId);
  const restaurantIds = [...new Set(body.restaurant_ids)];
  await assertRestaurants(db, restaurantIds);
  const key = newKey();
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integratorKeys)
      .values({
        integrator_id: integratorId,
        name: body.name,
        prefix: key.prefix,
        key_hash: key.key_hash,
        scopes: [...new Set(body.scopes)],
        restaurant_ids: restaurantIds,
        rate_limit_per_minute: body.rate_limit_per_minute,
        created_by: actor.user_id,
      })
      .returning();
    if (!row) throw new Error('key insert returned nothing');
    await audit(tx, actor, 'create', 'integrator_keys', row.id, null, keyAudit(row));
    return row;
  });
  const [shown] = await toKeys(db, [row]);
  if (!shown) throw new Error('unreachable');
  return { ...shown, secret: key.secret };
}

async function keyRow(tx: Db, id: number): Promise<KeyRow> {
  const [row] = await tx.select().from(integratorKeys).where(eq(integratorKeys.id, id)).for('update');
  if (!row) throw new NotFound();
  return row;
}

const keyGone = () => new Conflict('key_revoked', 'integrations.errors.key_not_active');

/**
 * A new key with the old one's scopes and restaurants; the old one keeps working for the overlap
 * (0: it stops now), so the integrator can deploy the new one without an outage.
 */
export async function rotateKey(
  db: Db,
  actor: ActorContext,
  id: number,
  body: ApiKeyRotateBody,
): Promise<ApiKeyCreated> {
  const key = newKey();
  const row = await db.transaction(async (tx) => {
    const old = await keyRow(tx, id);
    if (stateOf(old) !== 'active') throw keyGone();
    const expires = new Date(Date.now() + body.overlap_hours * 3_600_000);
    const [oldAfter] = await tx
      .update(integratorKeys)
      .set(body.overlap_hours === 0 ? { revoked_at: new Date() } : { expires_at: expires })
      .where(eq(integratorKeys.id, id))
      .returning();
    const [row] = await tx
      .insert(integratorKeys)
      .values({
        integrator_id: old.integrator_id,
        name: old.name,
        prefix: key.prefix,
        key_hash: key.key_hash,
        scopes: old.scopes,
        restaurant_ids: old.restaurant_ids,
        rate_limit_per_minute: old.rate_limit_per_minute,
        rotated_from_id: old.id,
        created_by: actor.user_id,
      })
      .returning();
    if (!row || !oldAfter) throw new Error('rotation wrote nothing');
    await audit(tx, actor, 'rotate', 'integrator_keys', id, keyAudit(old), keyAudit(oldAfter));
    await audit(tx, actor, 'create', 'integrator_keys', row.id, null, keyAudit(row));
    return row;
  });
  const [shown] = await toKeys(db, [row]);
  if (!shown) throw new Error('unreachable');
  return { ...shown, secret: key.secret };
}

/** Stops the key at once: every instance reads the key's row on each call, so none lets it in after. */
export async function revokeKey(db: Db, actor: ActorContext, id: number): Promise<ApiKey> {
  const row = await db.transaction(async (tx) => {
    const before = await keyRow(tx, id);
    if (before.revoked_at) return before;
    const [after] = await tx
      .update(integratorKeys)
      .set({ revoked_at: new Date() })
      .where(and(eq(integratorKeys.id, id), sql`${integratorKeys.revoked_at} is null`))
      .returning();
    if (!after) throw new NotFound();
    await audit(tx, actor, 'revoke', 'integrator_keys', id, keyAudit(before), keyAudit(after));
    return after;
  });
  const [shown] = await toKeys(db, [row]);
  if (!shown) throw new Error('unreachable');
  return shown;
}
