import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/Print';
import { Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorState } from '../../../components/error-state';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { usePaymentOrders, useSettlement } from '../../../features/settlements/api/settlements';
import { PaymentOrderSheets } from '../../../features/settlements/components/payment-order-print';
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
  const sheets = <Skeleton variant="rounded" height={420} />;
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
      <RecordPage query={settlement} id={id} notFoundMessage={t('settlements.not_found')} skeleton={sheets}>
        {(found) =>
          found.payment_orders_created_at == null ? (
            <ErrorState message={t('settlements.payment_orders_none')} />
          ) : (
            <RecordPage query={orders} id={id} skeleton={sheets}>
              {(list) => <PaymentOrderSheets orders={list} />}
            </RecordPage>
          )
        }
      </RecordPage>
    </PageContainer>
  );
}
