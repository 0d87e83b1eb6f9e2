import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as snooze from './products-snooze.js';

const { products } = endpoints;

/** Out of stock until a time (issue 24), and the job that ends it. */
export async function productsSnoozeRoutes(app: FastifyInstance) {
  const deps = () => ({
    db: app.db,
    jobs: app.jobs,
    bus: app.bus,
    timeZone: app.config.timeZone,
    hooks: app.orderHooks,
  });

  app.jobs.handle('product-snooze-ends', (data) => snooze.endSnooze(app.db, app.bus, data));

  route(app, products.snooze, async (request) => ({
    data: await snooze.snoozeProduct(deps(), request.actor, request.params.id, request.body),
  }));
  route(app, products.unsnooze, async (request) => ({
    data: await snooze.unsnoozeProduct(deps(), request.actor, request.params.id),
  }));
}
