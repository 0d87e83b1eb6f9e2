import { auditEntrySchema, auditLogQuery, listResponse } from '@dostava/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './audit-log-service.js';

export async function auditLogRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['audit log'];
  const config = { permission: 'audit_log.read' as const };
  r.get(
    '/api/audit-log',
    {
      config,
      schema: {
        description:
          'A page of the audit log: who changed what and when, with the values before and after, filterable by entity, action, user and time.',
        tags,
        querystring: auditLogQuery,
        response: { 200: listResponse(auditEntrySchema) },
      },
    },
    async (request) => service.listAudit(app.db, request.query, app.config.timeZone),
  );
  r.get(
    '/api/audit-log/facets',
    {
      config,
      schema: {
        summary: 'Audit log filter choices',
        description: 'The entities and actions that occur in the audit log, for its filters.',
        tags,
        response: {
          200: z.object({ data: z.object({ entities: z.array(z.string()), actions: z.array(z.string()) }) }),
        },
      },
    },
    async () => ({ data: await service.auditFacets(app.db) }),
  );
}
