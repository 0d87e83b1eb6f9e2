import ArrowBack from '@mui/icons-material/ArrowBack';
import Print from '@mui/icons-material/Print';
import { Button, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageContainer } from '../../../components/page-container';
import { PageHeader } from '../../../components/page-header';
import { RecordPage } from '../../../components/record-page';
import { useOrder } from '../../../features/orders/api/orders';
import { useOrderProof } from '../../../features/proofs/api/proofs';
import { ProofSheet } from '../../../features/proofs/components/proof-sheet';
import { useDocumentTitle } from '../../use-document-title';

/** /orders/{id}/proof: the order's proof-of-delivery sheet on screen, and on paper through window.print(). */
export function ProofSheetPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const order = useOrder(id);
  const proof = useOrderProof(id);
  const title = order.data
    ? t('proofs.sheet_title', { number: order.data.order_number })
    : t('proofs.card_title');
  useDocumentTitle(title);
  const skeleton = <Skeleton variant="rounded" height={420} />;
  return (
    <PageContainer maxWidth={900}>
      <Button component={Link} to={`/orders/${id}`} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('orders.back')}
      </Button>
      <PageHeader
        title={t('proofs.card_title')}
        actions={
          <Button
            variant="contained"
            startIcon={<Print />}
            disabled={!proof.data || !order.data}
            onClick={() => window.print()}
          >
            {t('proofs.print')}
          </Button>
        }
      />
      <RecordPage
        query={order}
        id={id}
        notFoundMessage={t('orders.not_found')}
        forbiddenMessage={t('orders.not_found')}
        skeleton={skeleton}
      >
        {(found) => (
          <RecordPage query={proof} id={id} skeleton={skeleton}>
            {(p) => <ProofSheet order={found} proof={p} />}
          </RecordPage>
        )}
      </RecordPage>
    </PageContainer>
  );
}
