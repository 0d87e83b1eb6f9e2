import type { Dashboard } from '@dostava/shared';
import { Box } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { bucketLabel } from './labels';
import { EmptyNote } from './widget';

/** Orders per hour, day or month of the period. */
export function OrdersChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { granularity } = data.period;
  const labels = data.series.map((point) => bucketLabel(t, point.bucket, granularity));
  const total = data.series.reduce((sum, point) => sum + point.orders, 0);
  if (total === 0) return <EmptyNote>{t('dashboard.no_orders')}</EmptyNote>;
  return (
    <Box
      component="figure"
      aria-label={t('dashboard.orders_chart_label', {
        unit: t(`dashboard.units.${granularity}`),
        total: formatNumber(total),
      })}
      sx={{ m: 0, width: '100%', height: 300 }}
    >
      <BarChart
        height={300}
        xAxis={[{ scaleType: 'band', data: labels, tickLabelStyle: { fontSize: 11 } }]}
        yAxis={[{ valueFormatter: (value: number) => formatNumber(value), width: 48 }]}
        series={[
          {
            data: data.series.map((point) => point.orders),
            label: t('dashboard.orders'),
            color: '#1565c0',
            valueFormatter: (value) => formatNumber(value ?? 0),
          },
        ]}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </Box>
  );
}
