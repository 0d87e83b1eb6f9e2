import type { AuditLogParams } from '@dostava/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { $api } from '../../../lib/api-client';

export type { AuditLogParams };

export function useAuditLog(query: AuditLogParams) {
  return useQuery(
    $api.queryOptions('get', '/api/audit-log', { params: { query } }, { placeholderData: keepPreviousData }),
  );
}

/** The entities and actions the log holds, for the filters. */
export function useAuditFacets() {
  return useQuery(
    $api.queryOptions('get', '/api/audit-log/facets', undefined, {
      staleTime: 60_000,
      select: (answer) => answer.data,
    }),
  );
}
