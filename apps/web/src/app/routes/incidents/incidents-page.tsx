import { can } from '@dostava/shared';
import { Box } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useIncidentEvents, useIncidents } from '../../../features/incidents/api/incidents';
import {
  INCIDENT_SORT_VALUES,
  IncidentFilters,
  useIncidentFilters,
} from '../../../features/incidents/components/incident-filters';
import { IncidentsTable } from '../../../features/incidents/components/incidents-table';
import { RefundSettings } from '../../../features/incidents/components/refund-settings';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /incidents: what went wrong with orders, by status, type, restaurant, driver and day. */
export function IncidentsPage() {
  const { t } = useTranslation();
  const me = useCurrentUser();
  useDocumentTitle(t('incidents.title'));
  const { params, setParams } = useListParams({ defaultSort: '-created_at', sorts: INCIDENT_SORT_VALUES });
  const { filters } = useIncidentFilters();
  useIncidentEvents();
  const query = useIncidents({ page: params.page, per_page: params.per_page, sort: params.sort, ...filters });
  return (
    <PageContainer>
      <PageHeader title={t('incidents.title')} />
      {can(me, 'incidents.settings') ? <RefundSettings /> : null}
      <IncidentFilters />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <IncidentsTable query={query} params={params} setParams={setParams} />
      </Box>
    </PageContainer>
  );
}
