import { z } from 'zod';
import { auditEntrySchema, auditLogQuery } from '../audit-log.js';
import { listResponse } from '../common.js';
import { endpoint } from './endpoint.js';

const tags = ['audit log'];
const access = { permission: 'audit_log.read' } as const;

export const auditLog = {
  list: endpoint({
    method: 'GET',
    path: '/api/audit-log',
    access,
    description:
      'A page of the audit log: who changed what and when, with the values before and after, filterable by entity, action, user and time.',
    tags,
    query: auditLogQuery,
    answer: { 200: listResponse(auditEntrySchema) },
  }),
  facets: endpoint({
    method: 'GET',
    path: '/api/audit-log/facets',
    access,
    summary: 'Audit log filter choices',
    description: 'The entities and actions that occur in the audit log, for its filters.',
    tags,
    answer: {
      200: z.object({ data: z.object({ entities: z.array(z.string()), actions: z.array(z.string()) }) }),
    },
  }),
};
