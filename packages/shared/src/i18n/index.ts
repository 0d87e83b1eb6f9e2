import { parseMessage } from '../validation.js';
import { bs } from './bs.js';
import { type Catalogue, en } from './en.js';

export const LANGUAGES = ['bs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bs';

export const catalogues: Record<Language, Catalogue> = { bs, en };
/** i18next resources: one namespace, `translation`. */
export const resources = { bs: { translation: bs }, en: { translation: en } } as const;

export type { Catalogue };

/** Picks the first supported language of an Accept-Language header, else the default (bs). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...attrs] = part.trim().split(';');
      const q = attrs.find((a) => a.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q.trim().slice(2)) : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) if ((LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  return DEFAULT_LANGUAGE;
}

/**
 * Translates a catalogue key (optionally with `|{json params}`, as validation messages carry them)
 * without i18next; used by the API, which has no per-request i18next instance to spare.
 */
export function translate(
  language: Language,
  message: string,
  extra?: Record<string, string | number>,
): string {
  const { key, params } = parseMessage(message);
  let node: unknown = catalogues[language];
  for (const part of key.split('.')) {
    node = node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
  }
  if (typeof node !== 'string') return message;
  const values = { ...params, ...extra };
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}
