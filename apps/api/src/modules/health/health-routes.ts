import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

export async function healthRoutes(app: FastifyInstance) {
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
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { auth: 'public', rateLimit: false },
      schema: {
        summary: 'Health of the API and its database',
        description:
          'Whether this instance can reach its database (503 when it cannot) and Redis, for load balancers and monitoring. Not rate limited, no token.',
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
}
