import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/Print';
import { Box, Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { usePaymentOrders } from '../../../features/settlements/api/get-payment-orders';
import { useSettlement } from '../../../features/settlements/api/get-settlement';
import { PaymentOrderSheets } from '../../../features/settlements/components/payment-order-print';
import { isApiError } from '../../../lib/http';
import { useDocumentTitle } from '../../use-document-title';

/** /settlements/{id}/print: the bank payment orders on screen, and on paper through window.print(). */
export function SettlementPrintPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const settlement = useSettlement(id);
  const ready = settlement.data?.payment_orders_created_at != null;
  const orders = usePaymentOrders(id, ready);
  const title = settlement.data
    ? `${t('settlements.print.title')} · ${settlement.data.restaurant.name}`
    : t('settlements.print.title');
  useDocumentTitle(title);
  const missing =
    !Number.isInteger(id) || id <= 0 || (isApiError(settlement.error) && settlement.error.status === 404);

  return (
    <PageContainer maxWidth={900}>
      <Button component={Link} to={`/settlements/${id}`} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('settlements.print.back')}
      </Button>
      <PageHeader
        title={title}
        actions={
          <Button
            variant="contained"
            startIcon={<Print />}
            disabled={!orders.data?.length}
            onClick={() => window.print()}
          >
            {t('settlements.print.print')}
          </Button>
        }
      />
      {missing ? (
        <ErrorState message={t('settlements.not_found')} />
      ) : settlement.data && !ready ? (
        <ErrorState message={t('settlements.payment_orders_none')} />
      ) : settlement.isError || orders.isError ? (
        <ErrorState
          onRetry={() => {
            void settlement.refetch();
            void orders.refetch();
          }}
        />
      ) : !orders.data ? (
        <Box aria-busy="true" aria-label={t('settlements.print.loading')}>
          <Skeleton variant="rounded" height={420} />
        </Box>
      ) : (
        <PaymentOrderSheets orders={orders.data} />
      )}
    </PageContainer>
  );
}
