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
    {
      config,
      schema: {
        description:
          "A page of accounts, filterable by role and restaurant. A Restaurant Manager sees their restaurant's employees.",
        tags,
        querystring: userListQuery,
        response: { 200: listResponse(userSchema) },
      },
    },
    async (request) => service.listUsers(app.db, request.actor, request.query),
  );

  r.post(
    '/api/users',
    {
      config,
      schema: {
        description:
          'Creates an account with a role (and a restaurant for the restaurant roles); the password follows the policy. Who may create which role follows the permission matrix.',
        tags,
        body: userCreateBody,
        response: { 201: dataResponse(userSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createUser(app.db, request.actor, request.body) }),
  );

  r.get(
    '/api/users/:id',
    {
      config,
      schema: {
        description: 'One account, as the caller may see it.',
        tags,
        params: idParams,
        response: { 200: dataResponse(userSchema) },
      },
    },
    async (request) => ({ data: await service.getUser(app.db, request.actor, request.params.id) }),
  );

  r.patch(
    '/api/users/:id',
    {
      config,
      schema: {
        description: 'Changes the given fields of an account; deactivating it signs all its sessions out.',
        tags,
        params: idParams,
        body: userUpdateBody,
        response: { 200: dataResponse(userSchema) },
      },
    },
    async (request) => {
      const data = await service.updateUser(app.db, request.actor, request.params.id, request.body);
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
        description:
          'Deletes an account without a history; an account that has orders, shifts or audit entries is deactivated instead, and the answer says which happened.',
        tags,
        summary: 'Delete an account; one with a history is deactivated instead (the answer says which)',
        params: idParams,
        response: { 200: userDeleteResult },
      },
    },
    async (request) => {
      const result = await service.deleteUser(app.db, request.actor, request.params.id);
      await app.sessions.changed(request.params.id);
      const key = result === 'deleted' ? 'users.deleted' : 'users.deactivated_instead';
      return { result, message: translate(request.language, key) };
    },
  );
}
