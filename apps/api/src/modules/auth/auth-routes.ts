import {
  changePasswordBody,
  currentUserSchema,
  dataResponse,
  idParams,
  logoutBody,
  messageResponse,
  noContent,
  refreshBody,
  sessionSchema,
  signInBody,
  signInResponse,
  tokensSchema,
  translate,
  updateProfileBody,
} from '@dostava/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ServiceError, Unauthorized } from '../../lib/errors.js';
import * as auth from './auth-service.js';

const clientOf = (request: FastifyRequest): auth.ClientInfo => ({
  ip: request.ip ?? null,
  user_agent: request.headers['user-agent'] ?? null,
});

function sessionOf(request: FastifyRequest) {
  if (!request.claims) throw new Unauthorized();
  return { ...request.actor, session_id: request.claims.session_id };
}

export async function authRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps: auth.AuthDeps = {
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

  for (const [url, audience] of [
    ['/api/auth/sign-in', 'backoffice'],
    ['/api/auth/app/sign-in', 'app'],
  ] as const) {
    r.post(
      url,
      {
        config: { auth: 'public', rateLimit: perIp },
        preHandler: perAccount,
        schema: {
          tags: ['auth'],
          summary:
            audience === 'backoffice'
              ? 'Staff sign-in to the back office'
              : 'Driver and customer app sign-in',
          description:
            audience === 'backoffice'
              ? 'Signs a staff member in with email and password: an access token (Bearer, minutes) and a refresh token (single use). Driver and customer accounts are refused here. Limited per account and per address.'
              : 'Signs a driver or customer in with email and password: tokens for the app endpoints only (they never open the back office). Limited per account and per address.',
          body: signInBody,
          response: { 200: signInResponse },
        },
      },
      async (request) => ({
        data: await auth.signIn(app.db, deps, request.body, audience, clientOf(request)),
      }),
    );
  }

  r.post(
    '/api/auth/refresh',
    {
      config: { auth: 'public', rateLimit: perIp },
      schema: {
        description:
          'Exchanges a refresh token for a new access token and a new refresh token. Each refresh token works once: presenting a spent one again signs the whole session out.',
        tags: ['auth'],
        summary: 'Rotate a refresh token',
        body: refreshBody,
        response: { 200: dataResponse(tokensSchema) },
      },
    },
    async (request) => ({
      data: await auth.refresh(app.db, deps, request.body.refresh_token, clientOf(request)),
    }),
  );

  r.get(
    '/api/auth/me',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'The signed-in account',
        description:
          "The caller's own account: name, role, restaurant and language. Staff and app tokens alike.",
        tags: ['auth'],
        response: { 200: dataResponse(currentUserSchema) },
      },
    },
    async (request) => ({ data: await auth.currentUser(app.db, request.actor.user_id) }),
  );

  r.patch(
    '/api/auth/me',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Update the own profile',
        description:
          "Changes the caller's own name, phone or language; role and restaurant are not the caller's to change.",
        tags: ['auth'],
        body: updateProfileBody,
        response: { 200: dataResponse(currentUserSchema) },
      },
    },
    async (request) => ({ data: await auth.updateProfile(app.db, request.actor, request.body) }),
  );

  r.post(
    '/api/auth/logout',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Sign out',
        description:
          "Ends the caller's session on the server: its refresh tokens stop working at once; the access token lives until it expires.",
        tags: ['auth'],
        body: logoutBody.optional(),
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      await auth.logout(app.db, s.session_id);
      await app.sessions.changed(s.user_id);
      return { message: translate(request.language, 'auth.logged_out') };
    },
  );

  r.post(
    '/api/auth/change-password',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Change the own password',
        description:
          'Checks the current password, applies the password policy (and the leaked-password list) to the new one, and signs out every other session.',
        tags: ['auth'],
        body: changePasswordBody,
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      await auth.changePassword(app.db, s, request.body);
      await app.sessions.changed(s.user_id);
      return { message: translate(request.language, 'account.password_changed') };
    },
  );

  r.get(
    '/api/auth/sessions',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'The own active sessions',
        description:
          "Every device signed in to the caller's account, with when and from where it was last used; the current one is marked.",
        tags: ['auth'],
        response: { 200: z.object({ data: z.array(sessionSchema) }) },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      return { data: await auth.listSessions(app.db, s.user_id, s.session_id) };
    },
  );

  r.delete(
    '/api/auth/sessions/:id',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Sign out one of the own sessions',
        description:
          "Revokes one of the caller's own sessions (another device); someone else's session is not found.",
        response: { 204: noContent('The session is signed out') },
        tags: ['auth'],
        params: idParams,
      },
    },
    async (request, reply) => {
      const userId = sessionOf(request).user_id;
      await auth.revokeOwnSession(app.db, userId, request.params.id);
      await app.sessions.changed(userId);
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/api/auth/sessions/revoke-others',
    {
      config: { auth: 'any' },
      schema: {
        summary: 'Sign out every other session',
        description: "Revokes all of the caller's sessions but the current one.",
        tags: ['auth'],
        response: { 200: messageResponse },
      },
    },
    async (request) => {
      const s = sessionOf(request);
      await auth.revokeOtherSessions(app.db, s.user_id, s.session_id);
      await app.sessions.changed(s.user_id);
      return { message: translate(request.language, 'account.sessions_signed_out') };
    },
  );
}
