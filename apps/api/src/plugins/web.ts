import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@dostava/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Hashed bundles never change under their name: a year, and no revalidation. */
export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
/** Everything else (index.html, favicon): always revalidate, so a deploy is seen on the next load. */
export const PAGE_CACHE_CONTROL = 'no-cache';

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API call and not a file gets
 * index.html, so deep links and reloads work; /sign-in gets the sign-in page's own sign-in.html. Unknown API paths get the error contract's 404.
 *
 * The build writes `.br` and `.gz` copies beside each text file (apps/web/vite.config.ts); with
 * `preCompressed` the static plugin picks one by Accept-Encoding, so nothing is compressed per request.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  const assetsDir = `${path.sep}assets${path.sep}`;
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The tracking page's server render (modules/tracking/tracking-page.ts) is the API's, not a file.
      allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
      // Otherwise send's own `public, max-age=0` overwrites the header set below.
      cacheControl: false,
      setHeaders: (res, filePath) => {
        res.setHeader(
          'cache-control',
          filePath.includes(assetsDir) ? ASSET_CACHE_CONTROL : PAGE_CACHE_CONTROL,
        );
        // The body depends on Accept-Encoding (the static plugin does not say so): shared caches must
        // not hand a brotli body to a client that cannot read it.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }
  if (hasWeb) {
    // The sign-in page is an entry of its own (apps/web/sign-in.html), light enough for a first visit.
    app.get('/sign-in', { schema: { hide: true } }, (_request, reply) => reply.sendFile('sign-in.html'));
    // The customer's tracking page at /t/:token is rendered with its answer by modules/tracking.
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send({ message: translate(request.language, 'errors.route_not_found'), error: 'route_not_found' });
    }
    return reply.sendFile('index.html');
  });
});
