import { electronicFormatIBAN, friendlyFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { msg } from './messages.js';

/**
 * A bank account as an IBAN, checked by ibantools (country length, national format, check digits).
 * Stored in its electronic form ('BA391290079401028494'); blank means none.
 */
export const optionalIban = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value.trim() === ''
          ? null
          : electronicFormatIBAN(value)
        : (value ?? null),
    z
      .string()
      .max(34)
      .refine((value) => isValidIBAN(value), { error: msg('validation.iban') })
      .nullable(),
  );
export const isIban = (value: string) => isValidIBAN(electronicFormatIBAN(value) ?? '');
/** 'BA39 1290 0794 0102 8494' → 'BA391290079401028494'. */
export const electronicIban = (value: string) => electronicFormatIBAN(value);
/** 'BA391290079401028494' → 'BA39 1290 0794 0102 8494', as people read and type it. */
export const printIban = (value: string) => friendlyFormatIBAN(value) ?? value;
/** A bank account that must be given: the same check as `optionalIban`, blank is 'required'. */
export const requiredIban = () =>
  z.preprocess(
    (value) =>
      typeof value === 'string' ? (value.trim() === '' ? undefined : electronicFormatIBAN(value)) : value,
    z
      .string()
      .max(34)
      .refine((value) => isValidIBAN(value), { error: msg('validation.iban') }),
  );
