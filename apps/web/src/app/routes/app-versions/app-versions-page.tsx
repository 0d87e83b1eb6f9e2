import { APP_TYPES, type AppType } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  APP_VERSION_SORT_VALUES,
  AppVersionsTable,
} from '../../../features/app-versions/components/app-versions-table';
import { VersionUsage } from '../../../features/app-versions/components/version-usage';
import { useListParams } from '../../../lib/list-params';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { app_type: oneOf(APP_TYPES) };

export function AppVersionsPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('app_versions.title'));
  const { params, setParams } = useListParams({ defaultSort: '-version', sorts: APP_VERSION_SORT_VALUES });
  const { filters, setFilter } = useUrlFilters(ALLOWED);

  return (
    <PageContainer>
      <PageHeader
        title={t('app_versions.title')}
        actions={
          <Button component={Link} to="/add-app-version" variant="contained" startIcon={<Add />}>
            {t('app_versions.add')}
          </Button>
        }
      />
      <Box sx={{ mb: 2, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '240px' } }}>
        <TextField
          select
          size="small"
          label={t('app_versions.app_type')}
          value={filters.app_type}
          onChange={(event) => setFilter('app_type', event.target.value)}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'aria-label': t('app_versions.app_type') },
          }}
        >
          <option value="">{t('app_versions.all_types')}</option>
          {APP_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`app_versions.types.${type}`)}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <AppVersionsTable
          params={params}
          setParams={setParams}
          appType={(filters.app_type || undefined) as AppType | undefined}
        />
      </Box>
      <VersionUsage />
    </PageContainer>
  );
}
