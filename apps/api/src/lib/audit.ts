import type { ChangedBy, Role } from '@dostava/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';

/** Who is acting, and from where: every staff write carries it into the audit log. */
export interface ActorContext {
  user_id: number;
  role: Role;
  restaurant_id: number | null;
  ip?: string | undefined;
  request_id?: string | undefined;
}

const SECRET_FIELDS = new Set(['password', 'password_hash', 'token', 'token_hash', 'refresh_token']);

function scrub(value: unknown): unknown {
  if (value === null || value === undefined) return null;
  return JSON.parse(
    JSON.stringify(value, (key, v) =>
      SECRET_FIELDS.has(key) ? undefined : v instanceof Date ? v.toISOString() : v,
    ),
  );
}

/**
 * Who made a change, as a live event tells the screens that show it (issue 36: a manager sees who
 * else changed the kitchen's state or hours): the actor's id and name; null for the system.
 */
export async function changedBy(db: Db, actor: ActorContext | null): Promise<ChangedBy> {
  if (!actor) return null;
  const [user] = await db
    .select({ first_name: users.first_name, last_name: users.last_name })
    .from(users)
    .where(eq(users.id, actor.user_id));
  return { id: actor.user_id, name: user ? `${user.first_name} ${user.last_name}`.trim() : '' };
}

/**
 * Records a staff write, or (actor null) one the system made by itself, such as a pause the job queue
 * ended: the log shows "System". Call it with the same transaction handle as the write itself, so the
 * entry and the change commit (or roll back) together.
 */
export async function audit(
  tx: Db,
  actor: ActorContext | null,
  action: 'create' | 'update' | 'delete' | string,
  entity: string,
  entityId: number | string | null,
  before: unknown,
  after: unknown,
): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: actor?.user_id ?? null,
    actor_role: actor?.role ?? null,
    action,
    entity,
    entity_id: entityId === null ? null : String(entityId),
    before: scrub(before),
    after: scrub(after),
    ip: actor?.ip ?? null,
    request_id: actor?.request_id ?? null,
  });
}
