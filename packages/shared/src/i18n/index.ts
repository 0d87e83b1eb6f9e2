import { parseMessage } from '../messages.js';
import { bs } from './bs.js';
import { type Catalogue, en } from './en.js';
import type { Language } from './languages.js';

export * from './languages.js';

export const catalogues: Record<Language, Catalogue> = { bs, en };
/** i18next resources: one namespace, `translation`. */
export const resources = { bs: { translation: bs }, en: { translation: en } } as const;

export type { Catalogue };

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
