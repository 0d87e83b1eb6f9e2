import { SHIFT_STATES, type ShiftState, VEHICLE_TYPES, type VehicleType } from '@dostava/shared';
import { Box } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FilterBar, optionsOf, SearchFilter, SelectFilter } from '../../../components/list-filters';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import {
  DRIVER_SORT_VALUES,
  type DriverFilters,
  DriversTable,
} from '../../../features/drivers/components/drivers-table';
import { useListParams } from '../../../lib/list-params';
import { oneOf, useUrlFilters } from '../../../lib/url-filters';
import { useDocumentTitle } from '../../use-document-title';

const ALLOWED = { shift_state: oneOf(SHIFT_STATES), vehicle_type: oneOf(VEHICLE_TYPES) };

export function DriversPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('drivers.title'));
  const { params, setParams } = useListParams({ defaultSort: 'last_name', sorts: DRIVER_SORT_VALUES });
  const { filters: raw } = useUrlFilters(ALLOWED);
  const filters = useMemo<DriverFilters>(
    () => ({
      shift_state: (raw.shift_state || undefined) as ShiftState | undefined,
      vehicle_type: (raw.vehicle_type || undefined) as VehicleType | undefined,
    }),
    [raw],
  );

  return (
    <PageContainer>
      <PageHeader title={t('drivers.title')} />
      <FilterBar columns={{ xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 420px) 220px 220px' }}>
        <SearchFilter
          params={params}
          setParams={setParams}
          label={t('drivers.search_label')}
          placeholder={t('drivers.search_placeholder')}
          sx={{ gridColumn: { sm: '1 / -1', md: 'auto' } }}
        />
        <SelectFilter
          param="shift_state"
          label={t('drivers.shift_state')}
          allLabel={t('drivers.all_shift_states')}
          options={optionsOf(SHIFT_STATES, (state) => t(`drivers.shift_states.${state}`))}
        />
        <SelectFilter
          param="vehicle_type"
          label={t('drivers.vehicle_type')}
          allLabel={t('drivers.all_vehicle_types')}
          options={optionsOf(VEHICLE_TYPES, (type) => t(`vehicles.types.${type}`))}
        />
      </FilterBar>
      <Box sx={{ width: '100%', overflow: 'hidden' }}>
        <DriversTable params={params} setParams={setParams} filters={filters} />
      </Box>
    </PageContainer>
  );
}
