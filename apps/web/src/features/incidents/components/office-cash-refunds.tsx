import { formatMoney } from '@dostava/shared';
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
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useOfficeCashRefunds } from '../api/incidents';

/**
 * The cash register's other outflow (issue 38): cash refunds the office paid back later, not the
 * driver at the door (those are already out of the driver's shift total). The ten newest, and how many there are.
 */
export function OfficeCashRefunds() {
  const { t } = useTranslation();
  const money = (minor: number) => formatMoney(minor, currentLanguage());
  const refunds = useOfficeCashRefunds();
  const title = t('incidents_more.cash_later_title');
  const rows = refunds.data?.data ?? [];
  return (
    <Card variant="outlined" component="section" aria-label={title} sx={{ mt: 3 }}>
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ fontSize: 16, fontWeight: 600, mb: 1.5 }}>
          {title}
        </Typography>
        {rows.length ? (
          <>
            <TableContainer>
              <Table size="small" aria-label={title}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('incidents.order')}</TableCell>
                    <TableCell align="right">{t('incidents.refunds.amount')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((refund) => (
                    <TableRow key={refund.id}>
                      <TableCell>
                        <MuiLink component={Link} to={`/orders/${refund.order.id}`}>
                          {refund.order.order_number}
                        </MuiLink>
                        <Typography variant="body2" color="text.secondary">
                          {[
                            refund.restaurant.name,
                            refund.approved_at ? formatDateTime(refund.approved_at) : null,
                            refund.reason,
                          ]
                            .filter(Boolean)
                            .join(' · ')}
                        </Typography>
                      </TableCell>
                      <TableCell align="right">{`−${money(refund.amount)}`}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('incidents_more.cash_later_count', {
                shown: rows.length,
                count: refunds.data?.meta.total ?? 0,
              })}
            </Typography>
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {refunds.isPending ? t('common.loading') : t('incidents_more.cash_later_none')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
