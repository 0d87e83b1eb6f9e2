import type { Language } from './i18n/index.js';

/** Money is kept in minor units (fening); the currency comes from config (default BAM, shown "KM"). */
export function formatMoney(minor: number, language: Language, currency = 'BAM'): string {
  const amount = (minor / 100).toLocaleString(language === 'bs' ? 'bs-BA' : 'en-GB', {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  });
  return currency === 'BAM' ? `${amount} KM` : `${amount} ${currency}`;
}
