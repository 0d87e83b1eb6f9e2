import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import { dashboard } from './dashboard-service.js';

export async function dashboardRoutes(app: FastifyInstance) {
  route(app, endpoints.dashboard.widgets, async (request) => ({
    data: await dashboard(app.db, request.actor, request.query, app.config.timeZone),
  }));
}
