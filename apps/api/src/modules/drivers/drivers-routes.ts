import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './drivers-service.js';

const { drivers } = endpoints;

/** Drivers are addressed by their user id. */
export async function driversRoutes(app: FastifyInstance) {
  route(app, drivers.list, async (request) => service.listDrivers(app.db, request.query));
  route(app, drivers.get, async (request) => ({ data: await service.getDriver(app.db, request.params.id) }));
  route(app, drivers.setPlannedEnd, async (request) => ({
    data: await service.setPlannedEnd(
      app.db,
      app.bus,
      request.actor,
      request.params.id,
      request.body.planned_end_at,
    ),
  }));
}
