import { type Hours, type HoursBody, hoursBody } from '@dostava/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, loadI18n } from '../../lib/i18n';
import { closureText, closureToConfirm } from './hours-closure';

// Wednesday 14 January 2026, 10:00 in Sarajevo (09:00 UTC).
const now = new Date('2026-01-14T09:00:00Z');
const ZONE = 'Europe/Sarajevo';
const ALL = { opens: '00:00', closes: '00:00' };
const none: Hours = {
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [] })),
  exceptions: [],
};
/** Every day open all day but the given ones. */
const week = (special: Record<number, { opens: string; closes: string }[]>): HoursBody =>
  hoursBody.parse({
    days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: special[weekday] ?? [ALL] })),
    exceptions: [],
  });
const asSaved = (body: HoursBody): Hours => ({
  days: body.days,
  exceptions: body.exceptions.map((e) => ({ ...e, note: e.note ?? null })),
});

describe('closureToConfirm', () => {
  beforeAll(() => loadI18n('full'));

  it('asks when one range closes the rest of the week, and says until when in both languages', async () => {
    const fridayOnly = hoursBody.parse({
      days: [{ weekday: 5, ranges: [{ opens: '08:00', closes: '16:00' }] }],
      exceptions: [],
    });
    const closure = closureToConfirm(fridayOnly, none, now, ZONE);
    expect(closure).toEqual({ from: null, until: '2026-01-16T07:00:00.000Z' });
    await changeLanguage('en');
    expect(closureText(closure ?? { from: null, until: null }, i18n.t.bind(i18n), now)).toBe(
      'Saved like this, the restaurant is closed from now on and takes orders again Friday at 08:00.',
    );
    await changeLanguage('bs');
    expect(closureText(closure ?? { from: null, until: null }, i18n.t.bind(i18n), now)).toBe(
      'Ovako sačuvano, restoran je od sada zatvoren i ponovo prima narudžbe u petak u 08:00.',
    );
  });

  it('asks when it closes later today, not for a short closure another day', async () => {
    const today = closureToConfirm(week({ 3: [{ opens: '08:00', closes: '12:00' }] }), none, now, ZONE);
    expect(today).toEqual({ from: '2026-01-14T11:00:00.000Z', until: '2026-01-14T23:00:00.000Z' });
    await changeLanguage('en');
    expect(closureText(today ?? { from: null, until: null }, i18n.t.bind(i18n), now)).toBe(
      'Saved like this, the restaurant closes today at 12:00 and takes orders again tomorrow at 00:00.',
    );
    // Friday 08:00–16:00 among whole days: closed eight hours on Friday evening, nothing to ask today.
    expect(closureToConfirm(week({ 5: [{ opens: '08:00', closes: '16:00' }] }), none, now, ZONE)).toBeNull();
  });

  it('asks for a closure of more than a day, unless the saved schedule already closed it so', () => {
    const weekend = week({ 6: [], 7: [] });
    expect(closureToConfirm(weekend, none, now, ZONE)).toEqual({
      from: '2026-01-16T23:00:00.000Z',
      until: '2026-01-18T23:00:00.000Z',
    });
    expect(closureToConfirm(weekend, asSaved(weekend), now, ZONE)).toBeNull();
    // Short closures first (Thursday night and morning), the long one after them is still found.
    expect(
      closureToConfirm(week({ 4: [{ opens: '08:00', closes: '20:00' }], 6: [], 7: [] }), none, now, ZONE),
    ).toEqual({ from: '2026-01-16T23:00:00.000Z', until: '2026-01-18T23:00:00.000Z' });
    // No schedule at all: open around the clock, nothing to ask.
    expect(closureToConfirm(hoursBody.parse({ days: [], exceptions: [] }), none, now, ZONE)).toBeNull();
  });
});
