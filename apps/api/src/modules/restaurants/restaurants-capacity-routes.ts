import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as capacity from './restaurants-capacity.js';

const { restaurants } = endpoints;

/** Busy and pause (issue 24), and the jobs that end them. */
export async function restaurantsCapacityRoutes(app: FastifyInstance) {
  const deps = () => ({
    db: app.db,
    jobs: app.jobs,
    bus: app.bus,
    timeZone: app.config.timeZone,
    hooks: app.orderHooks,
  });

  app.jobs.handle('restaurant-pause-ends', (data) => capacity.endPause(app.db, app.bus, data));
  app.jobs.handle('restaurant-busy-ends', (data) => capacity.endBusy(app.db, app.bus, data));

  route(app, restaurants.busyOrPaused, (request) =>
    capacity.listCapacity(app.db, request.actor, app.config.timeZone),
  );
  route(app, restaurants.capacity, async (request) => ({
    data: await capacity.getCapacity(app.db, request.actor, request.params.id),
  }));
  route(app, restaurants.setCapacity, async (request) => ({
    data: await capacity.setCapacity(deps(), request.actor, request.params.id, request.body),
  }));
}
