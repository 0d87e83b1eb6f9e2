import type { AuditLogParams } from './list-audit-log';

export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (query: AuditLogParams) => [...auditLogKeys.all, 'list', query] as const,
  facets: () => [...auditLogKeys.all, 'facets'] as const,
};
