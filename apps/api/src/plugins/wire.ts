import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Responses smaller than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;
/** API answers are per user and change all the time; the web app's query cache is the only cache. */
export const API_CACHE_CONTROL = 'no-store';

/**
 * How API responses travel: JSON and CSV of 1 KB and more go out as brotli (quality 4, the plugin's
 * default: cheap enough per request) or gzip, by Accept-Encoding; streams (the CSV exports) are
 * compressed as they flow. The SSE stream hijacks its reply, so it is never buffered by a compressor.
 * The web app's files are precompressed at build time (plugins/web.ts) and pass through untouched.
 */
export const wirePlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifyCompress, { threshold: COMPRESS_THRESHOLD_BYTES, encodings: ['br', 'gzip'] });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', API_CACHE_CONTROL);
    }
  });
});
