import { breaksQuery, breaksResponse, driverLocationSchema, idParams, locationsBody } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/auth.js';
import * as service from './driver-app-service.js';

export async function driverAppRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const driver = { auth: 'app' as const, roles: ['driver' as const] };
  const tags = ['driver app'];

  r.post('/api/driver/shift/start', { config: driver, schema: { tags } }, async (request) => ({
    data: await service.startShift(app.db, app.bus, actorOf(request)),
  }));
  r.post(
    '/api/driver/locations',
    {
      config: driver,
      schema: { tags, summary: 'A batch of location points (at most 100)', body: locationsBody },
    },
    async (request) => ({
      data: await service.recordLocations(app.db, app.bus, actorOf(request), request.body),
    }),
  );
  r.post('/api/driver/breaks/start', { config: driver, schema: { tags } }, async (request) => ({
    data: await service.startBreak(app.db, app.bus, actorOf(request)),
  }));
  r.post('/api/driver/breaks/end', { config: driver, schema: { tags } }, async (request) => ({
    data: await service.endBreak(app.db, app.bus, actorOf(request)),
  }));

  // Back office.
  r.get(
    '/api/drivers/locations',
    {
      config: { permission: 'drivers.read' },
      schema: {
        tags: ['drivers'],
        summary: 'Drivers on shift for the map',
        response: { 200: z.object({ data: z.array(driverLocationSchema) }) },
      },
    },
    async () => ({ data: await service.listLocations(app.db) }),
  );
  r.get(
    '/api/drivers/:id/breaks',
    {
      config: { permission: 'drivers.read' },
      schema: {
        tags: ['drivers'],
        params: idParams,
        querystring: breaksQuery,
        response: { 200: breaksResponse },
      },
    },
    async (request) => service.listBreaks(app.db, request.params.id, app.config.timeZone, request.query),
  );
}
