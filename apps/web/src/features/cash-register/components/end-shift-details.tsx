import { formatMoney } from '@dostava/shared';
import {
  Link as MuiLink,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Facts, Section } from '../../../components/facts';
import { formatDateTime } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import type { EndShiftRequestDetail } from '../api/cash-register';
import { EndShiftStatusChip } from './end-shift-status-chip';
import { MoneyDifference } from './money-difference';

const money = (minor: number) => formatMoney(minor, currentLanguage());

export function EndShiftCash({ request }: { request: EndShiftRequestDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('cash_register.totals')}>
      <Facts
        rows={[
          [t('cash_register.shift_total'), money(request.shift_total)],
          [t('cash_register.declared_amount'), money(request.declared_amount)],
          [
            t('cash_register.difference'),
            <MoneyDifference key="d" value={request.difference} strong />,
            true,
          ],
          [t('cash_register.orders_count'), request.orders_count],
        ]}
      />
    </Section>
  );
}

export function EndShiftShift({ request }: { request: EndShiftRequestDetail }) {
  const { t } = useTranslation();
  return (
    <Section title={t('cash_register.shift')}>
      <Facts
        rows={[
          [t('cash_register.driver'), `${request.driver.first_name} ${request.driver.last_name}`.trim()],
          [t('cash_register.shift_started'), formatDateTime(request.shift.started_at)],
          [
            t('cash_register.shift_ended'),
            request.shift.ended_at ? formatDateTime(request.shift.ended_at) : t('cash_register.shift_open'),
          ],
          [t('cash_register.sent_at'), formatDateTime(request.created_at)],
        ]}
      />
    </Section>
  );
}

export function EndShiftHandling({ request }: { request: EndShiftRequestDetail }) {
  const { t } = useTranslation();
  const rows: [string, React.ReactNode][] = [
    [t('cash_register.status'), <EndShiftStatusChip key="s" status={request.status} />],
  ];
  if (request.handled_by) {
    rows.push([t('cash_register.handled_by'), request.handled_by.name]);
    rows.push([t('cash_register.handled_at'), formatDateTime(request.handled_at)]);
  } else {
    rows.push([t('cash_register.handled_by'), t('cash_register.not_handled')]);
  }
  if (request.reason) rows.push([t('cash_register.reason'), request.reason]);
  return (
    <Section title={t('cash_register.handling')}>
      <Facts rows={rows} />
    </Section>
  );
}

export function EndShiftOrders({
  request,
  linkOrders,
}: {
  request: EndShiftRequestDetail;
  linkOrders: boolean;
}) {
  const { t } = useTranslation();
  const sum = request.orders.reduce((total, order) => total + order.total, 0);
  return (
    <Section title={t('cash_register.orders')}>
      {request.orders.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('cash_register.no_orders')}
        </Typography>
      ) : (
        <TableContainer>
          <Table
            size="small"
            aria-label={t('cash_register.orders')}
            sx={{ '& td, & th': { px: { xs: 0.75, sm: 2 } } }}
          >
            <TableHead>
              <TableRow>
                <TableCell>{t('cash_register.order_number')}</TableCell>
                <TableCell>{t('cash_register.delivered_at')}</TableCell>
                <TableCell align="right">{t('cash_register.order_total')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {request.orders.map((order) => (
                <TableRow key={order.id}>
                  <TableCell>
                    {linkOrders ? (
                      <MuiLink component={Link} to={`/orders/${order.id}`}>
                        {order.order_number}
                      </MuiLink>
                    ) : (
                      order.order_number
                    )}
                  </TableCell>
                  <TableCell>{formatDateTime(order.delivered_at)}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {money(order.total)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={2} align="right" sx={{ color: 'text.primary', fontWeight: 700 }}>
                  {t('cash_register.shift_total')}
                </TableCell>
                <TableCell
                  align="right"
                  sx={{ color: 'text.primary', fontWeight: 700, whiteSpace: 'nowrap' }}
                >
                  {money(sum)}
                </TableCell>
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}
