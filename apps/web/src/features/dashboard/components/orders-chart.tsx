import type { Dashboard } from '@dostava/shared';
import { Box } from '@mui/material';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { DeferredChart } from './deferred-chart';
import { bucketLabel } from './labels';
import { EmptyNote } from './widget';

const bars = import('./orders-bars');
const OrdersBars = lazy(() => bars.then((m) => ({ default: m.OrdersBars })));

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
      <DeferredChart turn={0} height={300}>
        <OrdersBars
          labels={labels}
          orders={data.series.map((point) => point.orders)}
          label={t('dashboard.orders')}
        />
      </DeferredChart>
    </Box>
  );
}
