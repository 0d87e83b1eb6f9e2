import { SHIFT_STATES, type ShiftState, VEHICLE_TYPES, type VehicleType } from '@dostava/shared';
import SearchIcon from '@mui/icons-material/Search';
import { Box, InputAdornment, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  DRIVER_SORT_VALUES,
  type DriverFilters,
  DriversTable,
} from '../../../features/drivers/components/drivers-table';
import { useListParams } from '../../../lib/list-params';
import { oneOf, useSearchInput, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { shift_state: oneOf(SHIFT_STATES), vehicle_type: oneOf(VEHICLE_TYPES) };

export function DriversPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('drivers.title'));
  const { params, setParams } = useListParams({ defaultSort: 'last_name', sorts: DRIVER_SORT_VALUES });
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const [search, setSearch] = useSearchInput(params, setParams);
  const filters = useMemo<DriverFilters>(
    () => ({
      shift_state: (raw.shift_state || undefined) as ShiftState | undefined,
      vehicle_type: (raw.vehicle_type || undefined) as VehicleType | undefined,
    }),
    [raw],
  );
  const select = { select: { native: true }, inputLabel: { shrink: true } } as const;

  return (
    <PageContainer>
      <PageHeader title={t('drivers.title')} />
      <Box
        sx={{
          mb: 2,
          display: 'grid',
          gap: 1.5,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 420px) 220px 220px' },
        }}
      >
        <TextField
          type="search"
          size="small"
          fullWidth
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('drivers.search_placeholder')}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
          slotProps={{
            htmlInput: { 'aria-label': t('drivers.search_label') },
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
          label={t('drivers.shift_state')}
          value={raw.shift_state}
          onChange={(event) => setFilter('shift_state', event.target.value)}
          slotProps={select}
        >
          <option value="">{t('drivers.all_shift_states')}</option>
          {SHIFT_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`drivers.shift_states.${state}`)}
            </option>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('drivers.vehicle_type')}
          value={raw.vehicle_type}
          onChange={(event) => setFilter('vehicle_type', event.target.value)}
          slotProps={select}
        >
          <option value="">{t('drivers.all_vehicle_types')}</option>
          {VEHICLE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`vehicles.types.${type}`)}
            </option>
          ))}
        </TextField>
      </Box>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <DriversTable params={params} setParams={setParams} filters={filters} />
      </Box>
    </PageContainer>
  );
}
