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
 * @zxcvbn-ts/language-common. Policy-passing variants of a leaked word ('P@ssw0rd', 'Password1!',
 * 'Qwerty123!') are caught by also testing the lower-cased, de-leeted and suffix-stripped forms.
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

export function isLeakedPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const candidates = new Set<string>([lower]);
  const stripped = lower.replace(/[^a-z]+$/, '');
  if (stripped.length >= 4) candidates.add(stripped);
  for (const c of [...candidates]) {
    candidates.add(c.replace(/[@4310!$57]/g, (ch) => LEET[ch] ?? ch));
    candidates.add(c.replace(/[@$]/g, (ch) => LEET[ch] ?? ch));
  }
  const deLeetedStripped = lower.replace(/[@4310!$57]/g, (ch) => LEET[ch] ?? ch).replace(/[^a-z]+$/, '');
  if (deLeetedStripped.length >= 4) candidates.add(deLeetedStripped);
  for (const c of candidates) if (leaked.has(c)) return true;
  return false;
}

/**
 * Strength beyond the leak list: zxcvbn (dictionaries, keyboard walks, dates, repeats, l33t) scores
 * a password 0–4; below 3 it is guessable by an offline attack on a leaked hash. The product's own
 * words and the published demo password count as known; the demo password is only for demo data.
 */
const KNOWN_WORDS = ['dostava', 'demopass', 'sarajevo', 'backoffice'];
let demoPassword = 'DemoPass!2026';
let zxcvbn = new ZxcvbnFactory({
  dictionary: { ...dictionary, userInputs: [...KNOWN_WORDS, demoPassword] },
  graphs: adjacencyGraphs,
});

/** Set once from config when the app is built (the demo password may be changed there). */
export function configurePasswordCheck(options: { demoPassword: string }) {
  demoPassword = options.demoPassword;
  zxcvbn = new ZxcvbnFactory({
    dictionary: { ...dictionary, userInputs: [...KNOWN_WORDS, demoPassword] },
    graphs: adjacencyGraphs,
  });
}

export const MIN_PASSWORD_SCORE = 3;

/** The catalogue key of what is wrong with a new password, or null when it may be used. */
export function passwordProblem(password: string, personal: string[] = []): string | null {
  if (password.toLowerCase() === demoPassword.toLowerCase() || isLeakedPassword(password))
    return 'validation.password_leaked';
  const inputs = personal.filter(Boolean).map((s) => s.toLowerCase());
  if (zxcvbn.check(password, inputs).score < MIN_PASSWORD_SCORE) return 'validation.password_weak';
  return null;
}
