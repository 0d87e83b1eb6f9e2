import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

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
