import { intlLocale } from './i18n';

export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '—';
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

export function formatPercent(value: number): string {
  return `${new Intl.NumberFormat(intlLocale(), { maximumFractionDigits: 2 }).format(value)} %`;
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
