import { rangeOrderError } from '@dostava/shared';
import { Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useAuditFacets } from '../../../features/audit-log/api/audit-facets';
import { AUDIT_SORT_VALUES, AuditLogTable } from '../../../features/audit-log/components/audit-log-table';
import { actionLabel, entityLabel } from '../../../features/audit-log/components/labels';
import { UserFilter } from '../../../features/audit-log/components/user-filter';
import { useListParams } from '../../../lib/list-params';
import { positiveId, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

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

  const select = (key: 'entity' | 'action', label: string, all: string, values: string[]) => (
    <TextField
      select
      size="small"
      label={label}
      value={values.includes(filters[key]) || !filters[key] ? filters[key] : ''}
      onChange={(event) => setFilter(key, event.target.value)}
      slotProps={{
        select: { native: true },
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': label },
      }}
    >
      <option value="">{all}</option>
      {values.map((value) => (
        <option key={value} value={value}>
          {key === 'entity' ? entityLabel(t, value) : actionLabel(t, value)}
        </option>
      ))}
    </TextField>
  );

  return (
    <PageContainer>
      <PageHeader title={t('audit_log.title')} />
      <Box
        sx={{
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'minmax(220px, 2fr) 1fr 1fr 1fr 1fr 1fr' },
        }}
      >
        <UserFilter value={filters.user_id} onChange={(id) => setFilter('user_id', id)} />
        {select('entity', t('audit_log.entity'), t('audit_log.all_entities'), facets.data?.entities ?? [])}
        {select('action', t('audit_log.action'), t('audit_log.all_actions'), facets.data?.actions ?? [])}
        <DateRangeFilter
          from={filters.from}
          to={filters.to}
          fromLabel={t('audit_log.from')}
          toLabel={t('audit_log.to')}
          setFilter={setFilter}
        />
      </Box>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <AuditLogTable
          params={params}
          setParams={setParams}
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
