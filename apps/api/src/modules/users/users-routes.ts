import {
  dataResponse,
  idParams,
  listResponse,
  translate,
  userCreateBody,
  userDeleteResult,
  userListQuery,
  userSchema,
  userUpdateBody,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import * as service from './users-service.js';

/**
 * Admins and App Managers manage every account (App Managers not Admin accounts); a Restaurant
 * Manager manages the Restaurant Employee accounts of their restaurant through the same endpoints.
 */
export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['users'];
  const config = { permission: 'employees.manage' as const };

  r.get(
    '/api/users',
    { config, schema: { tags, querystring: userListQuery, response: { 200: listResponse(userSchema) } } },
    async (request) => service.listUsers(app.db, actorOf(request), request.query),
  );

  r.post(
    '/api/users',
    { config, schema: { tags, body: userCreateBody, response: { 201: dataResponse(userSchema) } } },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createUser(app.db, actorOf(request), request.body) }),
  );

  r.get(
    '/api/users/:id',
    { config, schema: { tags, params: idParams, response: { 200: dataResponse(userSchema) } } },
    async (request) => ({ data: await service.getUser(app.db, actorOf(request), request.params.id) }),
  );

  r.patch(
    '/api/users/:id',
    {
      config,
      schema: { tags, params: idParams, body: userUpdateBody, response: { 200: dataResponse(userSchema) } },
    },
    async (request) => {
      const data = await service.updateUser(app.db, actorOf(request), request.params.id, request.body);
      // Deactivation, a new role, restaurant or password end the account's sessions: every instance
      // looks them up again (any other change just costs one look-up).
      await app.sessions.changed(request.params.id);
      return { data };
    },
  );

  r.delete(
    '/api/users/:id',
    {
      config,
      schema: {
        tags,
        summary: 'Delete an account; one with a history is deactivated instead (the answer says which)',
        params: idParams,
        response: { 200: userDeleteResult },
      },
    },
    async (request) => {
      const result = await service.deleteUser(app.db, actorOf(request), request.params.id);
      await app.sessions.changed(request.params.id);
      const key = result === 'deleted' ? 'users.deleted' : 'users.deactivated_instead';
      return { result, message: translate(request.language, key) };
    },
  );
}
