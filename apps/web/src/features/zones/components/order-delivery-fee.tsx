import { Paper, Skeleton, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useOrderQuote } from '../api/zones';
import { QuoteBreakdown } from './quote-breakdown';

/** An order's delivery fee as it was frozen at placement: its lines, total, zone and road distance. */
export function OrderDeliveryFee({ orderId }: { orderId: number }) {
  const { t } = useTranslation();
  const quote = useOrderQuote(orderId);
  const titleId = useId();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby={titleId}>
      <Typography id={titleId} variant="h6" component="h2">
        {t('zones.breakdown.title')}
      </Typography>
      {quote.isPending ? (
        <Skeleton variant="rounded" height={120} />
      ) : quote.data ? (
        <>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {t('zones.breakdown.frozen')}
          </Typography>
          <QuoteBreakdown quote={quote.data} caption={t('zones.breakdown.title')} />
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('zones.breakdown.none')}
        </Typography>
      )}
    </Paper>
  );
}
