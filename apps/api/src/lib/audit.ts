import type { Role } from '@dostava/shared';
import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema/index.js';

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
