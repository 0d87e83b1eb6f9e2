import { describe, expect, it } from 'vitest';
import {
  type ExceptionRow,
  type HoursRow,
  hoursBody,
  hoursToRows,
  openingState,
  orderingState,
  rowsToHours,
  zonedInstant,
} from './opening-hours.js';

const ZONE = 'Europe/Sarajevo';
/** A local wall-clock time in Sarajevo as an instant. */
const at = (local: string) => zonedInstant(local.slice(0, 10), local.slice(11, 16), ZONE);
const iso = (local: string) => new Date(at(local)).toISOString();
const everyDay = (opens: string, closes: string): HoursRow[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, opens, closes }));

// 2026-01-14 is a Wednesday (CET, +01:00); 2026-03-29 the spring change, 2026-10-25 the autumn one.
describe('zonedInstant', () => {
  it('reads local times in winter and summer', () => {
    expect(new Date(at('2026-01-14 11:00')).toISOString()).toBe('2026-01-14T10:00:00.000Z');
    expect(new Date(at('2026-07-14 11:00')).toISOString()).toBe('2026-07-14T09:00:00.000Z');
  });
  it('puts a time skipped by the spring change after the gap', () => {
    expect(new Date(at('2026-03-29 02:30')).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(new Date(at('2026-03-29 03:00')).toISOString()).toBe('2026-03-29T01:00:00.000Z');
  });
  it('gives a time that happens twice in autumn one instant', () => {
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(
      new Date(at('2026-10-25 02:30')).toISOString(),
    );
  });
});

describe('openingState', () => {
  it('is always open without a schedule', () => {
    expect(openingState([], [], at('2026-01-14 04:00'), ZONE)).toEqual({
      open: true,
      closes_at: null,
      opens_at: null,
    });
    // An exception long past changes nothing.
    const past: ExceptionRow[] = [{ date: '2025-12-25', opens: null, closes: null }];
    expect(openingState([], past, at('2026-01-14 04:00'), ZONE).open).toBe(true);
  });

  it('says when it opens today, and when it closes and opens again', () => {
    const hours = everyDay('11:00', '23:00');
    expect(openingState(hours, [], at('2026-01-14 10:00'), ZONE)).toEqual({
      open: false,
      closes_at: null,
      opens_at: iso('2026-01-14 11:00'),
    });
    expect(openingState(hours, [], at('2026-01-14 12:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-14 23:00'),
      opens_at: iso('2026-01-15 11:00'),
    });
    // Closing time itself is closed.
    expect(openingState(hours, [], at('2026-01-14 23:00'), ZONE).open).toBe(false);
  });

  it('runs a range past midnight into the next day', () => {
    const hours: HoursRow[] = [{ weekday: 5, opens: '18:00:00', closes: '02:00:00' }]; // Friday night
    // Saturday 01:00 is still Friday's night.
    expect(openingState(hours, [], at('2026-01-17 01:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-17 02:00'),
      opens_at: iso('2026-01-23 18:00'),
    });
    expect(openingState(hours, [], at('2026-01-17 02:30'), ZONE)).toEqual({
      open: false,
      closes_at: null,
      opens_at: iso('2026-01-23 18:00'),
    });
  });

  it('finds the next opening days ahead (opens Monday)', () => {
    const hours: HoursRow[] = [{ weekday: 1, opens: '08:00', closes: '16:00' }];
    // Sunday 2026-01-18 → Monday 2026-01-19 08:00
    expect(openingState(hours, [], at('2026-01-18 12:00'), ZONE).opens_at).toBe(iso('2026-01-19 08:00'));
  });

  it('merges touching ranges and a night running into an early morning', () => {
    const hours: HoursRow[] = [
      { weekday: 3, opens: '10:00', closes: '14:00' },
      { weekday: 3, opens: '14:00', closes: '00:00' },
      { weekday: 4, opens: '00:00', closes: '01:00' },
      { weekday: 4, opens: '09:00', closes: '10:00' },
    ];
    expect(openingState(hours, [], at('2026-01-14 12:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-15 01:00'),
      opens_at: iso('2026-01-15 09:00'),
    });
  });

  it('closes on a holiday and keeps special hours of an exception', () => {
    const hours = everyDay('11:00', '23:00');
    const exceptions: ExceptionRow[] = [
      { date: '2026-01-15', opens: null, closes: null, note: 'Holiday' },
      { date: '2026-01-16', opens: '15:00', closes: '18:00' },
    ];
    // Wednesday after closing: Thursday closed, Friday opens at 15:00.
    expect(openingState(hours, exceptions, at('2026-01-14 23:30'), ZONE).opens_at).toBe(
      iso('2026-01-16 15:00'),
    );
    expect(openingState(hours, exceptions, at('2026-01-16 12:00'), ZONE).opens_at).toBe(
      iso('2026-01-16 15:00'),
    );
    expect(openingState(hours, exceptions, at('2026-01-16 16:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-16 18:00'),
      opens_at: iso('2026-01-17 11:00'),
    });
  });

  it("keeps the previous evening's range that runs into an exception's date", () => {
    const hours = everyDay('18:00', '02:00');
    const exceptions: ExceptionRow[] = [{ date: '2026-01-15', opens: null, closes: null }];
    expect(openingState(hours, exceptions, at('2026-01-15 01:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-15 02:00'),
      opens_at: iso('2026-01-16 18:00'),
    });
  });

  it('is open around the clock apart from the exceptions when there is no weekly range', () => {
    const exceptions: ExceptionRow[] = [{ date: '2026-01-16', opens: null, closes: null }];
    expect(openingState([], exceptions, at('2026-01-14 12:00'), ZONE)).toEqual({
      open: true,
      closes_at: iso('2026-01-16 00:00'),
      opens_at: iso('2026-01-17 00:00'),
    });
    expect(openingState([], exceptions, at('2026-01-17 12:00'), ZONE)).toEqual({
      open: true,
      closes_at: null,
      opens_at: null,
    });
  });

  it('counts across the daylight-saving changes on the local clock', () => {
    const sunday: HoursRow[] = [{ weekday: 7, opens: '10:00', closes: '20:00' }];
    expect(openingState(sunday, [], Date.parse('2026-03-28T12:00:00Z'), ZONE).opens_at).toBe(
      '2026-03-29T08:00:00.000Z',
    );
    expect(openingState(sunday, [], Date.parse('2026-10-24T12:00:00Z'), ZONE).opens_at).toBe(
      '2026-10-25T09:00:00.000Z',
    );
    // A night range over the spring change lasts an hour less, and still ends at 04:00 local.
    const saturdayNight: HoursRow[] = [{ weekday: 6, opens: '22:00', closes: '04:00' }];
    expect(openingState(saturdayNight, [], Date.parse('2026-03-29T01:30:00Z'), ZONE).closes_at).toBe(
      '2026-03-29T02:00:00.000Z',
    );
  });

  it('opens again a week later when only one day has hours', () => {
    const hours: HoursRow[] = [{ weekday: 1, opens: '08:00', closes: '09:00' }];
    const state = openingState(hours, [], at('2026-01-19 08:30'), ZONE);
    expect(state.open).toBe(true);
    expect(state.opens_at).toBe(iso('2026-01-26 08:00'));
  });
});

describe('orderingState', () => {
  const now = Date.parse('2026-01-14T12:00:00Z');
  const open = { open: true, closes_at: '2026-01-14T22:00:00.000Z', opens_at: '2026-01-15T10:00:00.000Z' };
  const closed = { open: false, closes_at: null, opens_at: '2026-01-14T15:00:00.000Z' };

  it('takes orders while open, not paused', () => {
    expect(
      orderingState({ opening: open, paused_until: null, busy_minutes: 0, busy_until: null }, now),
    ).toEqual({
      takes_orders: true,
      reason: null,
      busy_minutes: 0,
      opens_at: null,
      closes_at: open.closes_at,
    });
  });

  it('counts busy minutes only while busy lasts', () => {
    const busy = (busy_until: string | null) =>
      orderingState({ opening: open, paused_until: null, busy_minutes: 20, busy_until }, now).busy_minutes;
    expect(busy(null)).toBe(20);
    expect(busy('2026-01-14T12:30:00Z')).toBe(20);
    expect(busy('2026-01-14T11:30:00Z')).toBe(0);
  });

  it('is paused until the pause ends, or until the next opening when paused past closing', () => {
    const paused = orderingState(
      { opening: open, paused_until: '2026-01-14T12:30:00.000Z', busy_minutes: 0, busy_until: null },
      now,
    );
    expect(paused).toMatchObject({
      takes_orders: false,
      reason: 'paused',
      opens_at: '2026-01-14T12:30:00.000Z',
    });
    const untilClosing = orderingState(
      { opening: open, paused_until: open.closes_at, busy_minutes: 0, busy_until: null },
      now,
    );
    expect(untilClosing.opens_at).toBe(open.opens_at);
    // A pause that has ended is no pause.
    const ended = orderingState(
      { opening: open, paused_until: new Date(now - 1000), busy_minutes: 0, busy_until: null },
      now,
    );
    expect(ended.takes_orders).toBe(true);
  });

  it('is closed until the next opening, or the end of a pause running past it', () => {
    expect(
      orderingState({ opening: closed, paused_until: null, busy_minutes: 0, busy_until: null }, now),
    ).toEqual({
      takes_orders: false,
      reason: 'closed',
      busy_minutes: 0,
      opens_at: closed.opens_at,
      closes_at: null,
    });
    expect(
      orderingState(
        { opening: closed, paused_until: '2026-01-14T16:00:00.000Z', busy_minutes: 0, busy_until: null },
        now,
      ).opens_at,
    ).toBe('2026-01-14T16:00:00.000Z');
  });
});

describe('hoursBody', () => {
  const errors = (input: unknown) => {
    const result = hoursBody.safeParse(input);
    return result.success
      ? {}
      : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
  };
  const valid = {
    days: [
      {
        weekday: 1,
        ranges: [
          { opens: '08:00', closes: '14:00' },
          { opens: '17:00', closes: '23:00' },
        ],
      },
      { weekday: 5, ranges: [{ opens: '18:00', closes: '02:00' }] },
      { weekday: 6, ranges: [{ opens: '2:00', closes: '10:00' }] },
    ],
    exceptions: [
      { date: '2026-12-25', closed: true, ranges: [], note: 'Christmas' },
      { date: '2026-12-31', closed: false, ranges: [{ opens: '18:00', closes: '03:00' }], note: '' },
    ],
  };

  it('takes several ranges a day, a range past midnight touching the next morning, closed and special dates', () => {
    const result = hoursBody.parse(valid);
    expect(result.days[2]?.ranges[0]?.opens).toBe('02:00');
    expect(result.exceptions[1]?.note).toBeNull();
  });

  it('refuses equal times and bad times', () => {
    expect(
      errors({ days: [{ weekday: 2, ranges: [{ opens: '10:00', closes: '10:00' }] }], exceptions: [] }),
    ).toEqual({
      'days.0.ranges.0.closes': 'validation.hours_equal',
    });
    const bad = errors({
      days: [{ weekday: 2, ranges: [{ opens: '24:00', closes: '9:5' }] }],
      exceptions: [],
    });
    expect(bad['days.0.ranges.0.opens']).toBe('validation.time');
    expect(bad['days.0.ranges.0.closes']).toBe('validation.time');
  });

  it('takes 00:00–00:00 as the whole day, which touches the next day and overlaps any range of its own', () => {
    const allWeek = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      ranges: [weekday === 5 ? { opens: '08:00', closes: '16:00' } : { opens: '00:00', closes: '00:00' }],
    }));
    expect(errors({ days: allWeek, exceptions: [] })).toEqual({});
    expect(
      errors({
        days: [
          {
            weekday: 2,
            ranges: [
              { opens: '00:00', closes: '00:00' },
              { opens: '10:00', closes: '12:00' },
            ],
          },
        ],
        exceptions: [],
      }),
    ).toEqual({ 'days.0.ranges.1.opens': 'validation.hours_overlap' });
    // Friday 08:00–16:00 among whole days: open on Wednesday at night, closed on Friday evening until Saturday.
    const rows = hoursToRows(hoursBody.parse({ days: allWeek, exceptions: [] })).hours;
    expect(openingState(rows, [], at('2026-01-14 23:30'), ZONE).open).toBe(true);
    expect(openingState(rows, [], at('2026-01-16 17:00'), ZONE)).toEqual({
      open: false,
      closes_at: null,
      opens_at: iso('2026-01-17 00:00'),
    });
  });

  it('refuses overlapping ranges of a day, and a night range overlapping the next morning', () => {
    expect(
      errors({
        days: [
          {
            weekday: 1,
            ranges: [
              { opens: '08:00', closes: '14:00' },
              { opens: '13:00', closes: '20:00' },
            ],
          },
        ],
        exceptions: [],
      }),
    ).toEqual({ 'days.0.ranges.1.opens': 'validation.hours_overlap' });
    // Sunday's night runs into Monday's morning (the week wraps round).
    expect(
      errors({
        days: [
          { weekday: 1, ranges: [{ opens: '01:00', closes: '09:00' }] },
          { weekday: 7, ranges: [{ opens: '20:00', closes: '02:00' }] },
        ],
        exceptions: [],
      }),
    ).toEqual({ 'days.1.ranges.0.opens': 'validation.hours_overlap' });
    expect(
      errors({
        days: [
          { weekday: 1, ranges: [] },
          { weekday: 1, ranges: [] },
        ],
        exceptions: [],
      })['days.1.weekday'],
    ).toBe('validation.hours_day_twice');
  });

  it('refuses a date given twice, overlapping exception ranges, an open date without hours, a bad date', () => {
    expect(
      errors({
        days: [],
        exceptions: [
          { date: '2026-12-25', closed: true, ranges: [] },
          { date: '2026-12-25', closed: false, ranges: [] },
          {
            date: '2026-12-26',
            closed: false,
            ranges: [
              { opens: '10:00', closes: '02:00' },
              { opens: '23:00', closes: '23:30' },
            ],
          },
          { date: '2026-02-30', closed: true, ranges: [] },
        ],
      }),
    ).toEqual({
      'exceptions.1.date': 'validation.hours_exception_twice',
      'exceptions.1.ranges': 'validation.hours_exception_empty',
      'exceptions.2.ranges.1.opens': 'validation.hours_overlap',
      'exceptions.3.date': 'validation.invalid',
    });
  });

  it('turns the body into rows and back', () => {
    const body = hoursBody.parse(valid);
    const rows = hoursToRows(body);
    expect(rows.exceptions).toEqual([
      { date: '2026-12-25', opens: null, closes: null, note: 'Christmas' },
      { date: '2026-12-31', opens: '18:00', closes: '03:00', note: null },
    ]);
    const back = rowsToHours(
      rows.hours.map((h) => ({ ...h, opens: `${h.opens}:00`, closes: `${h.closes}:00` })),
      rows.exceptions,
    );
    expect(back.days).toHaveLength(7);
    expect(back.days[0]?.ranges).toEqual(body.days[0]?.ranges);
    expect(back.days[1]?.ranges).toEqual([]);
    expect(back.exceptions).toEqual(body.exceptions);
  });
});
