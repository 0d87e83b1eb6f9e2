import {
  breakEndedSchema,
  breakStartedSchema,
  breaksQuery,
  breaksResponse,
  dataResponse,
  driverLocationSchema,
  idParams,
  locationsAcceptedSchema,
  locationsBody,
  shiftStartedSchema,
} from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './driver-app-service.js';

export async function driverAppRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const driver = { auth: 'app' as const, roles: ['driver' as const] };
  const tags = ['driver app'];

  r.post(
    '/api/driver/shift/start',
    {
      config: driver,
      schema: {
        summary: 'Driver app: start a shift',
        description:
          'Opens a shift for the signed-in driver, who becomes available for orders. A second start while a shift is open is a conflict (409).',
        response: { 200: dataResponse(shiftStartedSchema) },
        tags,
      },
    },
    async (request) => ({
      data: await service.startShift(app.db, app.bus, request.actor),
    }),
  );
  r.post(
    '/api/driver/locations',
    {
      config: driver,
      schema: {
        description:
          "Stores a batch of the driver's positions (recorded_at in ISO 8601; batches may arrive late and out of order). The newest point becomes the driver's position on the dispatch map. Refused (422) when the driver is off shift.",
        response: { 200: dataResponse(locationsAcceptedSchema) },
        tags,
        summary: 'A batch of location points (at most 100)',
        body: locationsBody,
      },
    },
    async (request) => ({
      data: await service.recordLocations(app.db, app.bus, request.actor, request.body),
    }),
  );
  r.post(
    '/api/driver/breaks/start',
    {
      config: driver,
      schema: {
        summary: 'Driver app: start a break',
        description:
          'Puts an available driver on a break; a driver delivering an order cannot (422), a break already running is a conflict (409).',
        response: { 200: dataResponse(breakStartedSchema) },
        tags,
      },
    },
    async (request) => ({
      data: await service.startBreak(app.db, app.bus, request.actor),
    }),
  );
  r.post(
    '/api/driver/breaks/end',
    {
      config: driver,
      schema: {
        summary: 'Driver app: end the break',
        description: "Ends the driver's running break and answers with its length.",
        response: { 200: dataResponse(breakEndedSchema) },
        tags,
      },
    },
    async (request) => ({
      data: await service.endBreak(app.db, app.bus, request.actor),
    }),
  );

  // Back office.
  r.get(
    '/api/drivers/locations',
    {
      config: { permission: 'drivers.read' },
      schema: {
        description:
          'Every driver on shift with the last known position, vehicle and state, for the dispatch map. The live updates come over /api/events.',
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
        summary: "A driver's breaks",
        description:
          "A driver's breaks between two days (in the operation's time zone), with a total per day.",
        tags: ['drivers'],
        params: idParams,
        querystring: breaksQuery,
        response: { 200: breaksResponse },
      },
    },
    async (request) => service.listBreaks(app.db, request.params.id, app.config.timeZone, request.query),
  );
}
