import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useIntegrator } from '../../../features/integrations/api/integrations';
import { ApiKeys } from '../../../features/integrations/components/api-keys';
import { useDocumentTitle } from '../../use-document-title';

/** /integrations/{id}: an integrator and its API keys. */
export function IntegratorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useIntegrator(id);
  useDocumentTitle(query.data?.name ?? t('integrations.integrator'));
  return (
    <PageContainer maxWidth={1100}>
      <Button component={Link} to="/integrations" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('integrations.integrators')}
      </Button>
      <RecordPage query={query} id={id} skeleton={<Skeleton variant="rounded" height={240} />}>
        {(integrator) => (
          <>
            <PageHeader
              title={integrator.name}
              subtitle={[integrator.contact_name, integrator.contact_email].filter(Boolean).join(' · ')}
            />
            <Box sx={{ mb: 3 }}>
              <Typography color="text.secondary">
                {integrator.is_active ? t('integrations.active') : t('integrations.inactive')}
              </Typography>
            </Box>
            <ApiKeys integratorId={integrator.id} />
          </>
        )}
      </RecordPage>
    </PageContainer>
  );
}
