import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { IntegratorDialog } from '../../../features/integrations/components/integrator-dialog';
import {
  INTEGRATOR_SORT_VALUES,
  IntegratorsTable,
} from '../../../features/integrations/components/integrators-table';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

/** /integrations: the integrators (POS systems, aggregators, shops) that call the API with keys. */
export function IntegratorsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.integrators'));
  const { params, setParams } = useListParams({ defaultSort: 'name', sorts: INTEGRATOR_SORT_VALUES });
  const [creating, setCreating] = useState(false);
  return (
    <PageContainer>
      <PageHeader
        title={t('integrations.integrators')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('integrations.new_integrator')}
          </Button>
        }
      />
      <FilterBar columns={{ xs: '1fr', sm: '320px' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('common.search')}
          placeholder={t('integrations.name')}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <IntegratorsTable params={params} setParams={setParams} />
      </Box>
      <IntegratorDialog open={creating} onClose={() => setCreating(false)} />
    </PageContainer>
  );
}
