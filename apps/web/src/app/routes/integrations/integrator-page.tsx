import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Skeleton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useIntegrator, useSetIntegratorActive } from '../../../features/integrations/api/integrations';
import { ApiKeys } from '../../../features/integrations/components/api-keys';
import { useDocumentTitle } from '../../use-document-title';

/** /integrations/{id}: an integrator and its API keys. */
export function IntegratorPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useIntegrator(id);
  const setActive = useSetIntegratorActive();
  const [deactivating, setDeactivating] = useState(false);
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
              actions={
                <Button
                  variant="outlined"
                  color={integrator.is_active ? 'error' : 'primary'}
                  loading={setActive.isPending}
                  onClick={() =>
                    integrator.is_active
                      ? setDeactivating(true)
                      : setActive.mutate({ id: integrator.id, is_active: true })
                  }
                >
                  {integrator.is_active ? t('integrations.deactivate') : t('integrations.activate')}
                </Button>
              }
            />
            <ConfirmDialog
              open={deactivating}
              title={t('integrations.deactivate_title', { name: integrator.name })}
              message={t('integrations.deactivate_text')}
              confirmLabel={t('integrations.deactivate')}
              destructive
              busy={setActive.isPending}
              onClose={() => setDeactivating(false)}
              onConfirm={() =>
                setActive.mutate(
                  { id: integrator.id, is_active: false },
                  { onSuccess: () => setDeactivating(false) },
                )
              }
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
