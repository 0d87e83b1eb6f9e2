import type { AuditEntry, ListResponse } from '@dostava/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { auditLogKeys } from './keys';

export interface AuditLogParams {
  page: number;
  per_page: number;
  sort: string;
  user_id?: number;
  entity?: string;
  action?: string;
  from?: string;
  to?: string;
}

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
