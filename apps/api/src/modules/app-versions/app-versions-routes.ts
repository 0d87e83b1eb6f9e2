import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './app-versions-service.js';

const { appVersions } = endpoints;

export async function appVersionsRoutes(app: FastifyInstance) {
  route(app, appVersions.list, async (request) => service.listVersions(app.db, request.query));
  route(app, appVersions.release, async (request, reply) =>
    reply.status(201).send({ data: await service.createVersion(app.db, request.actor, request.body) }),
  );
  route(app, appVersions.usage, async () => ({ data: await service.usage(app.db) }));
  route(app, appVersions.check, async (request) => ({
    data: await service.checkVersion(app.db, request.query.app_type, request.query.version),
  }));
  route(app, appVersions.correct, async (request) => ({
    data: await service.updateVersion(app.db, request.actor, request.params.id, request.body),
  }));
  route(app, appVersions.remove, async (request, reply) => {
    await service.deleteVersion(app.db, request.actor, request.params.id);
    return reply.status(204).send(null);
  });
}
