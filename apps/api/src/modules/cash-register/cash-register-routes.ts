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
import * as service from './cash-register-service.js';

export async function cashRegisterRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cash register'];

  r.post(
    '/api/driver/end-shift',
    {
      config: { auth: 'app', roles: ['driver'] },
      schema: {
        summary: 'Driver app: end the shift',
        description:
          'The driver ends the shift and declares the cash they carry (minor units); the cash register then collects or rejects the request.',
        tags: ['driver app'],
        body: endShiftBody,
        response: { 201: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.requestEndShift(app.db, app.bus, request.actor, request.body.declared_amount),
      }),
  );

  r.get(
    '/api/end-shift-requests',
    {
      config: { permission: 'cash.read' },
      schema: {
        description:
          "A page of the drivers' end-of-shift requests, filterable by status and day, with the expected and declared amounts.",
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
      schema: {
        description: 'One end-of-shift request with the orders of its shift and the amounts they add up to.',
        tags,
        params: idParams,
        response: { 200: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request) => ({ data: await service.getRequest(app.db, request.params.id) }),
  );
  r.post(
    '/api/end-shift-requests/:id/collect',
    {
      config: { permission: 'cash.handle' },
      schema: {
        summary: 'Collect the cash of an end-of-shift request',
        description:
          "Records that the cash was received and closes the driver's shift. Only a pending request can be collected; a race is a conflict (409).",
        tags,
        params: idParams,
        response: { 200: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.collect(app.db, app.bus, request.actor, request.params.id),
    }),
  );
  r.post(
    '/api/end-shift-requests/:id/reject',
    {
      config: { permission: 'cash.handle' },
      schema: {
        summary: 'Reject an end-of-shift request',
        description: 'Sends the request back to the driver with a reason; the shift stays open.',
        tags,
        params: idParams,
        body: endShiftRejectBody,
        response: { 200: dataResponse(endShiftRequestDetailSchema) },
      },
    },
    async (request) => ({
      data: await service.reject(app.db, request.actor, request.params.id, request.body.reason),
    }),
  );
}
