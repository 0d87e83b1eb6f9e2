import { currentLanguage } from './i18n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['day', 86_400],
  ['hour', 3_600],
  ['minute', 60],
];

/**
 * Chromium's ICU lists 'bs' but has no relative-time words for it ('-3 min'); Croatian's are the same
 * as Bosnian's ('prije 3 min', 'jučer'), so Bosnian ages are formatted with them.
 */
const RELATIVE_LOCALES = { bs: 'hr', en: 'en-GB' } as const;

/** How long ago `iso` was, in the current language: 'prije 3 min', '3 min ago', 'now'. */
export function formatAge(iso: string, now = Date.now()): string {
  const seconds = Math.max(0, Math.round((now - new Date(iso).getTime()) / 1000));
  const format = new Intl.RelativeTimeFormat(RELATIVE_LOCALES[currentLanguage()], {
    numeric: 'auto',
    style: 'short',
  });
  for (const [unit, size] of UNITS) {
    if (seconds >= size) return format.format(-Math.floor(seconds / size), unit);
  }
  return format.format(-seconds, 'second');
}
