import { can, VEHICLE_TYPES, type VehicleType } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { VEHICLE_SORT_VALUES, VehiclesTable } from '../../../features/vehicles/components/vehicles-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { type: oneOf(VEHICLE_TYPES) };

export function VehiclesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('vehicles.title'));
  const { params, setParams } = useListParams({ defaultSort: 'plate_number', sorts: VEHICLE_SORT_VALUES });
  const { filters } = useUrlFilters(ALLOWED);
  const canWrite = can(user, 'vehicles.write');

  return (
    <PageContainer>
      <PageHeader
        title={t('vehicles.title')}
        actions={
          canWrite ? (
            <Button component={Link} to="/add-vehicle" variant="contained" startIcon={<Add />}>
              {t('vehicles.add')}
            </Button>
          ) : null
        }
      />
      <FilterBar columns={{ xs: '1fr', sm: '2fr 1fr', md: 'minmax(220px, 420px) 200px' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('vehicles.search_label')}
          placeholder={t('vehicles.search_placeholder')}
        />
        <SelectFilter
          param="type"
          label={t('vehicles.type')}
          allLabel={t('vehicles.all_types')}
          options={optionsOf(VEHICLE_TYPES, (type) => t(`vehicles.types.${type}`))}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <VehiclesTable
          params={params}
          setParams={setParams}
          type={(filters.type || undefined) as VehicleType | undefined}
          canWrite={canWrite}
        />
      </Box>
    </PageContainer>
  );
}
