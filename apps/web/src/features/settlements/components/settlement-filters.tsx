import { SETTLEMENT_STATUSES, type Settlement } from '@dostava/shared';
import { Box, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RestaurantSelect } from '../../../components/pickers/restaurant-select';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { SettlementFilterParams } from '../api/list-settlements';

export const SETTLEMENT_SORT_VALUES = ['created_at', 'from', 'net_amount'].flatMap((field) => [
  field,
  `-${field}`,
]);

const ALLOWED = { restaurant_id: positiveId, status: oneOf(SETTLEMENT_STATUSES) };

export function useSettlementFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<SettlementFilterParams>(
    () => ({
      restaurant_id: raw.restaurant_id ? Number(raw.restaurant_id) : undefined,
      status: (raw.status || undefined) as Settlement['status'] | undefined,
    }),
    [raw],
  );
  return { filters, raw, setFilter };
}

export function SettlementFilters() {
  const { t } = useTranslation();
  const { raw, setFilter } = useSettlementFilters();
  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'minmax(220px, 360px) 220px' },
      }}
    >
      <RestaurantSelect
        size="small"
        label={t('settlements.restaurant')}
        emptyLabel={t('settlements.all_restaurants')}
        value={raw.restaurant_id}
        onChange={(value) => setFilter('restaurant_id', value)}
      />
      <TextField
        select
        size="small"
        label={t('settlements.status')}
        value={raw.status}
        onChange={(event) => setFilter('status', event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('settlements.all_statuses')}</option>
        {SETTLEMENT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`settlements.statuses.${status}`)}
          </option>
        ))}
      </TextField>
    </Box>
  );
}
