import { END_SHIFT_STATUSES, type EndShiftStatus, rangeOrderError } from '@dostava/shared';
import { Box, TextField } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDriver } from '../../../api/drivers/get-driver';
import { DateRangeFilter } from '../../../components/date-range-filter';
import { DriverFilter } from '../../../components/pickers/driver-filter';
import { isDay } from '../../../lib/format';
import { oneOf, positiveId, useUrlFilters } from '../../../lib/url-filters';
import type { EndShiftFilterParams } from '../api/list-end-shift-requests';

export const END_SHIFT_SORT_VALUES = ['created_at', 'shift_total', 'number'].flatMap((field) => [
  field,
  `-${field}`,
]);

const ALLOWED = { status: oneOf(END_SHIFT_STATUSES), driver_id: positiveId, from: isDay, to: isDay };

/** The status, driver and period filters of the cash register, kept in the URL. */
export function useEndShiftFilters() {
  const { filters: raw, setFilter } = useUrlFilters(ALLOWED);
  const filters = useMemo<EndShiftFilterParams>(() => {
    // A reversed period is said under the field (DateRangeFilter), not asked of the API.
    const period = rangeOrderError(raw.from, raw.to)
      ? {}
      : { from: raw.from || undefined, to: raw.to || undefined };
    return {
      status: (raw.status || undefined) as EndShiftStatus | undefined,
      driver_id: raw.driver_id ? Number(raw.driver_id) : undefined,
      ...period,
    };
  }, [raw]);
  return { filters, raw, setFilter };
}

export function EndShiftFilters() {
  const { t } = useTranslation();
  const { raw, setFilter } = useEndShiftFilters();
  const driverId = raw.driver_id ? Number(raw.driver_id) : 0;
  const driver = useDriver(driverId);
  const driverValue = driverId
    ? {
        id: driverId,
        name: driver.data ? `${driver.data.first_name} ${driver.data.last_name}`.trim() : `#${driverId}`,
      }
    : null;
  return (
    <Box
      sx={{
        mb: 2,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(5, minmax(0, 1fr))' },
      }}
    >
      <TextField
        select
        size="small"
        label={t('cash_register.status')}
        value={raw.status}
        onChange={(event) => setFilter('status', event.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        <option value="">{t('cash_register.all_statuses')}</option>
        {END_SHIFT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {t(`cash_register.statuses.${status}`)}
          </option>
        ))}
      </TextField>
      <DriverFilter
        value={driverValue}
        onChange={(next) => setFilter('driver_id', next ? String(next.id) : '')}
        label={t('cash_register.driver')}
      />
      <DateRangeFilter
        from={raw.from}
        to={raw.to}
        fromLabel={t('cash_register.from')}
        toLabel={t('cash_register.to')}
        setFilter={setFilter}
      />
    </Box>
  );
}
