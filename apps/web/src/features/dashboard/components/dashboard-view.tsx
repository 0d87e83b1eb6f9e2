import { type Dashboard, formatMoney } from '@dostava/shared';
import { Box, Divider, Skeleton, Typography } from '@mui/material';
import { type ComponentType, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { OrderHeatmap } from './order-heatmap';
import { TopCategories, TopProducts } from './top-lists';
import { StatCard, Widget } from './widget';

// The charts (MUI X Charts and d3, about 95 KB gzip) are not needed for the first paint: their code
// starts loading with this module, beside the dashboard's data, and each chart fills its place when
// it is in, while the counters and totals are already shown.
const ordersChart = import('./orders-chart');
const driversChart = import('./drivers-chart');
const OrdersChart = lazy(() => ordersChart.then((m) => ({ default: m.OrdersChart })));
const DriversChart = lazy(() => driversChart.then((m) => ({ default: m.DriversChart })));

function Chart({
  chart: Component,
  data,
  height,
}: {
  chart: ComponentType<{ data: Dashboard }>;
  data: Dashboard;
  height: number;
}) {
  return (
    <Suspense fallback={<Skeleton variant="rounded" height={height} />}>
      <Component data={data} />
    </Suspense>
  );
}

const grid = (columns: Record<string, string>) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', ...columns },
  mb: 2,
});

/** A labelled figure; its hint, when it has one, right under it (not under the last figure). */
function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <Box sx={{ py: 0.75 }}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </Box>
      {hint ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {hint}
        </Typography>
      ) : null}
    </Box>
  );
}

/** Every widget of the dashboard for one period. */
export function DashboardView({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <>
      <Box sx={grid({ sm: 'repeat(3, 1fr)' })}>
        <StatCard title={t('dashboard.orders_today')} value={formatNumber(data.counters.orders_today)} />
        <StatCard
          title={t('dashboard.orders_this_week')}
          value={formatNumber(data.counters.orders_this_week)}
        />
        <StatCard
          title={t('dashboard.orders_this_month')}
          value={formatNumber(data.counters.orders_this_month)}
        />
      </Box>
      <Box sx={grid({ lg: '2fr 1fr' })}>
        <Widget title={t('dashboard.orders_chart')}>
          <Chart chart={OrdersChart} data={data} height={300} />
        </Widget>
        <Widget title={t('dashboard.earnings')} hint={t('dashboard.earnings_hint')}>
          <Typography variant="h4" component="p" sx={{ fontWeight: 600, mb: 1.5 }}>
            {formatMoney(data.totals.earnings, language)}
          </Typography>
          <Divider />
          <Figure
            label={t('dashboard.revenue')}
            value={formatMoney(data.totals.revenue, language)}
            hint={t('dashboard.revenue_hint')}
          />
          <Figure label={t('dashboard.orders_total')} value={formatNumber(data.totals.orders)} />
          <Figure label={t('dashboard.delivered')} value={formatNumber(data.totals.delivered)} />
        </Widget>
      </Box>
      <Box sx={grid({ md: '1fr 1fr', lg: '1fr 1fr 1fr' })}>
        <Widget title={t('dashboard.top_categories')}>
          <TopCategories data={data} />
        </Widget>
        <Widget title={t('dashboard.top_products')}>
          <TopProducts data={data} />
        </Widget>
        <Widget title={t('dashboard.drivers_by_vehicle')}>
          <Chart chart={DriversChart} data={data} height={200} />
        </Widget>
      </Box>
      <Widget title={t('dashboard.heatmap')} hint={t('dashboard.heatmap_hint')}>
        <OrderHeatmap data={data} />
      </Widget>
    </>
  );
}

/** The dashboard's shape while the first answer loads. */
export function DashboardSkeleton() {
  const { t } = useTranslation();
  return (
    <Box role="status" aria-busy="true" aria-label={t('common.loading')}>
      <Box sx={grid({ sm: 'repeat(3, 1fr)' })}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={104} />
        ))}
      </Box>
      <Box sx={grid({ lg: '2fr 1fr' })}>
        <Skeleton variant="rounded" height={360} />
        <Skeleton variant="rounded" height={360} />
      </Box>
      <Box sx={grid({ md: '1fr 1fr', lg: '1fr 1fr 1fr' })}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} variant="rounded" height={320} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={260} />
    </Box>
  );
}
