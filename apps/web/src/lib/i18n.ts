import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@dostava/shared/languages';
import { parseMessage } from '@dostava/shared/messages';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each language's catalogue is a chunk of its own, loaded when the language is first used: a visitor
 * downloads only the one they read. The sign-in page (its own light entry, `src/sign-in.tsx`) loads
 * only the public groups of it (`*-public.ts`: the shell, validation and error texts); the app loads
 * the whole one. See docs/decisions/0012-web-delivery.md.
 */
export type CatalogueScope = 'public' | 'full';
const catalogueLoaders: Record<CatalogueScope, Record<Language, () => Promise<object>>> = {
  public: {
    bs: () => import('@dostava/shared/i18n/bs-public').then((m) => m.bsPublic),
    en: () => import('@dostava/shared/i18n/en-public').then((m) => m.enPublic),
  },
  full: {
    bs: () => import('@dostava/shared/i18n/bs').then((m) => m.bs),
    en: () => import('@dostava/shared/i18n/en').then((m) => m.en),
  },
};

const LANGUAGE_KEY = 'lang';

function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

let scope: CatalogueScope = 'full';
const loaded = new Set<string>();

async function loadCatalogue(language: Language): Promise<void> {
  const key = `${scope}:${language}`;
  if (loaded.has(key)) return;
  i18n.addResourceBundle(language, 'translation', await catalogueLoaders[scope][language](), true, true);
  loaded.add(key);
}

const initialLanguage = storedLanguage();
void i18n.use(initReactI18next).init({
  resources: {},
  partialBundledLanguages: true,
  lng: initialLanguage,
  // Both catalogues have every key (the Catalogue type checks it), so no second one is needed.
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = initialLanguage;

/**
 * Loads the current language's catalogue (the whole one, or the sign-in page's public groups);
 * the entry renders once it resolves, never showing keys.
 */
export function loadI18n(catalogues: CatalogueScope): Promise<void> {
  scope = catalogues;
  return loadCatalogue(initialLanguage);
}

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
  await loadCatalogue(language);
  localStorage.setItem(LANGUAGE_KEY, language);
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/**
 * Translates a validation message: a catalogue key with optional `|{json}` parameters (what the shared
 * zod schemas produce), or text the API has already translated, which is shown as it is.
 */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return message;
  const { key, params } = parseMessage(message);
  return i18n.exists(key) ? i18n.t(key, params) : message;
}

/** Locale for Intl formatting of the current language. */
export const intlLocale = (): string => (currentLanguage() === 'bs' ? 'bs-BA' : 'en-GB');
