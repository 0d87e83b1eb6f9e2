import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './driver-app-service.js';
import { setPlannedEnd } from './drivers-service.js';

const { driverApp, drivers } = endpoints;

export async function driverAppRoutes(app: FastifyInstance) {
  route(app, driverApp.startShift, async (request) => ({
    data: await service.startShift(app.db, app.bus, request.actor),
  }));
  route(app, driverApp.recordLocations, async (request) => ({
    data: await service.recordLocations(app.db, app.bus, request.actor, request.body),
  }));
  route(app, driverApp.startBreak, async (request) => ({
    data: await service.startBreak(app.db, app.bus, request.actor),
  }));
  route(app, driverApp.endBreak, async (request) => ({
    data: await service.endBreak(app.db, app.bus, request.actor),
  }));
  route(app, driverApp.setPlannedEnd, async (request) => ({
    data: await setPlannedEnd(
      app.db,
      app.bus,
      request.actor,
      request.actor.user_id,
      request.body.planned_end_at,
    ),
  }));

  // Back office.
  route(app, drivers.locations, async () => ({ data: await service.listLocations(app.db) }));
  route(app, drivers.breaks, async (request) =>
    service.listBreaks(app.db, request.params.id, app.config.timeZone, request.query),
  );
}
