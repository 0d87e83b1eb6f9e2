import { endpoints } from '@dostava/shared/endpoints';
import type { FastifyInstance } from 'fastify';
import { route } from '../../lib/routes.js';
import * as service from './audit-log-service.js';

const { auditLog } = endpoints;

export async function auditLogRoutes(app: FastifyInstance) {
  route(app, auditLog.list, async (request) => service.listAudit(app.db, request.query, app.config.timeZone));
  route(app, auditLog.facets, async () => ({ data: await service.auditFacets(app.db) }));
}
