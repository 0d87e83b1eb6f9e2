import type { Order, RiskReason } from '@dostava/shared';
import {
  Box,
  Card,
  CardContent,
  Chip,
  darken,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { zonedParts } from '../../../lib/time-zone';

const pad = (n: number) => String(n).padStart(2, '0');
/** A time of day in the operation's zone ('18:42'), or a dash. */
const clock = (value: string | null) => {
  if (!value) return '—';
  const p = zonedParts(new Date(value));
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** The reason an order may miss its promise, in plain words, as a chip; `compact` says the reason only. */
export function RiskChip({ reason, compact = false }: { reason: RiskReason | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (!reason) return null;
  const full = t('orders.at_risk_chip', { reason: t(`orders.risk.${reason}`) });
  return (
    <Chip
      size="small"
      title={full}
      label={compact ? t(`orders.risk.${reason}`) : full}
      // Darkened like the late chip, so white text meets the contrast ratio.
      sx={(theme) => ({ height: 22, color: '#fff', bgcolor: darken(theme.palette.warning.main, 0.4) })}
    />
  );
}

/** The promise made at placement, the current prediction, and the history of both (decision 0021). */
export function OrderEta({ order }: { order: Order }) {
  const { t } = useTranslation();
  const { eta } = order;
  const lateBy =
    eta.promised_at && eta.predicted_delivery_at
      ? Math.round((Date.parse(eta.predicted_delivery_at) - Date.parse(eta.promised_at)) / 60_000)
      : 0;
  const facts: [string, string][] = [
    [t('orders.promised_at'), formatDateTime(eta.promised_at)],
    [t('orders.predicted_pickup_at'), formatDateTime(eta.predicted_pickup_at)],
    [t('orders.predicted_delivery_at'), formatDateTime(eta.predicted_delivery_at)],
    [
      t('orders.eta_outlook'),
      eta.risk_reason
        ? t('orders.eta_late_by', {
            minutes: Math.max(1, lateBy),
            reason: t(`orders.risk.${eta.risk_reason}`),
          })
        : t('orders.eta_on_track'),
    ],
  ];
  const history = [...eta.history].reverse();
  return (
    <Card variant="outlined" component="section" aria-label={t('orders.eta_title')}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {t('orders.eta_title')}
        </Typography>
        {!eta.promised_at && history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('orders.eta_none')}
          </Typography>
        ) : (
          <>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(110px, auto) 1fr',
                columnGap: 2,
                rowGap: 1,
              }}
            >
              {facts.map(([label, value]) => (
                <Box key={label} sx={{ display: 'contents' }}>
                  <Typography component="dt" variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                    {value}
                  </Typography>
                </Box>
              ))}
            </Box>
            {history.length ? (
              // Scrolls sideways on a phone: focusable, so the keyboard can scroll it too.
              <TableContainer
                tabIndex={0}
                role="region"
                aria-label={t('orders.eta_history')}
                sx={{ mt: 2, overflowX: 'auto' }}
              >
                <Table
                  size="small"
                  aria-label={t('orders.eta_history')}
                  sx={{ '& td, & th': { px: { xs: 0.5, sm: 1 } } }}
                >
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('orders.eta_changed_at')}</TableCell>
                      <TableCell>{t('orders.promised_at')}</TableCell>
                      <TableCell>{t('orders.predicted_pickup_at')}</TableCell>
                      <TableCell>{t('orders.predicted_delivery_at')}</TableCell>
                      <TableCell>{t('orders.eta_reason')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {history.map((h, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the history is append-only.
                      <TableRow key={index}>
                        <TableCell>{clock(h.created_at)}</TableCell>
                        <TableCell>{clock(h.promised_at)}</TableCell>
                        <TableCell>{clock(h.predicted_pickup_at)}</TableCell>
                        <TableCell>{clock(h.predicted_delivery_at)}</TableCell>
                        <TableCell>{h.risk_reason ? t(`orders.risk.${h.risk_reason}`) : '—'}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  );
}
