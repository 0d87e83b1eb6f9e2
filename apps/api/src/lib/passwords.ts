import { catalogues, LANGUAGES } from '@dostava/shared';
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';

// argon2id (the library's default algorithm) with OWASP's recommended minimum cost.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, options);

let dummyHash: Promise<string> | undefined;
/** Verifies, spending the same time when there is no user, so timing does not reveal accounts. */
export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('not-a-real-password-Aa1!');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}

/**
 * The known-leak check works offline against the ~49,000 most common leaked passwords that ship with
 * @zxcvbn-ts/language-common. Policy-passing dressings of a leaked password are caught by also
 * testing what is left once they are undone: the letters that stand for others ('P@ssw0rd'), and the
 * symbols and digits put before, after or between its words ('Password1!', 'Pass!word2026',
 * '2026#Summer', 'Trust!no1' → 'trustno1'). A symbol may be either ('!' for 'i', or inserted), so
 * each reading is tried.
 */
const leaked = new Set(dictionary['passwords-common'] as string[]);
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
const deLeet = (text: string) => text.replace(/[@4310!$57]/g, (ch) => LEET[ch] ?? ch);
/** Only the symbols that are never inserted for their own sake: '!' and digits may be either. */
const deLeetSymbols = (text: string) => text.replace(/[@$]/g, (ch) => LEET[ch] ?? ch);
/** Shorter leftovers are too common by chance ('abc' in a random password) to prove anything. */
const MIN_LEFTOVER = 4;

export function isLeakedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const trimmed = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  const candidates = new Set<string>();
  for (const form of [lower, trimmed]) {
    for (const read of [form, deLeet(form), deLeetSymbols(form)]) {
      candidates.add(read);
      candidates.add(read.replace(/[^a-z0-9]+/g, ''));
      candidates.add(read.replace(/[^a-z]+/g, ''));
    }
  }
  for (const c of candidates) if (c.length >= MIN_LEFTOVER && leaked.has(c)) return true;
  return false;
}

/** Letters as people type them when a keyboard lacks them: 'Proljeće' → 'proljece', 'Hodžić' → 'hodzic'. */
const fold = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').replace(/đ/gi, 'dj').toLowerCase();

/**
 * The languages the staff speak: the interface's, and the neighbours whose calendar words they use
 * too (Croatian 'lipanj', Serbian 'avgust'). Seasons are the one calendar word Intl cannot name.
 */
const CALENDAR_LOCALES = [...LANGUAGES, 'hr', 'sr-Latn'];
const SEASONS = [
  'proljeće',
  'proljece',
  'proleće',
  'ljeto',
  'leto',
  'jesen',
  'zima',
  'spring',
  'summer',
  'autumn',
  'fall',
  'winter',
];

function calendarWords(): string[] {
  const words: string[] = [...SEASONS];
  for (const locale of CALENDAR_LOCALES) {
    const months = new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' });
    const days = new Intl.DateTimeFormat(locale, { weekday: 'long', timeZone: 'UTC' });
    for (let m = 0; m < 12; m++) words.push(months.format(Date.UTC(2026, m, 15)));
    // 2026-01-05 is a Monday.
    for (let d = 0; d < 7; d++) words.push(days.format(Date.UTC(2026, 0, 5 + d)));
  }
  return words;
}

/** Every word of 4+ letters the product shows (its catalogues): anyone who has seen a screen knows them. */
function catalogueWords(node: unknown, out: string[] = []): string[] {
  if (typeof node === 'string') {
    for (const word of node.replace(/\{\{\w+\}\}/g, ' ').split(/[^\p{L}]+/u))
      if (word.length >= 4) out.push(word);
  } else if (node && typeof node === 'object') {
    for (const value of Object.values(node)) catalogueWords(value, out);
  }
  return out;
}

/** Each word and its folded spelling, the first place a word appears deciding its rank. */
const dictionaryOf = (words: string[]) => [...new Set(words.flatMap((w) => [w.toLowerCase(), fold(w)]))];

/**
 * Strength beyond the leak list: zxcvbn (dictionaries, keyboard walks, dates, repeats, l33t) scores
 * a password 0–4; below 3 it is guessable by an offline attack on a leaked hash. Its dictionaries
 * are English and common passwords, so it also learns what an attacker of this product tries
 * first, most guessable first: the product's names and the published demo password, the calendar
 * words of the staff's languages (months, days, seasons: 'Ljeto2026!' is 'Summer2026!' here), and
 * every word of the interface. The demo password is only for demo data.
 */
const PRODUCT_WORDS = ['dostava', 'demopass', 'sarajevo', 'backoffice'];
// Dictionaries of their own, each ranked in itself (zxcvbn's `userInputs` is rebuilt on every check,
// 100 ms at this size; it holds only the owner's words).
const CALENDAR = dictionaryOf(calendarWords());
const INTERFACE = dictionaryOf(LANGUAGES.flatMap((language) => catalogueWords(catalogues[language])));
let demoPassword = 'DemoPass!2026';
const factory = () =>
  new ZxcvbnFactory({
    dictionary: {
      ...dictionary,
      product: dictionaryOf([...PRODUCT_WORDS, demoPassword]),
      calendar: CALENDAR,
      interface: INTERFACE,
    },
    graphs: adjacencyGraphs,
  });
let zxcvbn = factory();

/** Set once from config when the app is built (the demo password may be changed there). */
export function configurePasswordCheck(options: { demoPassword: string }) {
  demoPassword = options.demoPassword;
  zxcvbn = factory();
}

export const MIN_PASSWORD_SCORE = 3;

/** Whose password it is: the words of their name and e-mail are the first an attacker tries. */
export interface PasswordOwner {
  first_name?: string | undefined;
  last_name?: string | undefined;
  email?: string | undefined;
}

/**
 * The owner's name and e-mail, whole, joined and in pieces ('Emir Kovačević',
 * 'emir.kovacevic@firma.ba' → emirkovacevic, kovacevicemir, emir.kovacevic, firma.ba, emir, firma …).
 */
export function personalWords(owner: PasswordOwner): string[] {
  const [local, domain] = owner.email?.split('@') ?? [];
  const whole = [owner.first_name, owner.last_name, owner.email, local, domain];
  const pieces = whole.flatMap((text) => text?.split(/[^\p{L}\p{N}]+/u) ?? []);
  const joined = [
    `${owner.first_name ?? ''}${owner.last_name ?? ''}`,
    `${owner.last_name ?? ''}${owner.first_name ?? ''}`,
    local?.replace(/[^\p{L}\p{N}]+/gu, ''),
    domain?.replace(/[^\p{L}\p{N}]+/gu, ''),
  ].map((w) => w?.replace(/\s+/g, ''));
  return dictionaryOf(
    [...whole, ...joined, ...pieces].filter((w): w is string => Boolean(w && w.length >= 2)),
  );
}

/**
 * The catalogue key of what is wrong with a new password, or null when it may be used. Every
 * path that sets a password (sign-up by an admin, an admin's change, the user's own change) passes
 * the owner as the account will stand.
 */
export function passwordProblem(password: string, owner: PasswordOwner = {}): string | null {
  if (password.toLowerCase() === demoPassword.toLowerCase() || isLeakedPassword(password))
    return 'validation.password_leaked';
  const inputs = personalWords(owner);
  // Scored as typed and as folded: 'Proljeće2026!' is as guessable as 'Proljece2026!'.
  const forms = [...new Set([password, fold(password)])];
  if (forms.some((form) => zxcvbn.check(form, inputs).score < MIN_PASSWORD_SCORE))
    return 'validation.password_weak';
  // zxcvbn counts every extra piece as a big step ('Kovacevic#Emir7' scores 3 for Emir Kovačević);
  // someone who targets the account knows the name, so what is left without it must hold alone.
  const own = inputs.filter((word) => word.length >= 3).sort((a, b) => b.length - a.length);
  const rest = own.reduce((text, word) => text.replaceAll(word, ''), fold(password));
  if (rest !== fold(password) && zxcvbn.check(rest).score < MIN_PASSWORD_SCORE)
    return 'validation.password_weak';
  return null;
}
