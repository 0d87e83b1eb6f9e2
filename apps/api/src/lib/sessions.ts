import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import type { EventBus } from './bus.js';

/**
 * Whether an access token's session may still act: not revoked (logout, password change,
 * deactivation, role change, reuse of a refresh token), not expired, its account active and not
 * deleted. Answers from memory after the first look-up of a session; any instance that changes a
 * user's sessions tells every instance over the bus, which drops that user's entries (and closes
 * their event streams). While Redis is down or hung, notices from other instances may be lost, so every
 * request reads the database until it is back; on its return the whole cache is dropped and every
 * listener (each open event stream) is told to look its session up again, so a revocation made on
 * another instance meanwhile still ends it.
 * See docs/decisions/0002.
 */
export class SessionGate {
  private readonly known = new Map<number, { user_id: number; active: boolean }>();
  private readonly changeListeners = new Set<(userId: number | null) => void>();
  private static readonly REMEMBERED = 50_000;
  private readonly unsubscribe: () => void;

  constructor(
    private readonly db: Db,
    private readonly bus: EventBus,
  ) {
    this.unsubscribe = bus.onControl(
      (message) => {
        if (message.type === 'sessions.changed') this.forget(message.user_id);
      },
      () => {
        this.known.clear();
        for (const listener of this.changeListeners) listener(null);
      },
    );
  }

  async isActive(sessionId: number, userId: number): Promise<boolean> {
    const state = this.bus.redisState();
    const trusted = state === 'up' || state === 'off';
    const hit = trusted ? this.known.get(sessionId) : undefined;
    if (hit) return hit.active && hit.user_id === userId;
    const [row] = await this.db
      .select({
        revoked_at: sessions.revoked_at,
        expires_at: sessions.expires_at,
        is_active: users.is_active,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId)));
    const active = Boolean(row && !row.revoked_at && row.expires_at > new Date() && row.is_active);
    if (this.known.size >= SessionGate.REMEMBERED) {
      const oldest = this.known.keys().next().value;
      if (oldest !== undefined) this.known.delete(oldest);
    }
    this.known.set(sessionId, { user_id: userId, active });
    return active;
  }

  /**
   * Of these sessions, those that still stand, read from the database whatever the cache holds (a
   * notice from another instance may never have come): one query for all of them, as the event
   * streams' heartbeat asks for every stream of the instance at once.
   */
  async standing<T extends { session_id: number; user_id: number }>(claims: readonly T[]): Promise<T[]> {
    if (claims.length === 0) return [];
    const ids = [...new Set(claims.map((c) => c.session_id))];
    const rows = await this.db
      .select({ id: sessions.id, user_id: sessions.user_id })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.user_id))
      .where(
        and(
          // One array parameter, however many streams are open.
          sql`${sessions.id} = any(${sql.param(ids)}::int[])`,
          isNull(sessions.revoked_at),
          gt(sessions.expires_at, sql`now()`),
          eq(users.is_active, true),
        ),
      );
    const owner = new Map(rows.map((row) => [row.id, row.user_id]));
    return claims.filter((c) => owner.get(c.session_id) === c.user_id);
  }

  /** A user's sessions changed (after the change committed): every instance looks them up again. */
  async changed(userId: number): Promise<void> {
    await this.bus.publishControl({ type: 'sessions.changed', user_id: userId });
  }

  /**
   * Hears every change of a user's sessions, from any instance (the event streams close on it); `null`
   * when changes may have been missed (Redis is back after an outage): anyone's session may have ended.
   */
  onChange(listener: (userId: number | null) => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  close() {
    this.unsubscribe();
    this.changeListeners.clear();
  }

  private forget(userId: number) {
    for (const [sessionId, entry] of this.known) if (entry.user_id === userId) this.known.delete(sessionId);
    for (const listener of this.changeListeners) listener(userId);
  }
}
