import { translate } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ServiceError, Unauthorized } from '../../lib/errors.js';
import { route } from '../../lib/routes.js';
import * as service from './auth-service.js';

const { auth } = endpoints;

const clientOf = (request: FastifyRequest): service.ClientInfo => ({
  ip: request.ip ?? null,
  user_agent: request.headers['user-agent'] ?? null,
});

function sessionOf(request: FastifyRequest) {
  if (!request.claims) throw new Unauthorized();
  return { ...request.actor, session_id: request.claims.session_id };
}

export async function authRoutes(app: FastifyInstance) {
  const deps: service.AuthDeps = {
    tokens: app.tokens,
    refreshTokenTtlDays: app.config.refreshTokenTtlDays,
    sessions: app.sessions,
  };
  // Per account: keyed by the email tried, whichever IP it comes from (the route limit covers per IP).
  const accountLimit = app.createRateLimit({
    max: app.config.signInMaxPerAccount,
    timeWindow: app.config.rateLimitWindowSeconds * 1000,
    keyGenerator: (request) =>
      `account:${String((request.body as { email?: unknown })?.email ?? '').toLowerCase()}`,
  });
  const perAccount = async (request: FastifyRequest) => {
    const limit = await accountLimit(request);
    if (!limit.isAllowed && limit.isExceeded)
      throw new ServiceError(429, 'rate_limited', 'errors.rate_limited');
  };
  const perIp = { max: app.config.signInMaxPerIp, timeWindow: app.config.rateLimitWindowSeconds * 1000 };

  const signInLimits = { config: { rateLimit: perIp }, preHandler: perAccount };
  route(
    app,
    auth.signIn,
    async (request) => ({
      data: await service.signIn(app.db, deps, request.body, 'backoffice', clientOf(request)),
    }),
    signInLimits,
  );
  route(
    app,
    auth.appSignIn,
    async (request) => ({
      data: await service.signIn(app.db, deps, request.body, 'app', clientOf(request)),
    }),
    signInLimits,
  );

  route(
    app,
    auth.refresh,
    async (request) => ({
      data: await service.refresh(app.db, deps, request.body.refresh_token, clientOf(request)),
    }),
    { config: { rateLimit: perIp } },
  );

  route(app, auth.me, async (request) => ({
    data: await service.currentUser(app.db, request.actor.user_id),
  }));
  route(app, auth.updateProfile, async (request) => ({
    data: await service.updateProfile(app.db, request.actor, request.body),
  }));

  route(app, auth.logout, async (request) => {
    const s = sessionOf(request);
    await service.logout(app.db, s.session_id);
    await app.sessions.changed(s.user_id);
    return { message: translate(request.language, 'auth.logged_out') };
  });

  route(app, auth.changePassword, async (request) => {
    const s = sessionOf(request);
    await service.changePassword(app.db, s, request.body);
    await app.sessions.changed(s.user_id);
    return { message: translate(request.language, 'account.password_changed') };
  });

  route(app, auth.sessions, async (request) => {
    const s = sessionOf(request);
    return { data: await service.listSessions(app.db, s.user_id, s.session_id) };
  });

  route(app, auth.revokeSession, async (request, reply) => {
    const userId = sessionOf(request).user_id;
    await service.revokeOwnSession(app.db, userId, request.params.id);
    await app.sessions.changed(userId);
    return reply.status(204).send(null);
  });

  route(app, auth.revokeOtherSessions, async (request) => {
    const s = sessionOf(request);
    await service.revokeOtherSessions(app.db, s.user_id, s.session_id);
    await app.sessions.changed(s.user_id);
    return { message: translate(request.language, 'account.sessions_signed_out') };
  });
}
