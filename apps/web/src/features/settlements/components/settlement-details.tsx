import { formatMoney, type Settlement } from '@dostava/shared';
import Download from '@mui/icons-material/Download';
import Print from '@mui/icons-material/Print';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'react-toastify';
import { Facts, Section } from '../../../components/facts';
import { formatDateTime, formatPercent, formatPeriod } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useCreatePaymentOrders, useDownloadPaymentOrders } from '../api/settlements';
import { SettlementStatusChip } from './settlement-status-chip';

const money = (minor: number) => formatMoney(minor, currentLanguage());

/** Delivered orders, restaurant amount, commission, meals and what is owed. */
export function SettlementAmounts({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  return (
    <Section title={t('settlements.summary')}>
      <Facts
        rows={[
          [t('settlements.period'), formatPeriod(settlement.from, settlement.to)],
          [t('settlements.orders_count'), settlement.orders_count],
          [t('settlements.restaurant_amount'), money(settlement.restaurant_amount)],
          [
            t('settlements.commission', { percentage: formatPercent(settlement.percentage) }),
            `−${money(settlement.commission)}`,
          ],
          [t('settlements.restaurant_total_amount'), money(settlement.restaurant_total_amount)],
          [t('settlements.meals_amount'), `+${money(settlement.meals_amount)}`],
          [t('incidents_more.refunds_and_redeliveries'), `−${money(settlement.refunds_amount)}`],
          [t('settlements.net_amount'), money(settlement.net_amount), true],
        ]}
      />
    </Section>
  );
}

export function SettlementApproval({ settlement }: { settlement: Settlement }) {
  const { t } = useTranslation();
  return (
    <Section title={t('settlements.approval')}>
      <Facts
        rows={[
          [t('settlements.status'), <SettlementStatusChip key="s" status={settlement.status} />],
          [
            t('settlements.approved_at'),
            settlement.approved_at ? formatDateTime(settlement.approved_at) : t('settlements.not_approved'),
          ],
          [t('settlements.approved_by'), settlement.approved_by?.name ?? '—'],
          [t('settlements.created_at'), formatDateTime(settlement.created_at)],
        ]}
      />
    </Section>
  );
}

/** Create the payment orders of an approved settlement, then download them (CSV) or print them. */
export function SettlementPaymentOrders({
  settlement,
  canManage,
}: {
  settlement: Settlement;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const create = useCreatePaymentOrders(settlement.id);
  const download = useDownloadPaymentOrders();
  const created = settlement.payment_orders_created_at !== null;
  return (
    <Section title={t('settlements.payment_orders')}>
      <Facts
        rows={[
          [
            t('settlements.payment_orders_created_at'),
            created
              ? formatDateTime(settlement.payment_orders_created_at)
              : t('settlements.payment_orders_none'),
          ],
        ]}
      />
      {settlement.status !== 'approved' ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {t('settlements.payment_orders_hint')}
        </Typography>
      ) : (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 2 }}>
          {!created && canManage ? (
            <Button
              variant="contained"
              startIcon={<ReceiptLong />}
              loading={create.isPending}
              onClick={() =>
                create.mutate(undefined, {
                  onSuccess: () => toast.success(t('settlements.payment_orders_created')),
                })
              }
            >
              {t('settlements.create_payment_orders')}
            </Button>
          ) : null}
          {created ? (
            <>
              {(['csv', 'xlsx'] as const).map((format) => (
                <Button
                  key={format}
                  variant={format === 'csv' ? 'contained' : 'outlined'}
                  startIcon={<Download />}
                  loading={download.isPending && download.variables?.format === format}
                  disabled={download.isPending && download.variables?.format !== format}
                  onClick={() => download.mutate({ id: settlement.id, format })}
                >
                  {t(format === 'csv' ? 'settlements.download_csv' : 'settlements.download_xlsx')}
                </Button>
              ))}
              <Button
                variant="outlined"
                startIcon={<Print />}
                component={Link}
                to={`/settlements/${settlement.id}/print`}
              >
                {t('settlements.print_view')}
              </Button>
            </>
          ) : null}
        </Box>
      )}
    </Section>
  );
}
