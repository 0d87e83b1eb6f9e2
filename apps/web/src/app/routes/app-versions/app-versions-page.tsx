import { APP_TYPES, type AppType } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, optionsOf, SelectFilter } from '../../../components/list-filters';
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
  const { filters } = useUrlFilters(ALLOWED);

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
      <FilterBar columns={{ xs: '1fr', sm: '240px' }}>
        <SelectFilter
          param="app_type"
          label={t('app_versions.app_type')}
          allLabel={t('app_versions.all_types')}
          options={optionsOf(APP_TYPES, (type) => t(`app_versions.types.${type}`))}
        />
      </FilterBar>
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
