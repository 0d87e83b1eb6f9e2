import { bsPublic } from '@dostava/shared/i18n/bs-public';
import { enPublic } from '@dostava/shared/i18n/en-public';

export type Lang = 'bs' | 'en';
const catalogues = { bs: bsPublic, en: enPublic };
const STORAGE_KEY = 'dostava-tracking-lang';

/** The language the visitor chose on this page before, if any. */
export function savedLang(): Lang | null {
  try {
    const saved = localStorage.getItem(STORAGE_KEY);
    if (saved === 'bs' || saved === 'en') return saved;
  } catch {
    // storage blocked: none
  }
  return null;
}

/** The language the visitor chose before, else the browser's first that we speak (bs for bs/hr/sr), else bs. */
export function initialLang(): Lang {
  const saved = savedLang();
  if (saved) return saved;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = tag.toLowerCase().split('-')[0];
    if (base === 'en') return 'en';
    if (base === 'bs' || base === 'hr' || base === 'sr' || base === 'sh') return 'bs';
  }
  return 'bs';
}

export function saveLang(lang: Lang) {
  try {
    localStorage.setItem(STORAGE_KEY, lang);
  } catch {
    // not kept: the browser's language decides next time
  }
}

/** `tracking.<key>` of the public catalogue, with {{placeholders}} filled. */
export function translator(lang: Lang) {
  return (key: string, values: Record<string, string | number> = {}): string => {
    let node: unknown = catalogues[lang];
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') return key;
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
export type T = ReturnType<typeof translator>;

/**
 * Times in `timeZone`: the operation's when the server rendered the page (so the server's and the
 * browser's first render agree, and a delivery's time reads as the place's clock), else the browser's.
 */
export const formatTime = (iso: string, lang: Lang, timeZone?: string) =>
  new Intl.DateTimeFormat(lang === 'bs' ? 'bs-BA' : 'en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(iso));
/** ICU data in some browsers has no Bosnian month names ("M11"): day and month as numbers there. */
export const formatDateTime = (iso: string, lang: Lang, timeZone?: string) => {
  const at = new Date(iso);
  if (lang === 'bs') {
    const part = (type: string) =>
      new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'numeric', timeZone })
        .formatToParts(at)
        .find((p) => p.type === type)?.value;
    return `${part('day')}. ${part('month')}. ${formatTime(iso, lang, timeZone)}`;
  }
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(at);
};
