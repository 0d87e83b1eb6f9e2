import { timingSafeEqual } from 'node:crypto';
import { API_KEY_PATTERN, type IntegratorScope, type Role } from '@dostava/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client.js';
import { integratorKeys, integrators } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { Forbidden, NotFound, Unauthorized } from '../../lib/errors.js';
import { hashToken } from '../../lib/tokens.js';

/** Who calls with a key: the integrator, the key, and what the key allows. */
export interface IntegrationCaller {
  integrator_id: number;
  integrator_name: string;
  user_id: number;
  key_id: number;
  scopes: readonly IntegratorScope[];
  restaurant_ids: readonly number[];
  ip: string;
  request_id: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the integrator routes once the key is checked (integrations-routes.ts). */
    integration: IntegrationCaller | null;
  }
}

/** The key of a request (`Authorization: Bearer dsk_…`), or undefined. */
export function presentedKey(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  return token && API_KEY_PATTERN.test(token) ? token : undefined;
}

/**
 * Checks a key against the database on every call, so a revocation holds on every instance at once
 * (no cache to invalidate); the key's last use is written at most once a minute.
 */
export async function authenticate(
  db: Db,
  request: FastifyRequest,
  scope: IntegratorScope,
): Promise<IntegrationCaller> {
  const token = presentedKey(request);
  const match = token ? API_KEY_PATTERN.exec(token) : null;
  if (!token || !match) throw new Unauthorized('api_key_invalid', 'integrations.errors.key_invalid');
  const [row] = await db
    .select({
      id: integratorKeys.id,
      key_hash: integratorKeys.key_hash,
      scopes: integratorKeys.scopes,
      restaurant_ids: integratorKeys.restaurant_ids,
      opens: sql<boolean>`(${integratorKeys.revoked_at} is null and (${integratorKeys.expires_at} is null or ${integratorKeys.expires_at} > now()))`,
      integrator_id: integrators.id,
      integrator_name: integrators.name,
      integrator_active: integrators.is_active,
      user_id: integrators.user_id,
    })
    .from(integratorKeys)
    .innerJoin(integrators, eq(integrators.id, integratorKeys.integrator_id))
    .where(eq(integratorKeys.prefix, match[1] ?? ''));
  const same =
    row !== undefined &&
    timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hashToken(token), 'hex'));
  if (!row || !same) throw new Unauthorized('api_key_invalid', 'integrations.errors.key_invalid');
  if (!row.opens || !row.integrator_active)
    throw new Unauthorized('api_key_revoked', 'integrations.errors.key_revoked');
  if (!row.scopes.includes(scope)) throw new Forbidden('scope_missing', 'integrations.errors.scope_missing');
  await db
    .update(integratorKeys)
    .set({ last_used_at: new Date() })
    .where(
      and(
        eq(integratorKeys.id, row.id),
        sql`(${integratorKeys.last_used_at} is null or ${integratorKeys.last_used_at} < now() - interval '1 minute')`,
      ),
    );
  return {
    integrator_id: row.integrator_id,
    integrator_name: row.integrator_name,
    user_id: row.user_id,
    key_id: row.id,
    scopes: row.scopes as IntegratorScope[],
    restaurant_ids: row.restaurant_ids,
    ip: request.ip,
    request_id: request.id,
  };
}

/**
 * The actor the back office's own commands see for a call about `restaurantId`: the integrator's
 * account in the role whose rules apply (the kitchen's for its orders, the manager's for its menu),
 * confined to that one restaurant. A restaurant the key is not limited to is not found (404): a key
 * for restaurant A never learns that B's order exists.
 */
export function actorFor(
  caller: IntegrationCaller,
  restaurantId: number,
  role: Extract<Role, 'restaurant_employee' | 'restaurant_manager'>,
): ActorContext {
  if (!caller.restaurant_ids.includes(restaurantId)) throw new NotFound();
  return {
    user_id: caller.user_id,
    role,
    restaurant_id: restaurantId,
    ip: caller.ip,
    request_id: caller.request_id,
  };
}

/** The integrator as the customer of an order it places (orders.customer_id is its account). */
export function customerActor(caller: IntegrationCaller, restaurantId: number): ActorContext {
  if (!caller.restaurant_ids.includes(restaurantId)) throw new NotFound();
  return {
    user_id: caller.user_id,
    role: 'customer',
    restaurant_id: null,
    ip: caller.ip,
    request_id: caller.request_id,
  };
}

/** A key's requests per minute (its own bucket), cached for a few seconds per instance. */
const limits = new Map<string, { max: number; at: number }>();
export async function rateLimitOf(db: Db, prefix: string, fallback: number): Promise<number> {
  const cached = limits.get(prefix);
  if (cached && Date.now() - cached.at < 5_000) return cached.max;
  const [row] = await db
    .select({ max: integratorKeys.rate_limit_per_minute })
    .from(integratorKeys)
    .where(eq(integratorKeys.prefix, prefix));
  const max = row?.max ?? fallback;
  limits.set(prefix, { max, at: Date.now() });
  if (limits.size > 10_000) limits.clear();
  return max;
}
