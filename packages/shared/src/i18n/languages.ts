/** The interface languages; no catalogue here, so a page can know them without loading one. */
export const LANGUAGES = ['bs', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'bs';

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
