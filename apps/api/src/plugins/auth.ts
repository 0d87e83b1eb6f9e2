import {
  DEFAULT_LANGUAGE,
  isAppRole,
  isStaffRole,
  type Language,
  PERMISSIONS,
  type Permission,
  pickLanguage,
  type Role,
} from '@dostava/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { ActorContext } from '../lib/audit.js';
import { Forbidden, Unauthorized } from '../lib/errors.js';
import type { AccessClaims } from '../lib/tokens.js';

/**
 * Who may call a route. `public`: anyone. `backoffice` (the default): staff tokens. `app`: driver and
 * customer tokens. `any`: either kind (own profile, logout). `permission` narrows by role through the
 * shared matrix; ownership (own restaurant) is the service's to check with `can()`.
 */
export type RouteAuth = 'public' | 'backoffice' | 'app' | 'any' | 'api_key';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    permission?: Permission;
    roles?: readonly Role[];
    /** The scope an `api_key` route needs; the integrations module checks the key (issue 40). */
    scope?: string;
  }
  interface FastifyInstance {
    /** Every API route with who may call it: the authorization matrix test walks it. */
    routeTable: RouteAccess[];
  }
  interface FastifyRequest {
    language: Language;
    claims: AccessClaims | null;
    /** The caller, set once by the auth hook; read on a public route it is a 401. */
    readonly actor: ActorContext;
  }
}

export interface RouteAccess {
  method: string;
  url: string;
  auth: RouteAuth;
  permission: Permission | undefined;
  roles: readonly Role[] | undefined;
}

const ACTOR = Symbol('actor');
type Authenticated = FastifyRequest & { [ACTOR]?: ActorContext };

export const authPlugin = fp(async (app: FastifyInstance) => {
  // Routes that plugins add (the API docs, the uploaded images) are public by their nature.
  app.addHook('onRoute', (route) => {
    // Private images (issue 38) are an API route like any other: authorised, in the route table.
    const publicPrefix =
      route.url.startsWith('/api/docs') ||
      (route.url.startsWith('/api/uploads/') && !route.url.startsWith('/api/uploads/private/'));
    const readOnly =
      ['GET', 'HEAD'].includes(String(route.method)) ||
      (Array.isArray(route.method) && route.method.every((m) => m === 'GET' || m === 'HEAD'));
    if (publicPrefix && readOnly && !route.config?.auth) route.config = { ...route.config, auth: 'public' };
    if (route.url.startsWith('/api/') && !publicPrefix) {
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        routeTable.push({
          method: String(method),
          url: route.url,
          auth: route.config?.auth ?? 'backoffice',
          permission: route.config?.permission,
          roles: route.config?.roles,
        });
      }
    }
  });
  const routeTable: RouteAccess[] = [];
  app.decorate('routeTable', routeTable);
  app.decorateRequest('language', DEFAULT_LANGUAGE);
  app.decorateRequest('claims', null);
  app.decorateRequest('actor', {
    getter(this: Authenticated) {
      const actor = this[ACTOR];
      if (!actor) throw new Unauthorized();
      return actor;
    },
  });

  app.addHook('onRequest', async (request) => {
    request.language = pickLanguage(request.headers['accept-language']);
    const config = request.routeOptions.config;
    // Unknown routes (404) and non-API routes (the web app) carry no auth config.
    if (!request.routeOptions.url?.startsWith('/api/')) return;
    const mode = config.auth ?? 'backoffice';
    // An integrator's key is checked by the integrations module's own hook, never a staff token.
    if (mode === 'public' || mode === 'api_key') return;

    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw new Unauthorized();
    const claims = await app.tokens.verify(token);
    if (claims === 'expired') throw new Unauthorized('token_expired', 'errors.token_expired');
    if (claims === 'invalid') throw new Unauthorized();
    // A signature proves who signed the token, not that the session still stands (logout,
    // deactivation, deletion, role or password change end it at once). Answered from memory.
    if (!(await app.sessions.isActive(claims.session_id, claims.user_id))) {
      throw new Unauthorized('session_revoked', 'errors.session_revoked');
    }
    // A driver's or customer's token never opens the back office, and a staff token never acts as an app.
    const audienceOk =
      mode === 'any'
        ? true
        : mode === 'app'
          ? claims.audience === 'app' && isAppRole(claims.role)
          : claims.audience === 'backoffice' && isStaffRole(claims.role);
    if (!audienceOk) throw new Forbidden();
    if (config.permission && !(PERMISSIONS[config.permission] as readonly Role[]).includes(claims.role)) {
      throw new Forbidden();
    }
    if (config.roles && !config.roles.includes(claims.role)) throw new Forbidden();
    request.claims = claims;
    (request as Authenticated)[ACTOR] = {
      user_id: claims.user_id,
      role: claims.role,
      restaurant_id: claims.restaurant_id,
      ip: request.ip,
      request_id: request.id,
    };
  });
});
