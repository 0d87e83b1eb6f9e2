import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';

const { health } = endpoints;
// Monitoring asks often and must always get through: not under the per-IP limit.
const unlimited = { config: { rateLimit: false } } as const;

export async function healthRoutes(app: FastifyInstance) {
  route(
    app,
    health.health,
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
    unlimited,
  );

  route(app, health.live, async () => ({ status: 'alive' as const }), unlimited);

  // Once every migration is seen applied it stays so for this build.
  let migrated = false;
  route(
    app,
    health.ready,
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
    unlimited,
  );
}
