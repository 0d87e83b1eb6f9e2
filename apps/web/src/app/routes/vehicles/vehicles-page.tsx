import { can, VEHICLE_TYPES, type VehicleType } from '@dostava/shared';
import Add from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import { Box, Button, InputAdornment, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { VEHICLE_SORT_VALUES, VehiclesTable } from '../../../features/vehicles/components/vehicles-table';
import { useListParams } from '../../../lib/list-params';
import { useCurrentUser } from '../../../lib/session';
import { oneOf, useSearchInput, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { type: oneOf(VEHICLE_TYPES) };

export function VehiclesPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  useDocumentTitle(t('vehicles.title'));
  const { params, setParams } = useListParams({ defaultSort: 'plate_number', sorts: VEHICLE_SORT_VALUES });
  const { filters, setFilter } = useUrlFilters(ALLOWED);
  const [search, setSearch] = useSearchInput(params, setParams);
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
      <Box
        sx={{
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr', md: 'minmax(220px, 420px) 200px' },
        }}
      >
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('vehicles.search_placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('vehicles.search_label') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <TextField
          select
          size="small"
          label={t('vehicles.type')}
          value={filters.type}
          onChange={(event) => setFilter('type', event.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        >
          <option value="">{t('vehicles.all_types')}</option>
          {VEHICLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`vehicles.types.${type}`)}
            </option>
          ))}
        </TextField>
      </Box>
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
