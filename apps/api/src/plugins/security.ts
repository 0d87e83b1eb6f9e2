import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';
import type { Config } from '../config.js';
import type { EventBus } from '../lib/bus.js';
import { ServiceError } from '../lib/errors.js';
import { failoverStore } from '../lib/rate-limit-store.js';

/** The origin of the map tiles, so the CSP admits exactly that host and no other. */
function tileOrigin(tileUrl: string): string[] {
  try {
    const url = new URL(tileUrl.replace(/\{[a-z]\}/g, 'a'));
    return [url.origin.replace('//a.', '//*.')];
  } catch {
    return [];
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sets the security headers on an answer that no hook sees (the router's malformed-path refusal). */
    setSecurityHeaders(reply: FastifyReply): void;
  }
}

export const securityPlugin = fp(async (app: FastifyInstance, opts: { config: Config; bus: EventBus }) => {
  const google = opts.config.googleMapsApiKey
    ? [
        'https://maps.googleapis.com',
        'https://maps.gstatic.com',
        'https://*.googleapis.com',
        'https://*.gstatic.com',
      ]
    : [];
  // Security headers from helmet, its middleware built once (@fastify/helmet rebuilt it, CSP parsing
  // included, on every request).
  const headers = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...google],
        // MUI (emotion) injects <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...tileOrigin(opts.config.tileUrl), ...google],
        fontSrc: ["'self'", 'data:', ...google],
        connectSrc: ["'self'", ...google],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Its headers depend on these options alone (no nonce): recorded once, then set on every answer,
  // without running its thirteen middlewares per request.
  const recorded: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => recorded.push([name, String(value)]),
    removeHeader: () => {},
  };
  headers({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    if (error) throw error;
  });
  // Set on the raw response as the request arrives, so every answer carries them: the refusals
  // of later hooks (401, 403, 429), the not-found handler, the error handler and hijacked streams.
  const setSecurityHeaders = (reply: FastifyReply) => {
    for (const [name, value] of recorded) reply.raw.setHeader(name, value);
  };
  app.decorate('setSecurityHeaders', setSecurityHeaders);
  app.addHook('onRequest', (_request, reply, done) => {
    setSecurityHeaders(reply);
    done();
  });
  // Closed by default: only the origins named in CORS_ORIGINS may call the API from a browser.
  await app.register(cors, { origin: opts.config.corsOrigins.length ? opts.config.corsOrigins : false });
  const { bus } = opts;
  const shared = bus.counters && failoverStore(bus.counters, () => bus.redisState() === 'up', opts.config);
  await app.register(rateLimit, {
    global: true,
    max: opts.config.rateLimitMax,
    timeWindow: opts.config.rateLimitWindowSeconds * 1000,
    // With Redis the limits hold across every API instance (and per instance while Redis is down).
    ...(shared ? { store: shared } : {}),
    // Only the API is limited: the web app's files are static and cached.
    allowList: (request) => !request.url.startsWith('/api/'),
    errorResponseBuilder: () => new ServiceError(429, 'rate_limited', 'errors.rate_limited'),
  });
});
