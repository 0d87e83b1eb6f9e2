import { Skeleton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { useProofSettings } from '../../../features/proofs/api/proofs';
import { ProofSettingsForm } from '../../../features/proofs/components/proof-settings-form';
import { useDocumentTitle } from '../../use-document-title';

/** /proof-settings: what a delivery needs (Admin, App Manager; issue 38). */
export function ProofSettingsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('proofs.settings_title'));
  const settings = useProofSettings();
  return (
    <PageContainer maxWidth={960}>
      <PageHeader title={t('proofs.settings_title')} />
      <Typography color="text.secondary" sx={{ mb: 2, mt: -1 }}>
        {t('proofs.settings_intro')}
      </Typography>
      {settings.data ? (
        <ProofSettingsForm settings={settings.data} />
      ) : settings.isError ? (
        <ErrorState onRetry={() => void settings.refetch()} />
      ) : (
        <Stack spacing={2}>
          <Skeleton variant="rounded" height={180} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      )}
    </PageContainer>
  );
}
