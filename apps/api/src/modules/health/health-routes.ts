import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const body = z.object({
    status: z.enum(['ok', 'degraded']),
    db: z.enum(['up', 'down']),
    db_kind: z.string(),
    /**
     * Live events and shared limits across instances: 'down' (unreachable) and 'hung' (connected but
     * not answering) serve on, with events reaching this instance only and limits counted per instance.
     */
    redis: z.enum(['up', 'down', 'hung', 'off']),
  });
  routes.get(
    '/api/health',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        summary: 'Health of the API and its database',
        description:
          'Whether this instance can reach its database (503 when it cannot) and Redis, for monitoring. Not rate limited, no token. Load balancers use /api/health/ready, orchestrators /api/health/live.',
        tags: ['health'],
        response: { 200: body, 503: body },
      },
    },
    async (_request, reply) => {
      const redis = app.bus.redisState();
      try {
        await app.database.ping();
        const status = redis === 'down' || redis === 'hung' ? ('degraded' as const) : ('ok' as const);
        return { status, db: 'up' as const, db_kind: app.database.kind, redis };
      } catch {
        return reply.status(503).send({ status: 'degraded', db: 'down', db_kind: app.database.kind, redis });
      }
    },
  );

  routes.get(
    '/api/health/live',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        summary: 'Liveness: the process runs',
        description:
          'Answers 200 while the process runs and its event loop turns, whatever its database or Redis do: restart the instance only when this fails.',
        tags: ['health'],
        response: { 200: z.object({ status: z.literal('alive') }) },
      },
    },
    async () => ({ status: 'alive' as const }),
  );

  const ready = z.object({
    status: z.enum(['ready', 'not_ready']),
    db: z.enum(['up', 'down']),
    migrations: z.enum(['done', 'pending']),
    draining: z.boolean(),
  });
  // Once every migration is seen applied it stays so for this build.
  let migrated = false;
  routes.get(
    '/api/health/ready',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        summary: 'Readiness: send traffic here',
        description:
          'Answers 200 when this instance can serve: its database answers, every migration of this build is applied, and it is not draining for a shutdown; 503 otherwise. A load balancer sends requests only while this is 200. Redis does not count: without it the instance serves on its own.',
        tags: ['health'],
        response: { 200: ready, 503: ready },
      },
    },
    async (_request, reply) => {
      const draining = app.lifecycle.draining;
      let db: 'up' | 'down' = 'up';
      try {
        await app.database.ping();
        migrated ||= await app.database.migrated();
      } catch {
        db = 'down';
      }
      const answer = {
        db,
        migrations: migrated ? ('done' as const) : ('pending' as const),
        draining,
      };
      if (db === 'up' && migrated && !draining) return { status: 'ready' as const, ...answer };
      return reply.status(503).send({ status: 'not_ready', ...answer });
    },
  );
}
