import {
  dataResponse,
  endShiftBody,
  endShiftListQuery,
  endShiftRejectBody,
  endShiftRequestDetailSchema,
  endShiftRequestSchema,
  idParams,
  listResponse,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../plugins/auth.js';
import * as service from './cash-register-service.js';

export async function cashRegisterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cash register'];

  r.post(
    '/api/driver/end-shift',
    {
      config: { auth: 'app', roles: ['driver'] },
      schema: {
        tags: ['driver app'],
        body: endShiftBody,
        response: { 201: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.requestEndShift(app.db, app.bus, actorOf(request), request.body.declared_amount),
      }),
  );

  r.get(
    '/api/end-shift-requests',
    {
      config: { permission: 'cash.read' },
      schema: {
        tags,
        querystring: endShiftListQuery,
        response: { 200: listResponse(endShiftRequestSchema) },
      },
    },
    async (request) => service.listRequests(app.db, request.query, app.config.timeZone),
  );
  r.get(
    '/api/end-shift-requests/:id',
    {
      config: { permission: 'cash.read' },
      schema: { tags, params: idParams, response: { 200: dataResponse(endShiftRequestDetailSchema) } },
    },
    async (request) => ({ data: await service.getRequest(app.db, request.params.id) }),
  );
  r.post(
    '/api/end-shift-requests/:id/collect',
    {
      config: { permission: 'cash.handle' },
      schema: { tags, params: idParams, response: { 200: dataResponse(endShiftRequestDetailSchema) } },
    },
    async (request) => ({
      data: await service.collect(app.db, app.bus, actorOf(request), request.params.id),
    }),
  );
  r.post(
    '/api/end-shift-requests/:id/reject',
    {
      config: { permission: 'cash.handle' },
      schema: {
        tags,
        params: idParams,
        body: endShiftRejectBody,
        response: { 200: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.reject(app.db, actorOf(request), request.params.id, request.body.reason),
    }),
  );
}
