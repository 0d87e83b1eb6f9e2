import { DEFAULT_LANGUAGE, LANGUAGES, type Language, parseMessage, resources } from '@dostava/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

const LANGUAGE_KEY = 'lang';

function storedLanguage(): Language {
  const stored = localStorage.getItem(LANGUAGE_KEY);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : DEFAULT_LANGUAGE;
}

export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
});
document.documentElement.lang = i18n.language;

export function currentLanguage(): Language {
  const language = i18n.resolvedLanguage ?? i18n.language;
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : DEFAULT_LANGUAGE;
}

export async function changeLanguage(language: Language): Promise<void> {
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
