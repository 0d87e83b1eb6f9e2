import { formatMoney, type PaymentOrder, printIban } from '@dostava/shared';
import { Box, GlobalStyles, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPeriod } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { operationToday } from '../../../lib/time-zone';

/** On paper only the payment orders show: no navigation, header or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        '@page': { size: 'A4', margin: '15mm' },
        'body *': { visibility: 'hidden' },
        '[data-print-area], [data-print-area] *': { visibility: 'visible' },
        '[data-print-area]': { position: 'absolute', left: 0, top: 0, width: '100%' },
        '[data-print-sheet]': { boxShadow: 'none !important', border: '1px solid #000 !important' },
        '[data-print-sheet] + [data-print-sheet]': { breakBefore: 'page' },
      },
    }}
  />
);

function Field({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <Box
      sx={{
        gridColumn: wide ? '1 / -1' : undefined,
        border: '1px solid',
        borderColor: 'grey.500',
        borderRadius: 0.5,
        px: 1.5,
        py: 1,
        minWidth: 0,
      }}
    >
      <Typography component="div" variant="caption" sx={{ color: 'grey.800', textTransform: 'uppercase' }}>
        {label}
      </Typography>
      <Typography component="div" variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

/** Each bank payment order, laid out for an A4 sheet. */
export function PaymentOrderSheets({ orders }: { orders: PaymentOrder[] }) {
  const { t } = useTranslation();
  const language = currentLanguage();
  return (
    <Box data-print-area sx={{ display: 'grid', gap: 3 }}>
      {printStyles}
      {orders.map((order) => (
        <Box
          key={order.reference}
          data-print-sheet
          component="article"
          aria-label={`${t('settlements.print.title')} ${order.reference}`}
          sx={{
            bgcolor: 'common.white',
            color: 'common.black',
            border: '1px solid',
            borderColor: 'grey.400',
            boxShadow: 1,
            p: { xs: 2, sm: 4 },
            maxWidth: 800,
          }}
        >
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              justifyContent: 'space-between',
              alignItems: 'baseline',
              gap: 1,
              mb: 3,
            }}
          >
            <Typography variant="h5" component="h2" sx={{ fontWeight: 700 }}>
              {t('settlements.print.title')}
            </Typography>
            <Typography variant="body2">
              {t('settlements.print.reference')}: <strong>{order.reference}</strong>
            </Typography>
          </Box>
          <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <Field label={t('settlements.print.payer')}>{t('app.name')}</Field>
            <Field label={t('settlements.print.payer_iban')}>
              {order.payer_iban ? printIban(order.payer_iban) : '—'}
            </Field>
            <Field label={t('settlements.print.recipient')}>{order.recipient}</Field>
            <Field label={t('settlements.print.recipient_address')}>{order.recipient_address || '—'}</Field>
            <Field label={t('settlements.print.recipient_iban')} wide>
              {order.recipient_iban ? printIban(order.recipient_iban) : '—'}
            </Field>
            <Field label={t('settlements.print.purpose')} wide>
              {order.purpose}
            </Field>
            <Field label={t('settlements.print.amount')}>
              <Box component="span" sx={{ fontSize: 22, fontWeight: 700 }}>
                {formatMoney(order.amount, language, order.currency)}
              </Box>
            </Field>
            <Field label={t('settlements.print.currency')}>{order.currency}</Field>
            <Field label={t('settlements.print.period')}>
              {formatPeriod(order.period_from, order.period_to)}
            </Field>
            <Field label={t('settlements.print.issued')}>{formatDate(operationToday())}</Field>
          </Box>
          <Box sx={{ mt: 6, display: 'flex', justifyContent: 'flex-end' }}>
            <Box sx={{ width: 260, borderTop: '1px solid', borderColor: 'common.black', pt: 0.5 }}>
              <Typography variant="caption">{t('settlements.print.signature')}</Typography>
            </Box>
          </Box>
        </Box>
      ))}
    </Box>
  );
}
