import { describe, expect, it } from 'vitest';
import { amount, formatMoney, formatMoneyInput, parseMoneyInput } from './money.js';

describe('parseMoneyInput', () => {
  it('reads KM with either decimal separator into minor units', () => {
    for (const language of ['bs', 'en'] as const) {
      expect(parseMoneyInput('12,50', language)).toBe(1250);
      expect(parseMoneyInput('12.50', language)).toBe(1250);
      expect(parseMoneyInput('12', language)).toBe(1200);
      expect(parseMoneyInput('12,5', language)).toBe(1250);
      expect(parseMoneyInput('0,05', language)).toBe(5);
      expect(parseMoneyInput(' 7,90 KM ', language)).toBe(790);
      expect(parseMoneyInput('0', language)).toBe(0);
    }
  });

  it('understands the grouping of each language', () => {
    expect(parseMoneyInput('1.234,50', 'bs')).toBe(123450);
    expect(parseMoneyInput('1.234', 'bs')).toBe(123400);
    expect(parseMoneyInput('1,234.50', 'en')).toBe(123450);
    expect(parseMoneyInput('1,234', 'en')).toBe(123400);
    expect(parseMoneyInput('1 234,50', 'bs')).toBe(123450);
  });

  it('refuses what is not a price', () => {
    for (const text of ['', ' ', 'abc', '-5', '12,505', '1,2,3', '12.50.1', ',5', '1.23,4.5', '12 KM 50']) {
      expect(parseMoneyInput(text, 'bs'), text).toBeNull();
    }
    expect(parseMoneyInput('1,234', 'bs')).toBeNull();
    expect(parseMoneyInput('1.234', 'en')).toBeNull();
  });
});

describe('formatMoneyInput', () => {
  it('writes minor units the way the input takes them back', () => {
    expect(formatMoneyInput(1250, 'bs')).toBe('12,50');
    expect(formatMoneyInput(1250, 'en')).toBe('12.50');
    expect(formatMoneyInput(5, 'bs')).toBe('0,05');
    expect(formatMoneyInput(123400, 'en')).toBe('1234.00');
    for (const minor of [0, 1, 99, 100, 1250, 123456]) {
      expect(parseMoneyInput(formatMoneyInput(minor, 'bs'), 'bs')).toBe(minor);
      expect(parseMoneyInput(formatMoneyInput(minor, 'en'), 'en')).toBe(minor);
    }
  });

  it('matches the display format without the currency', () => {
    expect(formatMoney(1250, 'en')).toBe('12.50 KM');
    expect(formatMoney(1250, 'bs')).toBe('12,50 KM');
    expect(formatMoney(123450, 'bs')).toBe('1.234,50 KM');
    expect(formatMoney(123450, 'en')).toBe('1,234.50 KM');
    expect(formatMoney(-5, 'bs')).toBe('-0,05 KM');
    expect(formatMoney(1250, 'en', 'EUR')).toBe('12.50 EUR');
  });
});

describe('amount', () => {
  it('takes JSON integers of minor units and nothing it would have to guess', () => {
    const schema = amount();
    for (const ok of [0, 1, 1250, 100_000_00]) expect(schema.safeParse(ok).success, String(ok)).toBe(true);
    for (const bad of ['1200', '', [1200], 12.5, -1, 100_000_01, null, true, Number.NaN, Infinity]) {
      expect(schema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
