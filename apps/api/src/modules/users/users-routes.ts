import { translate } from '@dostava/shared';
import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './users-service.js';

const { users } = endpoints;

export async function usersRoutes(app: FastifyInstance) {
  route(app, users.list, async (request) => service.listUsers(app.db, request.actor, request.query));
  route(app, users.create, async (request, reply) =>
    reply.status(201).send({ data: await service.createUser(app.db, request.actor, request.body) }),
  );
  route(app, users.get, async (request) => ({
    data: await service.getUser(app.db, request.actor, request.params.id),
  }));
  route(app, users.update, async (request) => {
    const data = await service.updateUser(app.db, request.actor, request.params.id, request.body);
    // Deactivation, a new role, restaurant or password end the account's sessions: every instance
    // looks them up again (any other change just costs one look-up).
    await app.sessions.changed(request.params.id);
    return { data };
  });
  route(app, users.remove, async (request) => {
    const result = await service.deleteUser(app.db, request.actor, request.params.id);
    await app.sessions.changed(request.params.id);
    const key = result === 'deleted' ? 'users.deleted' : 'users.deactivated_instead';
    return { result, message: translate(request.language, key) };
  });
}
