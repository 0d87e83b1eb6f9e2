import type { Order, OrderProof } from '@dostava/shared';
import { Box, GlobalStyles, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format';
import { ProofFacts } from './order-proof';

/** On paper only the sheet shows: no navigation, header or buttons (as the payment orders print). */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '15mm' },
        'body *': { visibility: 'hidden' },
        '[data-print-area], [data-print-area] *': { visibility: 'visible' },
        '[data-print-area]': { position: 'absolute', left: 0, top: 0, width: '100%' },
        '[data-print-area] a': { display: 'none' },
      },
    }}
  />
);

/** An order's proof-of-delivery sheet, laid out for A4: what was delivered, where, when and the proof. */
export function ProofSheet({ order, proof }: { order: Order; proof: OrderProof }) {
  const { t } = useTranslation();
  const title = t('proofs.sheet_title', { number: order.order_number });
  return (
    <Box
      data-print-area
      component="article"
      aria-label={title}
      sx={{
        bgcolor: 'common.white',
        color: 'common.black',
        border: '1px solid',
        borderColor: 'grey.400',
        p: { xs: 2, sm: 4 },
        maxWidth: 800,
      }}
    >
      {printStyles}
      <Typography variant="h5" component="h2" sx={{ fontWeight: 700, mb: 2 }}>
        {title}
      </Typography>
      <Box
        component="dl"
        sx={{ m: 0, mb: 2, display: 'grid', gridTemplateColumns: 'minmax(110px, auto) 1fr', gap: 1 }}
      >
        <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
          {t('proofs.sheet_restaurant')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {order.restaurant.name}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
          {t('proofs.sheet_customer')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
          {order.address}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
          {t('proofs.sheet_delivered_at')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {order.delivered_at ? formatDateTime(order.delivered_at) : t('proofs.not_delivered')}
        </Typography>
        <Typography component="dt" variant="body2" sx={{ fontWeight: 700 }}>
          {t('proofs.sheet_items')}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {order.items.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
        </Typography>
      </Box>
      <ProofFacts proof={proof} orderNumber={order.order_number} />
    </Box>
  );
}
