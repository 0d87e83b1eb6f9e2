import { formatMoney } from '@dostava/shared';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, darken } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';

/** Declared − shift total with its sign in text: red "−5,00 KM · missing", amber "+5,00 KM · surplus". */
export function MoneyDifference({ value, strong }: { value: number; strong?: boolean }) {
  const { t } = useTranslation();
  const amount = formatMoney(Math.abs(value), currentLanguage());
  if (value === 0) {
    return (
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        {amount}
      </Box>
    );
  }
  const missing = value < 0;
  return (
    <Box
      component="span"
      sx={(theme) => ({
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        whiteSpace: 'nowrap',
        fontWeight: strong ? 700 : 600,
        color: missing ? theme.palette.error.dark : darken(theme.palette.warning.main, 0.45),
      })}
    >
      {missing ? <ErrorOutline fontSize="inherit" aria-hidden /> : null}
      {`${missing ? '−' : '+'}${amount} · ${missing ? t('cash_register.missing') : t('cash_register.surplus')}`}
    </Box>
  );
}
