import type { AuditEntry, AuditLogParams, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { auditLogKeys } from './keys';

export type { AuditLogParams };

export function listAuditLog(query: AuditLogParams, signal?: AbortSignal) {
  return api<ListResponse<AuditEntry>>('/audit-log', { query: { ...query }, signal });
}

export const auditLogQueryOptions = (query: AuditLogParams) =>
  queryOptions({
    queryKey: auditLogKeys.list(query),
    queryFn: ({ signal }) => listAuditLog(query, signal),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(query: AuditLogParams) {
  return useQuery(auditLogQueryOptions(query));
}
