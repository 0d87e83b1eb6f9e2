import { type DashboardQuery, formatMoney, type IncidentAnalytics } from '@dostava/shared';
import {
  Box,
  Button,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { useExportIncidentAnalytics, useIncidentAnalytics } from '../api/incidents';

type Group = IncidentAnalytics['by_restaurant'][number];

/** A small titled table: a region named by its title. */
function Figures({ title, head, rows }: { title: string; head: string[]; rows: (string | number)[][] }) {
  const id = useId();
  return (
    <Box component="section" aria-labelledby={id} sx={{ minWidth: 0 }}>
      <Typography id={id} variant="subtitle2" component="h3" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      {/* Scrolls sideways on a phone: focusable, so the keyboard can scroll it too. */}
      <TableContainer tabIndex={0} sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {head.map((h, i) => (
                <TableCell key={h} align={i === 0 ? 'left' : 'right'}>
                  {h}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={String(row[0])}>
                {row.map((cell, i) => (
                  <TableCell key={head[i]} align={i === 0 ? 'left' : 'right'}>
                    {cell}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/**
 * The dashboard's incidents and refunds of its period (issue 38): by type, restaurant, driver and who
 * paid, with the incident rate per restaurant and per driver, and the same figures as CSV.
 */
export function IncidentAnalyticsCard({ query }: { query: DashboardQuery }) {
  const { t } = useTranslation();
  const id = useId();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const percent = (rate: number | null) =>
    rate === null
      ? '–'
      : new Intl.NumberFormat(currentLanguage(), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
  const figures = useIncidentAnalytics(query, true);
  const exporter = useExportIncidentAnalytics();
  const a = figures.data;
  const groupRows = (groups: Group[]) =>
    groups.map((g) => [g.name, g.incidents, g.delivered, percent(g.rate), money(g.refunded_amount)]);
  const groupHead = (first: string) => [
    first,
    t('incidents_more.incidents_count'),
    t('dashboard.delivered'),
    t('incidents_more.rate'),
    t('incidents_more.refunded'),
  ];
  return (
    <Paper
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 2, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}
      >
        <Typography id={id} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {t('incidents_more.analytics_title')}
        </Typography>
        <Button
          size="small"
          variant="outlined"
          loading={exporter.isPending}
          onClick={() => exporter.mutate(query)}
        >
          {t('common.export_csv')}
        </Button>
      </Stack>
      {a ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('incidents_more.analytics_totals', {
              incidents: a.totals.incidents,
              refunds: a.totals.refunds,
              refunded: money(a.totals.refunded_amount),
              redeliveries: a.totals.redeliveries,
              redelivered: money(a.totals.redelivery_amount),
            })}
          </Typography>
          {a.totals.incidents === 0 && a.totals.refunds === 0 ? (
            <Typography variant="body2">{t('incidents_more.analytics_empty')}</Typography>
          ) : (
            <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}>
              <Figures
                title={t('incidents_more.by_type')}
                head={[
                  t('incidents.type'),
                  t('incidents_more.incidents_count'),
                  t('incidents_more.refunded'),
                ]}
                rows={a.by_type
                  .filter((x) => x.incidents > 0 || x.refunds > 0)
                  .map((x) => [t(`incidents.types.${x.type}`), x.incidents, money(x.refunded_amount)])}
              />
              <Figures
                title={t('incidents_more.by_payer')}
                head={[
                  t('incidents_more.payer'),
                  t('incidents_more.refunded'),
                  t('incidents_more.redelivered'),
                ]}
                rows={a.by_payer.map((p) => [
                  t(`incidents.refunds.liable_parties.${p.payer}`),
                  money(p.refunded_amount),
                  money(p.redelivery_amount),
                ])}
              />
              <Figures
                title={t('incidents_more.by_restaurant')}
                head={groupHead(t('incidents.restaurant'))}
                rows={groupRows(a.by_restaurant)}
              />
              <Figures
                title={t('incidents_more.by_driver')}
                head={groupHead(t('incidents.driver'))}
                rows={groupRows(a.by_driver)}
              />
            </Box>
          )}
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('common.loading')}
        </Typography>
      )}
    </Paper>
  );
}
