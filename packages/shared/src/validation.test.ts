import { describe, expect, it } from 'vitest';
import { auditLogQuery } from './audit-log.js';
import { listQuery } from './common.js';
import { locationsBody } from './locations.js';
import { boardCountsQuery } from './orders.js';
import { ID_MAX, id, idParams, optionalText, requiredText, searchText } from './validation.js';

const messages = (result: { error?: { issues: { message: string }[] } | undefined }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('ids', () => {
  it('reads plain positive decimal integers, from a path or query string or from JSON', () => {
    expect(id().parse('12')).toBe(12);
    expect(id().parse('1')).toBe(1);
    expect(id().parse(String(ID_MAX))).toBe(ID_MAX);
    expect(id().parse(12)).toBe(12);
    expect(id().parse(ID_MAX)).toBe(ID_MAX);
    expect(idParams.parse({ id: '7' })).toEqual({ id: 7 });
  });

  it('refuses every other spelling that Number() would read as a number', () => {
    for (const text of [
      '0x10',
      '0X10',
      '1e1',
      '0b11',
      '0o17',
      ' 12',
      '12 ',
      '\t12',
      '+12',
      '-12',
      '12.0',
      '12.',
      '.5',
      '012',
      '0',
      '00',
      '1_000',
      'Infinity',
      'NaN',
      '١٢',
      '12abc',
      String(ID_MAX + 1),
      '9'.repeat(400),
    ]) {
      const result = id().safeParse(text);
      expect(result.success, JSON.stringify(text)).toBe(false);
      expect(messages(result), JSON.stringify(text)).not.toContain('validation.required');
    }
  });

  it('refuses JSON numbers that are no id: not whole, not positive, past the column', () => {
    for (const value of [
      0,
      -1,
      1.5,
      ID_MAX + 1,
      2 ** 53,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      true,
      [1],
      {},
    ]) {
      expect(id().safeParse(value).success, String(value)).toBe(false);
    }
  });

  it("calls a missing or blank id 'required'", () => {
    expect(messages(id().safeParse(undefined))).toEqual(['validation.required']);
    expect(messages(id().safeParse(''))).toEqual(['validation.required']);
    expect(messages(id().safeParse(null))).toEqual(['validation.required']);
  });
});

describe('paging', () => {
  const query = listQuery(['name'] as const, 'name');
  it('reads page and per_page only as plain decimal integers', () => {
    expect(query.parse({ page: '2', per_page: '50' })).toMatchObject({ page: 2, per_page: 50 });
    expect(query.parse({})).toMatchObject({ page: 1, per_page: 20 });
    for (const text of ['0x2', '1e1', ' 2', '+2', '2.0', '0b10', '0', '-1', '101']) {
      expect(query.safeParse({ page: text }).success, `page=${text}`).toBe(text === '101');
      expect(query.safeParse({ per_page: text }).success, `per_page=${text}`).toBe(false);
    }
  });
});

describe('hostile text and dates in the shared schemas', () => {
  it('refuses a NUL byte in the board search and in the audit log filters', () => {
    expect(messages(boardCountsQuery.safeParse({ q: 'a\u0000b' }))).toEqual(['validation.characters']);
    expect(messages(auditLogQuery.safeParse({ entity: 'users\u0000' }))).toEqual(['validation.characters']);
    expect(messages(auditLogQuery.safeParse({ action: '\u0000' }))).toEqual(['validation.characters']);
  });

  it('refuses a location recorded in year 0 or past the bounds', () => {
    for (const recorded_at of ['0000-01-01T00:00:00Z', '0001-06-01T12:00:00+02:00', '1999-12-31T23:59:59Z']) {
      const result = locationsBody.safeParse({ points: [{ lat: 43.85, lng: 18.41, recorded_at }] });
      expect(result.success, recorded_at).toBe(false);
    }
    const now = new Date().toISOString();
    expect(locationsBody.safeParse({ points: [{ lat: 43.85, lng: 18.41, recorded_at: now }] }).success).toBe(
      true,
    );
  });
});

describe('text PostgreSQL cannot store as sent', () => {
  it('refuses a NUL byte and half of a surrogate pair in every kind of text, and keeps emoji', () => {
    for (const schema of [requiredText(), optionalText(), searchText()]) {
      for (const bad of ['a\u0000b', '\uD800', 'a\uDC00b', 'x\uD83D']) {
        expect(messages(schema.safeParse(bad)), JSON.stringify(bad)).toEqual(['validation.characters']);
      }
      expect(schema.safeParse('Ćevapi 💥 Žepče').success).toBe(true);
    }
  });
});
