import type { Dashboard } from '@dostava/shared';
import { formatMoney } from '@dostava/shared/money-format';
import { Box, Divider, Skeleton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { DeferredChart } from './deferred-chart';
import { DriversChart } from './drivers-chart';
import { LatenessChart, OnTimeRestaurants, OnTimeSummary } from './on-time';
import { OrderHeatmap } from './order-heatmap';
import { OrdersChart } from './orders-chart';
import { TopCategories, TopProducts } from './top-lists';
import { StatCard, Widget } from './widget';
import { ZonesTable } from './zones-table';

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

/**
 * Every widget of the dashboard for one period; `byZone`: the whole operation's breakdown by delivery
 * zone (not restaurant staff's).
 */
export function DashboardView({ data, byZone = false }: { data: Dashboard; byZone?: boolean }) {
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
          <OrdersChart data={data} />
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
        <Widget title={t('dashboard.on_time')} hint={t('dashboard.on_time_hint')}>
          <OnTimeSummary data={data} />
        </Widget>
        <Widget title={t('dashboard.on_time_restaurants')}>
          <OnTimeRestaurants data={data} />
        </Widget>
        <Widget title={t('dashboard.lateness')} hint={t('dashboard.lateness_hint')}>
          <LatenessChart data={data} />
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
          <DriversChart data={data} />
        </Widget>
      </Box>
      {byZone ? (
        <Box sx={{ mb: 2 }}>
          <Widget title={t('zones_breakdown.title')} hint={t('zones_breakdown.refused_hint')}>
            <ZonesTable data={data} />
          </Widget>
        </Box>
      ) : null}
      <Widget title={t('dashboard.heatmap')} hint={t('dashboard.heatmap_hint')}>
        {/* Below the fold on most screens, and 168 cells: drawn after the charts, not with the figures. */}
        <DeferredChart turn={2} height={230}>
          <OrderHeatmap data={data} />
        </DeferredChart>
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
      <Box sx={grid({ md: '1fr 1fr', lg: '1fr 1fr 1fr' })}>
        {[3, 4, 5].map((i) => (
          <Skeleton key={i} variant="rounded" height={320} />
        ))}
      </Box>
      <Skeleton variant="rounded" height={260} />
    </Box>
  );
}
