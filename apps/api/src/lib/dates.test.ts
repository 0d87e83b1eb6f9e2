import { describe, expect, it } from 'vitest';
import { localToday } from './dates.js';

describe('localToday', () => {
  it('answers for the zone it is asked about, whichever zone was asked before', () => {
    const instant = new Date('2026-03-01T10:30:00Z');
    // Auckland is already on the 2nd, Los Angeles still on the 1st; asked in turn, twice.
    for (let i = 0; i < 2; i++) {
      expect(localToday('Pacific/Auckland', instant)).toBe('2026-03-01');
      expect(localToday('Pacific/Kiritimati', instant)).toBe('2026-03-02');
      expect(localToday('America/Los_Angeles', new Date('2026-03-02T07:59:00Z'))).toBe('2026-03-01');
      expect(localToday('Europe/Sarajevo', new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    }
  });
});
