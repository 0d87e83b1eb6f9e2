import {
  type ChangePasswordBody,
  type CurrentUser,
  isAppRole,
  isStaffRole,
  type Session,
  type UpdateProfileBody,
} from '@dostava/shared';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { refreshTokens, sessions, uploads, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import {
  BadRequest,
  Conflict,
  Forbidden,
  isUniqueViolation,
  NotFound,
  Unauthorized,
} from '../../lib/errors.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../lib/passwords.js';
import { type Audience, hashToken, newRefreshToken, type TokenService } from '../../lib/tokens.js';
import { imageOf } from '../uploads/uploads-service.js';

export interface AuthDeps {
  tokens: TokenService;
  refreshTokenTtlDays: number;
  /** Told when a reused refresh token kills its session, so its access tokens die at once too. */
  sessions?: { changed(userId: number): Promise<void> };
}
export interface ClientInfo {
  ip: string | null;
  user_agent: string | null;
}

const currentUserColumns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  role: users.role,
  restaurant_id: users.restaurant_id,
  image_id: uploads.id,
  image_file_name: uploads.file_name,
};

export async function currentUser(db: Db, userId: number): Promise<CurrentUser> {
  const [row] = await db
    .select(currentUserColumns)
    .from(users)
    .leftJoin(uploads, eq(uploads.id, users.image_id))
    .where(eq(users.id, userId));
  if (!row) throw new NotFound();
  const { image_id, image_file_name, ...user } = row;
  return { ...user, image: imageOf(image_id, image_file_name) };
}

async function openSession(db: Db, deps: AuthDeps, userId: number, client: ClientInfo) {
  const refresh_token = newRefreshToken();
  const expires = new Date(Date.now() + deps.refreshTokenTtlDays * 86_400_000);
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({
        user_id: userId,
        ip: client.ip,
        user_agent: client.user_agent?.slice(0, 300),
        expires_at: expires,
      })
      .returning({ id: sessions.id });
    if (!session) throw new Error('session insert returned nothing');
    await tx.insert(refreshTokens).values({ session_id: session.id, token_hash: hashToken(refresh_token) });
    return session.id;
  });
  return { sessionId, refresh_token };
}

/**
 * Staff sign in to the back office; drivers and customers to their apps. Wrong credentials, unknown
 * accounts and inactive accounts all get the same 'Login failed.', so nothing is revealed.
 */
export async function signIn(
  db: Db,
  deps: AuthDeps,
  body: { email: string; password: string },
  audience: Audience,
  client: ClientInfo,
) {
  const [user] = await db
    .select({
      id: users.id,
      password_hash: users.password_hash,
      role: users.role,
      is_active: users.is_active,
    })
    .from(users)
    .where(sql`lower(${users.email}) = ${body.email.toLowerCase()}`);
  const ok = await verifyPassword(user?.password_hash, body.password);
  if (!user || !ok || !user.is_active) throw new Unauthorized('login_failed', 'errors.login_failed');
  if (audience === 'backoffice' && !isStaffRole(user.role))
    throw new Forbidden('not_admin', 'errors.not_admin');
  if (audience === 'app' && !isAppRole(user.role)) throw new Forbidden('not_app_user', 'errors.forbidden');

  const { sessionId, refresh_token } = await openSession(db, deps, user.id, client);
  const me = await currentUser(db, user.id);
  const access_token = await deps.tokens.sign({
    user_id: me.id,
    role: me.role,
    restaurant_id: me.restaurant_id,
    session_id: sessionId,
    audience,
  });
  return { access_token, refresh_token, user: me };
}

async function revokeSession(db: Db, sessionId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/**
 * Rotates a refresh token: the presented one is spent, a new one returned. Presenting a spent token
 * means it was copied: the whole session (its family) is revoked.
 */
export async function refresh(db: Db, deps: AuthDeps, token: string, client: ClientInfo) {
  const invalid = () => new Unauthorized('invalid_refresh_token', 'errors.unauthorized');
  const [row] = await db
    .select({
      token_id: refreshTokens.id,
      used_at: refreshTokens.used_at,
      session_id: sessions.id,
      revoked_at: sessions.revoked_at,
      expires_at: sessions.expires_at,
      user_id: users.id,
      role: users.role,
      restaurant_id: users.restaurant_id,
      is_active: users.is_active,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.session_id))
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(refreshTokens.token_hash, hashToken(token)));
  if (!row || row.revoked_at || row.expires_at < new Date() || !row.is_active) throw invalid();
  if (row.used_at) {
    await revokeSession(db, row.session_id, 'refresh_token_reused');
    await deps.sessions?.changed(row.user_id);
    throw invalid();
  }
  const next = newRefreshToken();
  const spent = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(refreshTokens)
      .set({ used_at: new Date() })
      .where(and(eq(refreshTokens.id, row.token_id), isNull(refreshTokens.used_at)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values({ session_id: row.session_id, token_hash: hashToken(next) });
    await tx
      .update(sessions)
      .set({ last_used_at: new Date(), ip: client.ip, user_agent: client.user_agent?.slice(0, 300) })
      .where(eq(sessions.id, row.session_id));
    return true;
  });
  if (!spent) {
    // Another request spent it first: a second use of one token, so the family dies.
    await revokeSession(db, row.session_id, 'refresh_token_reused');
    await deps.sessions?.changed(row.user_id);
    throw invalid();
  }
  const access_token = await deps.tokens.sign({
    user_id: row.user_id,
    role: row.role,
    restaurant_id: row.restaurant_id,
    session_id: row.session_id,
    audience: isStaffRole(row.role) ? 'backoffice' : 'app',
  });
  return { access_token, refresh_token: next };
}

export async function logout(db: Db, sessionId: number) {
  await revokeSession(db, sessionId, 'logout');
}

export async function updateProfile(
  db: Db,
  actor: ActorContext,
  body: UpdateProfileBody,
): Promise<CurrentUser> {
  const before = await currentUser(db, actor.user_id);
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          ...(body.image_id !== undefined ? { image_id: body.image_id } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, actor.user_id));
      await audit(tx, actor, 'update', 'users', actor.user_id, before, body);
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new Conflict('email_taken', 'validation.email_taken', {}, { email: ['validation.email_taken'] });
    if (
      (error as { code?: string }).code === '23503' ||
      (error as { cause?: { code?: string } }).cause?.code === '23503'
    ) {
      throw new BadRequest({ image_id: ['validation.invalid'] });
    }
    throw error;
  }
  return currentUser(db, actor.user_id);
}

export async function changePassword(
  db: Db,
  actor: ActorContext & { session_id: number },
  body: ChangePasswordBody,
) {
  const [user] = await db
    .select({
      password_hash: users.password_hash,
      first_name: users.first_name,
      last_name: users.last_name,
      email: users.email,
    })
    .from(users)
    .where(eq(users.id, actor.user_id));
  if (!user || !(await verifyPassword(user.password_hash, body.current_password))) {
    throw new BadRequest({ current_password: ['validation.password_current_wrong'] });
  }
  // The same check as when an admin sets the password: the user's own name and e-mail count.
  const problem = passwordProblem(body.new_password, user);
  if (problem) throw new BadRequest({ new_password: [problem] });
  const password_hash = await hashPassword(body.new_password);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash, updated_at: new Date() }).where(eq(users.id, actor.user_id));
    // A new password signs out every other device.
    await tx
      .update(sessions)
      .set({ revoked_at: new Date(), revoked_reason: 'password_changed' })
      .where(
        and(
          eq(sessions.user_id, actor.user_id),
          ne(sessions.id, actor.session_id),
          isNull(sessions.revoked_at),
        ),
      );
    await audit(tx, actor, 'change_password', 'users', actor.user_id, null, null);
  });
}

export async function listSessions(db: Db, userId: number, currentSessionId: number): Promise<Session[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(
      and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), gt(sessions.expires_at, new Date())),
    )
    .orderBy(desc(sessions.last_used_at))
    .limit(100);
  return rows.map((s) => ({
    id: s.id,
    user_agent: s.user_agent,
    ip: s.ip,
    created_at: s.created_at.toISOString(),
    last_used_at: s.last_used_at.toISOString(),
    current: s.id === currentSessionId,
  }));
}

export async function revokeOwnSession(db: Db, userId: number, sessionId: number) {
  const revoked = await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: 'signed_out_by_user' })
    .where(and(eq(sessions.id, sessionId), eq(sessions.user_id, userId), isNull(sessions.revoked_at)))
    .returning({ id: sessions.id });
  if (revoked.length === 0) throw new NotFound();
}

export async function revokeOtherSessions(db: Db, userId: number, currentSessionId: number) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: 'signed_out_by_user' })
    .where(and(eq(sessions.user_id, userId), ne(sessions.id, currentSessionId), isNull(sessions.revoked_at)));
}

/** Revokes every session of a user at once (deactivation). */
export async function revokeAllSessions(db: Db, userId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at)));
}
