import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  restaurantHours,
  restaurantHoursExceptions,
  restaurants,
  users,
} from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0; // the restaurant of manager@ and employee@
let other = 0; // manager2@'s
let third = 0; // nobody's: the state tests change it

beforeAll(async () => {
  t = await createTestContext();
  for (const who of [
    'admin',
    'appmanager',
    'dispatcher',
    'manager',
    'employee',
    'manager2',
    'driver',
    'customer',
  ]) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  third = (await db.select().from(restaurants).where(eq(restaurants.name, 'Restoran Dveri')))[0]?.id ?? 0;
});
afterAll(() => t.close());

const schedule = {
  days: [
    {
      weekday: 1,
      ranges: [
        { opens: '08:00', closes: '14:00' },
        { opens: '17:00', closes: '23:00' },
      ],
    },
    { weekday: 5, ranges: [{ opens: '18:00', closes: '02:00' }] },
    { weekday: 6, ranges: [{ opens: '02:00', closes: '10:00' }] },
  ],
  exceptions: [
    { date: '2030-12-25', closed: true, ranges: [], note: 'Christmas' },
    { date: '2030-12-31', closed: false, ranges: [{ opens: '18:00', closes: '03:00' }], note: null },
  ],
};
const get = (id: number, who: string) =>
  t.request({ method: 'GET', url: `/api/restaurants/${id}/hours`, token: tokens[who], lang: 'en' });
const put = (id: number, who: string, payload: unknown) =>
  t.request({
    method: 'PUT',
    url: `/api/restaurants/${id}/hours`,
    token: tokens[who],
    lang: 'en',
    payload: payload as object,
  });
const rowsOf = async (id: number) => ({
  hours: await t.database.db.select().from(restaurantHours).where(eq(restaurantHours.restaurant_id, id)),
  exceptions: await t.database.db
    .select()
    .from(restaurantHoursExceptions)
    .where(eq(restaurantHoursExceptions.restaurant_id, id)),
});

describe('GET /api/restaurants/:id/hours', () => {
  it("gives every weekday and the exceptions to Admin, App Manager and the restaurant's own staff", async () => {
    for (const who of ['admin', 'appmanager']) {
      const res = await get(third, who);
      expect(res.statusCode, who).toBe(200);
      const { days } = res.json().data;
      expect(days.map((d: { weekday: number }) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 7]);
      expect(days[0].ranges).toEqual([{ opens: '11:00', closes: '23:00' }]);
    }
    // The demo managers' restaurants have no schedule: open around the clock.
    for (const who of ['manager', 'employee']) {
      const res = await get(own, who);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data.days.every((d: { ranges: unknown[] }) => d.ranges.length === 0)).toBe(true);
    }
  });

  it("refuses another restaurant's staff, the dispatcher and the apps; an unknown id is not found", async () => {
    for (const who of ['manager', 'employee']) expect((await get(other, who)).statusCode, who).toBe(403);
    for (const who of ['dispatcher', 'driver', 'customer'])
      expect((await get(own, who)).statusCode, who).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/restaurants/${own}/hours` })).statusCode).toBe(401);
    expect((await get(999999, 'admin')).statusCode).toBe(404);
  });
});

describe('PUT /api/restaurants/:id/hours', () => {
  it("replaces the schedule for Admin, App Manager and the restaurant's manager, audited with before and after", async () => {
    for (const [who, id] of [
      ['admin', third],
      ['appmanager', third],
      ['manager', own],
    ] as const) {
      const res = await put(id, who, schedule);
      expect(res.statusCode, who).toBe(200);
      const data = res.json().data;
      expect(data.days[0].ranges).toEqual(schedule.days[0]?.ranges);
      expect(data.days[4].ranges).toEqual([{ opens: '18:00', closes: '02:00' }]);
      expect(data.days[1].ranges).toEqual([]);
      expect(data.exceptions).toEqual(schedule.exceptions);
      expect((await get(id, 'admin')).json().data).toEqual(data);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'restaurant_hours'), eq(auditLog.entity_id, String(id))))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry?.action).toBe('update');
      expect((entry?.after as { exceptions: unknown[] } | undefined)?.exceptions).toEqual(
        schedule.exceptions,
      );
      expect(entry?.before).toBeTruthy();
    }
    const rows = await rowsOf(own);
    expect(rows.hours).toHaveLength(4);
    expect(rows.exceptions).toHaveLength(2);
    // Emptied: no schedule, open around the clock again.
    const cleared = await put(own, 'manager', { days: [], exceptions: [] });
    expect(cleared.statusCode).toBe(200);
    expect(await rowsOf(own)).toEqual({ hours: [], exceptions: [] });
  });

  it("refuses another restaurant's manager, the employee, the dispatcher and the apps, changing nothing", async () => {
    const before = await rowsOf(other);
    expect((await put(other, 'manager', schedule)).statusCode).toBe(403);
    for (const who of ['employee', 'dispatcher', 'driver', 'customer']) {
      expect((await put(own, who, schedule)).statusCode, who).toBe(403);
    }
    expect(await rowsOf(other)).toEqual(before);
    expect(await rowsOf(own)).toEqual({ hours: [], exceptions: [] });
    expect((await put(999999, 'admin', schedule)).statusCode).toBe(404);
  });

  it('refuses equal times, overlaps (also past midnight), bad times and dates with translated 400, changing nothing', async () => {
    await put(third, 'admin', schedule);
    const before = await rowsOf(third);
    const cases: [unknown, string, string][] = [
      [
        { days: [{ weekday: 2, ranges: [{ opens: '10:00', closes: '10:00' }] }], exceptions: [] },
        'days.0.ranges.0.closes',
        'A range must not close at the time it opens',
      ],
      [
        {
          days: [
            {
              weekday: 2,
              ranges: [
                { opens: '10:00', closes: '15:00' },
                { opens: '14:00', closes: '18:00' },
              ],
            },
          ],
          exceptions: [],
        },
        'days.0.ranges.1.opens',
        'This range overlaps another one (a range past midnight reaches into the next day)',
      ],
      [
        {
          days: [
            { weekday: 2, ranges: [{ opens: '20:00', closes: '03:00' }] },
            { weekday: 3, ranges: [{ opens: '02:00', closes: '09:00' }] },
          ],
          exceptions: [],
        },
        'days.1.ranges.0.opens',
        'This range overlaps another one (a range past midnight reaches into the next day)',
      ],
      [
        { days: [{ weekday: 2, ranges: [{ opens: '25:00', closes: '10:00' }] }], exceptions: [] },
        'days.0.ranges.0.opens',
        'Enter a time as HH:MM, for example 08:30',
      ],
      [
        { days: [], exceptions: [{ date: '2030-02-30', closed: true, ranges: [] }] },
        'exceptions.0.date',
        'Invalid value',
      ],
      [
        {
          days: [],
          exceptions: [
            { date: '2030-05-01', closed: true, ranges: [] },
            { date: '2030-05-01', closed: false, ranges: [{ opens: '10:00', closes: '12:00' }] },
          ],
        },
        'exceptions.1.date',
        'This date already has an exception',
      ],
      [{ days: [{ weekday: 8, ranges: [] }], exceptions: [] }, 'days.0.weekday', 'Must be at most 7'],
    ];
    for (const [payload, field, message] of cases) {
      const res = await put(third, 'admin', payload);
      expect(res.statusCode, field).toBe(400);
      expect(res.json().error).toBe('validation_failed');
      expect(res.json().errors[field], field).toEqual([message]);
    }
    // In Bosnian too.
    const bs = await t.request({
      method: 'PUT',
      url: `/api/restaurants/${third}/hours`,
      token: tokens.admin,
      lang: 'bs',
      payload: cases[0]?.[0] as object,
    });
    expect(bs.json().errors['days.0.ranges.0.closes']).toEqual([
      'Raspon se ne smije zatvarati u vrijeme kad se otvara',
    ]);
    expect(await rowsOf(third)).toEqual(before);
  });
});

/** 'HH:MM' on Sarajevo's clock, `hours` from now. */
const localTime = (hours: number) =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Sarajevo',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(Date.now() + hours * 3_600_000));
const everyDay = (opens: string, closes: string) => ({
  days: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, ranges: [{ opens, closes }] })),
  exceptions: [],
});
const stateOf = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/restaurants/${id}`, token: tokens.admin })).json().data
    .ordering;

describe('the ordering state of the restaurants', () => {
  it('says open with the closing time, closed with the next opening, in the list and for one', async () => {
    await put(third, 'admin', everyDay(localTime(-1), localTime(2)));
    const open = await stateOf(third);
    expect(open).toMatchObject({ takes_orders: true, reason: null, busy_minutes: 0, opens_at: null });
    expect(Date.parse(open.closes_at) - Date.now()).toBeGreaterThan(3_500_000);
    expect(Date.parse(open.closes_at) - Date.now()).toBeLessThan(2 * 3_600_000 + 60_000);

    await put(third, 'admin', everyDay(localTime(2), localTime(3)));
    const closed = await stateOf(third);
    expect(closed).toMatchObject({ takes_orders: false, reason: 'closed', closes_at: null });
    expect(Date.parse(closed.opens_at) - Date.now()).toBeGreaterThan(3_500_000);
    expect(Date.parse(closed.opens_at) - Date.now()).toBeLessThan(2 * 3_600_000 + 60_000);

    const list = (
      await t.request({ method: 'GET', url: '/api/restaurants?per_page=100', token: tokens.dispatcher })
    ).json().data as { id: number; ordering: { takes_orders: boolean } }[];
    expect(list.find((r) => r.id === third)?.ordering).toEqual(closed);
    // No schedule: open around the clock.
    expect(list.find((r) => r.id === other)?.ordering).toEqual({
      takes_orders: true,
      reason: null,
      busy_minutes: 0,
      opens_at: null,
      closes_at: null,
    });
  });

  it('says paused until when, and busy minutes only while busy lasts', async () => {
    const db = t.database.db;
    const until = new Date(Date.now() + 30 * 60_000);
    await db
      .update(restaurants)
      .set({ paused_until: until, busy_minutes: 20 })
      .where(eq(restaurants.id, other));
    expect(await stateOf(other)).toEqual({
      takes_orders: false,
      reason: 'paused',
      busy_minutes: 20,
      opens_at: until.toISOString(),
      closes_at: null,
    });
    await db
      .update(restaurants)
      .set({ paused_until: new Date(Date.now() - 60_000), busy_until: new Date(Date.now() - 60_000) })
      .where(eq(restaurants.id, other));
    expect(await stateOf(other)).toMatchObject({ takes_orders: true, reason: null, busy_minutes: 0 });
    await db
      .update(restaurants)
      .set({ paused_until: null, busy_minutes: 0, busy_until: null })
      .where(eq(restaurants.id, other));
  });
});
