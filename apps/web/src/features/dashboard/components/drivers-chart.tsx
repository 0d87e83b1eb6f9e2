import type { Dashboard } from '@dostava/shared';
import { Box, Typography } from '@mui/material';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { DeferredChart } from './deferred-chart';
import { EmptyNote } from './widget';

const pie = import('./drivers-pie');
const DriversPie = lazy(() => pie.then((m) => ({ default: m.DriversPie })));

const COLORS = { bike: '#2e7d32', car: '#1565c0', scooter: '#ef6c00' } as const;

/** Drivers by vehicle type ("drivers categories"), as a donut with its legend. */
export function DriversChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const rows = data.drivers_by_vehicle;
  const total = rows.reduce((sum, row) => sum + row.drivers, 0);
  if (total === 0) return <EmptyNote>{t('dashboard.no_data')}</EmptyNote>;
  return (
    <Box>
      <Box component="figure" aria-label={t('dashboard.drivers_total', { count: total })} sx={{ m: 0 }}>
        <DeferredChart turn={1} height={200}>
          <DriversPie
            slices={rows.map((row) => ({
              id: row.type,
              value: row.drivers,
              label: t(`vehicles.types.${row.type}`),
              color: COLORS[row.type],
            }))}
          />
        </DeferredChart>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {rows.map((row) => (
          <Box component="li" key={row.type} sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}>
            <Box
              aria-hidden
              sx={{ width: 12, height: 12, borderRadius: '50%', bgcolor: COLORS[row.type], flex: 'none' }}
            />
            <Typography variant="body2" sx={{ flex: 1 }}>
              {t(`vehicles.types.${row.type}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {formatNumber(row.drivers)}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {t('dashboard.drivers_total', { count: total })}
      </Typography>
    </Box>
  );
}
