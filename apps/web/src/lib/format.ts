import { currentLanguage, intlLocale } from './i18n';
import { operationTimeZone, zonedParts } from './time-zone';

/** The locale of English dates (Bosnian ones are built by hand). */
const EN_LOCALE = 'en-GB';
const pad = (n: number) => String(n).padStart(2, '0');

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * A moment, in the operation's time zone (never the browser's). Bosnian dates are built by hand:
 * Chromium ships no `bs` locale data and would show '2026 M11 22'.
 * bs: '22.11.2026. 07:33'; en: '22 Nov 2026, 07:33'.
 */
export function formatDateTime(
  value: string | Date | null | undefined,
  language = currentLanguage(),
): string {
  const date = toDate(value);
  if (!date) return '—';
  if (language === 'bs') {
    const p = zonedParts(date);
    return `${pad(p.day)}.${pad(p.month)}.${p.year}. ${pad(p.hour)}:${pad(p.minute)}`;
  }
  return new Intl.DateTimeFormat(EN_LOCALE, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: operationTimeZone(),
  }).format(date);
}

/**
 * A moment's time of day in the operation's zone ('21:00'), with its date when it is not today
 * (on the operation's clock).
 */
export function formatTime(value: string | Date | null | undefined, language = currentLanguage()): string {
  const date = toDate(value);
  if (!date) return '—';
  const p = zonedParts(date);
  const today = zonedParts(new Date());
  const sameDay = p.year === today.year && p.month === today.month && p.day === today.day;
  return sameDay ? `${pad(p.hour)}:${pad(p.minute)}` : formatDateTime(date, language);
}

/**
 * A calendar date: bs '22.11.2026.'; en '22 Nov 2026'. A 'YYYY-MM-DD' string is that day as it is; a
 * moment is the day it fell on in the operation's time zone.
 */
export function formatDate(value: string | Date | null | undefined, language = currentLanguage()): string {
  const day = typeof value === 'string' && isDay(value);
  const date = toDate(day ? `${value}T12:00:00Z` : value);
  if (!date) return '—';
  // A plain day is read at noon UTC and shown in UTC: the same day in every zone.
  const zone = day ? 'UTC' : operationTimeZone();
  if (language === 'bs') {
    const p = zonedParts(date, zone);
    return `${pad(p.day)}.${pad(p.month)}.${p.year}.`;
  }
  return new Intl.DateTimeFormat(EN_LOCALE, { dateStyle: 'medium', timeZone: zone }).format(date);
}

/** An inclusive period of days: bs '08.10.2026. – 21.10.2026.'. */
export function formatPeriod(from: string, to: string): string {
  return `${formatDate(from)} – ${formatDate(to)}`;
}

/** Whether `value` is a real calendar day written 'YYYY-MM-DD'. */
export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));

/** A number with the language's separators (bs '1.234,5'); 'hr' stands in where Chromium lacks 'bs'. */
export function formatNumber(value: number, maximumFractionDigits = 0): string {
  // Same separators as bs; Chromium's 'bs' data is a stub that falls back to the root locale.
  const locale = currentLanguage() === 'bs' ? 'hr-HR' : intlLocale();
  return new Intl.NumberFormat(locale, { maximumFractionDigits }).format(value);
}

export function formatPercent(value: number): string {
  return `${formatNumber(value, 2)} %`;
}

/** "Ana Anić" → "AA"; falls back to the email's first letter. */
export function initials(firstName: string, lastName: string, email = ''): string {
  const letters = `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`;
  return (letters || email.charAt(0)).toUpperCase();
}

/** A readable device name from a user agent: "Chrome · Linux". */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return '—';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : null;
  const os = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad|iPod/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : null;
  if (browser || os) return [browser, os].filter(Boolean).join(' · ');
  return userAgent.length > 40 ? `${userAgent.slice(0, 40)}…` : userAgent;
}
