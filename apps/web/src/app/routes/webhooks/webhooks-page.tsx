import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, SearchFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { SecretDialog } from '../../../features/integrations/components/secret-dialog';
import { DisabledEndpointsNotice } from '../../../features/webhooks/components/disabled-endpoints';
import { EndpointDialog } from '../../../features/webhooks/components/endpoint-dialog';
import { ENDPOINT_SORT_VALUES, EndpointsTable } from '../../../features/webhooks/components/endpoints-table';
import { useListParams } from '../../../lib/list-params';
import { useDocumentTitle } from '../../use-document-title';

/** /webhooks: the endpoints events are sent to. */
export function WebhooksPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('integrations.endpoints'));
  const { params, setParams } = useListParams({ defaultSort: 'url', sorts: ENDPOINT_SORT_VALUES });
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  return (
    <PageContainer>
      <PageHeader
        title={t('integrations.endpoints')}
        actions={
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('integrations.new_endpoint')}
          </Button>
        }
      />
      <DisabledEndpointsNotice />
      <FilterBar columns={{ xs: '1fr', sm: '320px' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('common.search')}
          placeholder={t('integrations.url')}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <EndpointsTable params={params} setParams={setParams} />
      </Box>
      <EndpointDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret(value);
        }}
      />
      <SecretDialog
        secret={secret}
        label={t('integrations.signing_secret')}
        onClose={() => setSecret(null)}
      />
    </PageContainer>
  );
}
