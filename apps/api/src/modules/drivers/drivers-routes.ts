import { dataResponse, driverListQuery, driverSchema, idParams, listResponse } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as service from './drivers-service.js';

/** Drivers are addressed by their user id. */
export async function driversRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['drivers'];
  r.get(
    '/api/drivers',
    {
      config: { permission: 'drivers.read' },
      schema: {
        description:
          'A page of drivers with their shift state, vehicle and last position time, filterable by state.',
        tags,
        querystring: driverListQuery,
        response: { 200: listResponse(driverSchema) },
      },
    },
    async (request) => service.listDrivers(app.db, request.query),
  );
  r.get(
    '/api/drivers/:id',
    {
      config: { permission: 'drivers.read' },
      schema: {
        description: 'One driver (addressed by their user id).',
        tags,
        params: idParams,
        response: { 200: dataResponse(driverSchema) },
      },
    },
    async (request) => ({ data: await service.getDriver(app.db, request.params.id) }),
  );
}
