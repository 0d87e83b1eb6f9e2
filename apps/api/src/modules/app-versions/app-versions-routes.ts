import {
  appVersionBody,
  appVersionCheckQuery,
  appVersionCheckSchema,
  appVersionListQuery,
  appVersionPatchBody,
  appVersionSchema,
  appVersionUsageSchema,
  dataResponse,
  idParams,
  listResponse,
  noContent,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './app-versions-service.js';

export async function appVersionsRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['app versions'];
  const config = { permission: 'app_versions.manage' as const };

  r.get(
    '/api/app-versions',
    {
      config,
      schema: {
        description: 'A page of the released mobile app versions, filterable by app.',
        tags,
        querystring: appVersionListQuery,
        response: { 200: listResponse(appVersionSchema) },
      },
    },
    async (request) => service.listVersions(app.db, request.query),
  );
  r.post(
    '/api/app-versions',
    {
      config,
      schema: {
        summary: 'Release an app version',
        description: 'Records a new version of a mobile app and whether updating to it is forced.',
        tags,
        body: appVersionBody,
        response: { 201: dataResponse(appVersionSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await service.createVersion(app.db, request.actor, request.body) }),
  );
  r.get(
    '/api/app-versions/usage',
    {
      config,
      schema: {
        summary: 'App versions in use',
        description: 'How many users last signed in with each app version.',
        tags,
        response: { 200: z.object({ data: z.array(appVersionUsageSchema) }) },
      },
    },
    async () => ({ data: await service.usage(app.db) }),
  );
  r.get(
    '/api/app-versions/check',
    {
      config: { auth: 'public' },
      schema: {
        description:
          'The mobile apps ask, without a token, whether a newer version exists and whether they must update to keep working.',
        tags,
        summary: 'Mobile apps: must or may I update?',
        querystring: appVersionCheckQuery,
        response: { 200: dataResponse(appVersionCheckSchema) },
      },
    },
    async (request) => ({
      data: await service.checkVersion(app.db, request.query.app_type, request.query.version),
    }),
  );
  r.patch(
    '/api/app-versions/:id',
    {
      config,
      schema: {
        summary: 'Correct an app version',
        description:
          'Changes the given fields of a released version (a wrong number, priority or notes). A version number the app already has is a 409 under `version`.',
        tags,
        params: idParams,
        body: appVersionPatchBody,
        response: { 200: dataResponse(appVersionSchema) },
      },
    },
    async (request) => ({
      data: await service.updateVersion(app.db, request.actor, request.params.id, request.body),
    }),
  );
  r.delete(
    '/api/app-versions/:id',
    {
      config,
      schema: {
        description: 'Removes a released version.',
        response: { 204: noContent('The version is deleted') },
        tags,
        params: idParams,
      },
    },
    async (request, reply) => {
      await service.deleteVersion(app.db, request.actor, request.params.id);
      return reply.status(204).send(null);
    },
  );
}
