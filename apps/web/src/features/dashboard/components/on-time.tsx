import { type Dashboard, LATENESS_STAGES } from '@dostava/shared';
import { Box, Divider, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { DeferredChart } from './deferred-chart';
import { EmptyNote } from './widget';

const bars = import('./lateness-bars');
const LatenessBars = lazy(() => bars.then((m) => ({ default: m.LatenessBars })));

/** A share 0…1 as a percentage with one decimal: bs '87,5 %', en '87.5 %'. */
const percent = (rate: number) => `${formatNumber(rate * 100, 1)} %`;

function Line({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** The period's on-time rate: delivered by the promise, of the deliveries that had one. */
export function OnTimeSummary({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { promised, on_time, late, rate } = data.on_time;
  if (rate === null) return <EmptyNote>{t('dashboard.no_promises')}</EmptyNote>;
  return (
    <>
      <Typography variant="h4" component="p" sx={{ fontWeight: 600, mb: 1.5 }}>
        {percent(rate)}
      </Typography>
      <Divider />
      <Line label={t('dashboard.on_time_promised')} value={formatNumber(promised)} />
      <Line label={t('dashboard.on_time_count')} value={formatNumber(on_time)} />
      <Line label={t('dashboard.on_time_late')} value={formatNumber(late)} />
    </>
  );
}

type RestaurantRow = Dashboard['on_time_restaurants']['best'][number];

function RestaurantTable({ caption, rows }: { caption: string; rows: RestaurantRow[] }) {
  const { t } = useTranslation();
  return (
    <Table
      size="small"
      sx={{
        '& td, & th': { px: 1 },
        '& th': { whiteSpace: 'nowrap' },
        // MUI puts a table's caption under it; this one is the table's heading.
        '& caption': { captionSide: 'top', textAlign: 'left', p: 0, pb: 0.5 },
      }}
    >
      <Typography component="caption" variant="body2" sx={{ fontWeight: 600, color: 'text.primary' }}>
        {caption}
      </Typography>
      <TableHead>
        <TableRow>
          <TableCell>{t('dashboard.restaurant')}</TableCell>
          <TableCell align="right">{t('dashboard.on_time_rate')}</TableCell>
          <TableCell align="right">{t('dashboard.deliveries')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell sx={{ overflowWrap: 'anywhere' }}>{row.name}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
              {percent(row.rate)}
            </TableCell>
            <TableCell align="right">{formatNumber(row.promised)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The most and the least punctual restaurants of the period (restaurant staff: their own). */
export function OnTimeRestaurants({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { best, worst } = data.on_time_restaurants;
  if (best.length === 0) return <EmptyNote>{t('dashboard.no_promises')}</EmptyNote>;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <RestaurantTable caption={t('dashboard.on_time_best')} rows={best} />
      {worst.length > 0 ? <RestaurantTable caption={t('dashboard.on_time_worst')} rows={worst} /> : null}
    </Box>
  );
}

/** The late orders' minutes beyond the promise, per late order, split by stage (decision 0023). */
export function LatenessChart({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { late_orders, average_minutes, stages } = data.lateness;
  if (late_orders === 0) return <EmptyNote>{t('dashboard.no_late')}</EmptyNote>;
  const minutes = (stage: (typeof LATENESS_STAGES)[number]) =>
    stages.find((s) => s.stage === stage)?.average_minutes ?? 0;
  const summary = t('dashboard.lateness_summary', {
    orders: formatNumber(late_orders),
    minutes: formatNumber(average_minutes, 1),
  });
  return (
    <Box>
      <Box component="figure" aria-label={summary} sx={{ m: 0 }}>
        <DeferredChart turn={1} height={180}>
          <LatenessBars
            labels={LATENESS_STAGES.map((stage) => t(`dashboard.lateness_stages.${stage}`))}
            minutes={LATENESS_STAGES.map(minutes)}
            label={t('dashboard.lateness')}
            unit={(value) => t('dashboard.minutes', { minutes: value })}
          />
        </DeferredChart>
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1 }}>
        {LATENESS_STAGES.map((stage) => (
          <Box component="li" key={stage} sx={{ display: 'flex', gap: 1, py: 0.5 }}>
            <Typography variant="body2" sx={{ flex: 1 }}>
              {t(`dashboard.lateness_stages.${stage}`)}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {t('dashboard.minutes', { minutes: formatNumber(minutes(stage), 1) })}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {summary}
      </Typography>
    </Box>
  );
}
