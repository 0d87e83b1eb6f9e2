import { type AuditEntry, rangeOrderError } from '@dostava/shared';
import { Box } from '@mui/material';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { FilterBar, optionsOf, SelectFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAuditFacets } from '../../../features/audit-log/api/audit-log';
import { AUDIT_SORT_VALUES, AuditLogTable } from '../../../features/audit-log/components/audit-log-table';
import { actionLabel, entityLabel } from '../../../features/audit-log/components/labels';
import { UserFilter } from '../../../features/audit-log/components/user-filter';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { positiveId, useUrlFilters } from '../../../lib/url-filters';
import { useRouteTree } from '../../route-tree';
import { useDocumentTitle } from '../../use-document-title';
import { subjectLink } from './subject-link';

const name = (value: string) => /^[a-z_]{1,50}$/.test(value);
const isoDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
const ALLOWED = { user_id: positiveId, entity: name, action: name, from: isoDate, to: isoDate };

export function AuditLogPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('audit_log.title'));
  const { params, setParams } = useListParams({ defaultSort: '-created_at', sorts: AUDIT_SORT_VALUES });
  const { filters, setFilter } = useUrlFilters(ALLOWED);
  const facets = useAuditFacets();
  const rangeInvalid = Boolean(rangeOrderError(filters.from, filters.to));
  const user = useCurrentUser();
  const routes = useRouteTree();
  const linkOf = useCallback((entry: AuditEntry) => subjectLink(entry, user, routes), [user, routes]);

  return (
    <PageContainer>
      <PageHeader title={t('audit_log.title')} />
      <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', lg: 'minmax(220px, 2fr) 1fr 1fr 1fr 1fr 1fr' }}>
        <UserFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        <SelectFilter
          param="entity"
          label={t('audit_log.entity')}
          allLabel={t('audit_log.all_entities')}
          options={optionsOf(facets.data?.entities ?? [], (value) => entityLabel(t, value))}
        />
        <SelectFilter
          param="action"
          label={t('audit_log.action')}
          allLabel={t('audit_log.all_actions')}
          options={optionsOf(facets.data?.actions ?? [], (value) => actionLabel(t, value))}
        />
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          fromLabel={t('audit_log.from')}
          toLabel={t('audit_log.to')}
          setFilter={setFilter}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <AuditLogTable
          params={params}
          setParams={setParams}
          subjectLink={linkOf}
          filters={{
            user_id: filters.user_id ? Number(filters.user_id) : undefined,
            entity: filters.entity || undefined,
            action: filters.action || undefined,
            from: rangeInvalid ? undefined : filters.from || undefined,
            to: rangeInvalid ? undefined : filters.to || undefined,
          }}
        />
      </Box>
    </PageContainer>
  );
}
