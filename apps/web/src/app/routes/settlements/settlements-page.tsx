import { can } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { CreateSettlementDialog } from '../../../features/settlements/components/create-settlement-dialog';
import {
  SETTLEMENT_SORT_VALUES,
  SettlementFilters,
  useSettlementFilters,
} from '../../../features/settlements/components/settlement-filters';
import { SettlementsTable } from '../../../features/settlements/components/settlements-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { useDocumentTitle } from '../../use-document-title';

/** /settlements: what the operation owes each restaurant per period. */
export function SettlementsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('settlements.title'));
  const { params, setParams } = useListParams({ defaultSort: '-from', sorts: SETTLEMENT_SORT_VALUES });
  const { filters } = useSettlementFilters();
  const [creating, setCreating] = useState(false);
  const canManage = can(user, 'settlements.manage');

  return (
    <PageContainer>
      <PageHeader
        title={t('settlements.title')}
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
              {t('settlements.create')}
            </Button>
          ) : null
        }
      />
      <SettlementFilters />
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <SettlementsTable params={params} setParams={setParams} filters={filters} />
      </Box>
      {canManage ? <CreateSettlementDialog open={creating} onClose={() => setCreating(false)} /> : null}
    </PageContainer>
  );
}
