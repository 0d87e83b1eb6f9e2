import { formatMoney, type Settlement } from '@dostava/shared';
import {
  Card,
  CardContent,
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useSettlementRedeliveries, useSettlementRefunds } from '../api/incidents';

/**
 * The refunds a settlement lists: what is charged to the restaurant (deducted from its net) and what
 * the operation took on (the restaurant is paid in full); one whose order was delivered before the
 * period was booked after that period's settlement and says so.
 */
export function SettlementRefunds({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const refunds = useSettlementRefunds(settlement.id);
  const redelivered = useSettlementRedeliveries(settlement.id);
  const redeliveries = (redelivered.data ?? []).flatMap((incident) =>
    incident.redelivery ? [{ incident, redelivery: incident.redelivery }] : [],
  );
  const title = t('incidents_more.deductions_title');
  const periodStart = Date.parse(`${settlement.from}T00:00:00`);
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {refunds.data?.length || redeliveries.length ? (
          <TableContainer>
            <Table size="small" aria-label={title}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('incidents.order')}</TableCell>
                  <TableCell align="right">{t('incidents.refunds.amount')}</TableCell>
                  <TableCell align="right">{t('incidents.refunds.charged')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(refunds.data ?? []).map((refund) => (
                  <TableRow key={refund.id}>
                    <TableCell>
                      <MuiLink component={Link} to={`/orders/${refund.order.id}`}>
                        {refund.order.order_number}
                      </MuiLink>
                      <Typography variant="body2" color="text.secondary">
                        {[
                          refund.approved_at ? formatDate(refund.approved_at) : null,
                          refund.split.restaurant === 0 ? t('incidents.refunds.covered') : null,
                          refund.order.delivered_at && Date.parse(refund.order.delivered_at) < periodStart
                            ? t('incidents.refunds.earlier_period')
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{money(refund.amount)}</TableCell>
                    <TableCell align="right">{`−${money(refund.split.restaurant)}`}</TableCell>
                  </TableRow>
                ))}
                {redeliveries.map(({ incident, redelivery }) => (
                  <TableRow key={`r${incident.id}`}>
                    <TableCell>
                      <MuiLink component={Link} to={`/orders/${redelivery.order.id}`}>
                        {redelivery.order.order_number}
                      </MuiLink>
                      <Typography variant="body2" color="text.secondary">
                        {[
                          t('incidents_more.redelivery_of', { number: incident.order.order_number }),
                          redelivery.split.restaurant === 0 ? t('incidents.refunds.covered') : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">{money(redelivery.amount)}</TableCell>
                    <TableCell align="right">{`−${money(redelivery.split.restaurant)}`}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {refunds.isPending || redelivered.isPending ? t('common.loading') : t('incidents.refunds.none')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
