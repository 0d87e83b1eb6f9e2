import { type Catalogue, DEFAULT_LANGUAGE, LANGUAGES, type Language, parseMessage } from '@dostava/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Each language's catalogue is a chunk of its own, loaded when the language is first used: a visitor
 * downloads only the one they read (see docs/decisions/0012-web-delivery.md). The catalogue files stay
 * whole in packages/shared; the split happens here, at the loading side.
 */
const catalogueLoaders: Record<Language, () => Promise<Catalogue>> = {
  bs: () => import('@dostava/shared/i18n/bs').then((m) => m.bs),
  en: () => import('@dostava/shared/i18n/en').then((m) => m.en),
};

const LANGUAGE_KEY = 'lang';

function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

async function loadCatalogue(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  i18n.addResourceBundle(language, 'translation', await catalogueLoaders[language](), true, true);
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

/** Resolves once the current language's catalogue is in: the app renders after it, never showing keys. */
export const i18nReady: Promise<void> = loadCatalogue(initialLanguage);

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
