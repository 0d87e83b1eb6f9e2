import type { Language } from './i18n/languages.js';

/**
 * Money is kept in minor units (fening); the currency comes from config (default BAM, shown "KM").
 * The separators are set here rather than left to Intl: browsers without Bosnian locale data would
 * otherwise show '12.50' in bs. bs: '1.234,50 KM'; en: '1,234.50 KM'.
 */
// One formatter for every call: `toLocaleString` with options builds a new one each time, and a board
// of orders formats hundreds of amounts per render (52 ms of one render at 500 active orders).
const TWO_DECIMALS = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatMoney(minor: number, language: Language, currency = 'BAM'): string {
  const english = TWO_DECIMALS.format(minor / 100);
  const amount =
    language === 'bs' ? english.replace(/[.,]/g, (separator) => (separator === '.' ? ',' : '.')) : english;
  return currency === 'BAM' ? `${amount} KM` : `${amount} ${currency}`;
}

const GROUPED = { '.': /^\d{1,3}(\.\d{3})+$/, ',': /^\d{1,3}(,\d{3})+$/ } as const;

/**
 * Reads a price typed in KM ('12,50', '12.50', '12', '1.234,50' in bs, '1,234.50' in en, an optional
 * trailing 'KM') into minor units (1250). Either separator is accepted as the decimal one when at most
 * two digits follow it. Null for anything else (letters, negatives, three decimals, blanks).
 */
export function parseMoneyInput(text: string, language: Language): number | null {
  const s = text.replace(/[\s\u00a0]/g, '').replace(/KM$/i, '');
  if (!/^\d[\d.,]*$/.test(s)) return null;
  const group = language === 'bs' ? '.' : ',';
  let whole = s;
  let fraction = '';
  const lastDot = s.lastIndexOf('.');
  const lastComma = s.lastIndexOf(',');
  if (lastDot >= 0 && lastComma >= 0) {
    const decimal = lastDot > lastComma ? '.' : ',';
    const grouping = decimal === '.' ? ',' : '.';
    const at = s.lastIndexOf(decimal);
    whole = s.slice(0, at);
    fraction = s.slice(at + 1);
    if (!GROUPED[grouping].test(whole)) return null;
    whole = whole.split(grouping).join('');
  } else if (lastDot >= 0 || lastComma >= 0) {
    const separator = lastDot >= 0 ? '.' : ',';
    const parts = s.split(separator);
    if (parts.length === 2 && (parts[1] ?? '').length <= 2) {
      whole = parts[0] ?? '';
      fraction = parts[1] ?? '';
    } else if (separator === group && GROUPED[separator].test(s)) {
      whole = parts.join('');
    } else {
      return null;
    }
  }
  if (!/^\d+$/.test(whole) || !/^\d{0,2}$/.test(fraction)) return null;
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a form input shows them: 1250 → '12,50' (bs) or '12.50' (en), without grouping. */
export function formatMoneyInput(minor: number, language: Language): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(minor));
  const text = `${Math.floor(abs / 100)}${language === 'bs' ? ',' : '.'}${String(abs % 100).padStart(2, '0')}`;
  return `${sign}${text}`;
}
