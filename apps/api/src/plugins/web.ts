import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@dostava/shared';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built web app with an SPA fallback: any GET that is not an API call and not a file gets
 * index.html, so deep links and reloads work. Unknown API paths get the error contract's 404.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string }) => {
  const hasWeb = existsSync(path.join(opts.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, filePath) => {
        // Hashed bundles never change; index.html always revalidates.
        res.setHeader(
          'cache-control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/') || request.url === '/api' || request.method !== 'GET' || !hasWeb) {
      return reply
        .status(404)
        .send({ message: translate(request.language, 'errors.route_not_found'), error: 'route_not_found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
});
