import { currentLanguage, intlLocale } from '../../lib/i18n';

/** A calendar day ('2026-10-08') in the current language, without any time-zone shift. */
export function formatDay(value: string | null | undefined): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return '—';
  // Browsers without Bosnian locale data would print '2026 M10 8': Bosnian is written out by hand.
  if (currentLanguage() === 'bs') return `${Number(match[3])}.${Number(match[2])}.${match[1]}.`;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'medium', timeZone: 'UTC' }).format(date);
}

/** An inclusive period of days: '8. okt 2026. – 21. okt 2026.'. */
export function formatPeriod(from: string, to: string): string {
  return `${formatDay(from)} – ${formatDay(to)}`;
}

/** Today as a local 'YYYY-MM-DD'. */
export function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value));
