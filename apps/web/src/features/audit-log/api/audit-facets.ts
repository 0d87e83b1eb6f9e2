import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/http';
import { auditLogKeys } from './keys';

/** The entities and actions the log holds, for the filters. */
export interface AuditFacets {
  entities: string[];
  actions: string[];
}

export async function getAuditFacets(signal?: AbortSignal): Promise<AuditFacets> {
  const { data } = await api<{ data: AuditFacets }>('/audit-log/facets', { signal });
  return data;
}

export const auditFacetsQueryOptions = () =>
  queryOptions({
    queryKey: auditLogKeys.facets(),
    queryFn: ({ signal }) => getAuditFacets(signal),
    staleTime: 60_000,
  });

export function useAuditFacets() {
  return useQuery(auditFacetsQueryOptions());
}
