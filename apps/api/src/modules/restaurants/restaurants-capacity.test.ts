import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, restaurantHours, restaurants, users } from '../../db/schema/index.js';
import type { BusEvent } from '../../lib/bus.js';
import { createTestContext, jobFinished, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
const events: BusEvent[] = [];
beforeAll(async () => {
  t = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  t.app.bus.subscribe((event) => events.push(event));
  // Seeding a fresh database takes longer than the default minute on a loaded machine.
});
afterAll(() => t.close());

const put = (token: string | undefined, id: number, payload: unknown, lang?: string) =>
  t.request({
    method: 'PUT',
    url: `/api/restaurants/${id}/capacity`,
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
    ...(lang ? { lang } : {}),
  });
const row = async (id: number) =>
  (await t.database.db.select().from(restaurants).where(eq(restaurants.id, id)))[0];
describe('setting capacity: who', () => {
  it.each(['admin', 'appmanager', 'dispatcher'])('%s sets any restaurant', async (who) => {
    const res = await put(tokens[who], other, { mode: 'busy', minutes: 20 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ restaurant_id: other, mode: 'busy', busy_minutes: 20 });
    expect((await put(tokens[who], other, { mode: 'normal' })).json().data.mode).toBe('normal');
  });

  it.each(['manager', 'employee'])('the %s sets their own restaurant only', async (who) => {
    const res = await put(tokens[who], own, { mode: 'paused', minutes: 15 });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mode).toBe('paused');
    const before = await row(other);
    expect((await put(tokens[who], other, { mode: 'paused', minutes: 15 })).statusCode).toBe(403);
    expect(await row(other)).toEqual(before);
    expect(
      (await t.request({ method: 'GET', url: `/api/restaurants/${other}/capacity`, token: tokens[who] }))
        .statusCode,
    ).toBe(403);
    expect((await put(tokens[who], own, { mode: 'normal' })).statusCode).toBe(200);
  });

  it.each(['customer', 'driver'])('a %s is refused', async (who) => {
    expect((await put(tokens[who], own, { mode: 'busy', minutes: 10 })).statusCode).toBe(403);
  });

  it('without a token is 401, an unknown restaurant 404', async () => {
    expect((await put(undefined, own, { mode: 'normal' })).statusCode).toBe(401);
    expect((await put(tokens.admin, 999_999, { mode: 'normal' })).statusCode).toBe(404);
  });
});

describe('setting capacity: what', () => {
  it('busy lasts until the end of the day, is audited and pushed live', async () => {
    events.length = 0;
    const res = await put(tokens.employee, own, { mode: 'busy', minutes: 45 });
    const data = res.json().data;
    expect(data).toMatchObject({ mode: 'busy', busy_minutes: 45, paused_until: null });
    expect(Date.parse(data.busy_until)).toBeGreaterThan(Date.now());
    expect(Date.parse(data.busy_until)).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'restaurants'), eq(auditLog.entity_id, String(own))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry?.after).toMatchObject({ busy_minutes: 45 });
    expect(entry?.actor_role).toBe('restaurant_employee');
    expect(events.find((e) => e.type === 'restaurant.capacity')).toMatchObject({
      restaurant_id: own,
      data: { mode: 'busy', busy_minutes: 45 },
    });
  });

  it('a pause ends busy mode; the list shows who is busy or paused', async () => {
    await put(tokens.dispatcher, other, { mode: 'busy', minutes: 10 });
    const res = await put(tokens.manager, own, { mode: 'paused', until_closing: true });
    expect(res.json().data).toMatchObject({ mode: 'paused', busy_minutes: 0, busy_until: null });
    const list = (
      await t.request({ method: 'GET', url: '/api/restaurants/capacity', token: tokens.dispatcher })
    ).json().data as { restaurant_id: number; mode: string }[];
    expect(list.map((c) => [c.restaurant_id, c.mode])).toEqual(
      expect.arrayContaining([
        [own, 'paused'],
        [other, 'busy'],
      ]),
    );
    // Restaurant staff see their own restaurant only.
    const mine = (
      await t.request({ method: 'GET', url: '/api/restaurants/capacity', token: tokens.employee })
    ).json().data as { restaurant_id: number }[];
    expect(mine.map((c) => c.restaurant_id)).toEqual([own]);
    await put(tokens.admin, own, { mode: 'normal' });
    await put(tokens.admin, other, { mode: 'normal' });
  });

  it.each([
    [{ mode: 'sleeping' }, 'mode'],
    [{ mode: 'busy', minutes: 15 }, 'minutes'],
    [{ mode: 'paused', minutes: 45 }, 'minutes'],
    [{ mode: 'paused' }, 'minutes'],
    [{ mode: 'paused', minutes: 15, until_closing: true }, 'minutes'],
    [{ mode: 'paused', until: '2020-01-01T10:00:00+01:00' }, 'until'],
    [{ mode: 'paused', until: new Date(Date.now() + 3 * 86_400_000).toISOString() }, 'until'],
  ])('refuses %j with a translated error, changing nothing', async (body, field) => {
    const before = await row(own);
    const res = await put(tokens.admin, own, body, 'en');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {}).join(' ')).toContain(field);
    expect(res.json().message).toBe('Some fields are not valid.');
    expect(await row(own)).toEqual(before);
  });

  it('says a pause in the past in Bosnian', async () => {
    const res = await put(tokens.admin, own, { mode: 'paused', until: '2020-01-01T10:00:00+01:00' }, 'bs');
    expect(res.json().errors.until).toEqual(['Izaberite vrijeme koje još nije prošlo']);
  });
});

describe('until closing', () => {
  it("follows the restaurant's opening hours while it is open", async () => {
    const local = (ms: number) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: t.config.timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(new Date(ms));
    const closes = Date.now() + 2 * 3_600_000;
    const db = t.database.db;
    await db.insert(restaurantHours).values(
      [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        restaurant_id: own,
        weekday,
        opens: local(Date.now() - 3_600_000),
        closes: local(closes),
      })),
    );
    try {
      const paused = (await put(tokens.manager, own, { mode: 'paused', until_closing: true })).json().data;
      expect(Math.abs(Date.parse(paused.paused_until) - closes)).toBeLessThan(60_000);
      const busy = (await put(tokens.manager, own, { mode: 'busy', minutes: 30 })).json().data;
      expect(Math.abs(Date.parse(busy.busy_until) - closes)).toBeLessThan(60_000);
    } finally {
      await db.delete(restaurantHours).where(eq(restaurantHours.restaurant_id, own));
      await put(tokens.manager, own, { mode: 'normal' });
    }
  });
});

describe('the end of a pause, by the job queue', () => {
  it('ends once at its time, audited as the system and pushed live', async () => {
    events.length = 0;
    // Far enough ahead that a loaded machine still sends it before it has passed.
    const until = new Date(Date.now() + 4000).toISOString();
    expect((await put(tokens.employee, own, { mode: 'paused', until })).statusCode).toBe(200);
    expect((await row(own))?.paused_until?.toISOString()).toBe(until);
    await vi.waitFor(async () => expect((await row(own))?.paused_until).toBeNull(), {
      timeout: 60_000,
      interval: 100,
    });
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
    const ended = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'restaurants'), eq(auditLog.entity_id, String(own))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(ended[0]).toMatchObject({ actor_id: null, after: { paused_until: null } });
    // Who: the employee who paused, then the system that ended it (issue 36).
    expect(
      events
        .filter((e) => e.type === 'restaurant.capacity')
        .map((e) => {
          const data = e.data as { mode: string; changed_by: { name: string } | null };
          return [data.mode, data.changed_by?.name ?? null];
        }),
    ).toEqual([
      ['paused', 'Selma Delić'],
      ['normal', null],
    ]);
  });

  it('an old job does not end a pause changed since', async () => {
    const first = new Date(Date.now() + 4000).toISOString();
    expect((await put(tokens.employee, own, { mode: 'paused', until: first })).statusCode).toBe(200);
    const second = new Date(Date.now() + 3_600_000).toISOString();
    await put(tokens.employee, own, { mode: 'paused', until: second });
    await jobFinished(t.database, 'restaurant-pause-ends', `restaurant:${own}:${first}`);
    expect((await row(own))?.paused_until?.toISOString()).toBe(second);
    await put(tokens.employee, own, { mode: 'normal' });
  });
});

describe('the list: busy, paused or closed by the hours (issue 36)', () => {
  type Item = {
    restaurant_id: number;
    mode: string;
    ordering: { takes_orders: boolean; reason: string | null; busy_minutes: number; opens_at: string | null };
  };
  const list = (token: string | undefined) =>
    t.request({ method: 'GET', url: '/api/restaurants/capacity', ...(token ? { token } : {}) });
  const today = () =>
    new Intl.DateTimeFormat('en-CA', {
      timeZone: t.config.timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    }).format(new Date());
  const hours = (body: unknown) =>
    t.request({
      method: 'PUT',
      url: `/api/restaurants/${other}/hours`,
      payload: body as Record<string, unknown>,
      token: tokens.admin,
    });

  beforeAll(async () => {
    tokens.manager2 = (await t.signIn('manager2@example.com')).access_token;
    // The other restaurant closed all day today (a holiday); the manager's own busy, open around the clock.
    const closed = await hours({ days: [], exceptions: [{ date: today(), closed: true, ranges: [] }] });
    expect(closed.statusCode).toBe(200);
    expect((await put(tokens.manager, own, { mode: 'busy', minutes: 20 })).statusCode).toBe(200);
  });
  afterAll(async () => {
    await hours({ days: [], exceptions: [] });
    await put(tokens.admin, own, { mode: 'normal' });
  });

  it.each(['admin', 'appmanager', 'dispatcher'])(
    '%s sees every restaurant busy, paused or closed, with its ordering state',
    async (who) => {
      const res = await list(tokens[who]);
      expect(res.statusCode).toBe(200);
      const { data, changes_at } = res.json() as { data: Item[]; changes_at: string | null };
      const closed = data.find((c) => c.restaurant_id === other);
      expect(closed).toMatchObject({
        mode: 'normal',
        ordering: { takes_orders: false, reason: 'closed', busy_minutes: 0 },
      });
      // It takes orders again at the next midnight on the operation's clock, within a day.
      const opens = Date.parse(closed?.ordering.opens_at ?? '');
      expect(opens).toBeGreaterThan(Date.now());
      expect(opens).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000);
      expect(data.find((c) => c.restaurant_id === own)).toMatchObject({
        mode: 'busy',
        ordering: { takes_orders: true, reason: null, busy_minutes: 20 },
      });
      // A restaurant open at normal capacity is not listed: the strip stays short.
      expect(data.filter((c) => c.mode === 'normal' && c.ordering.takes_orders)).toEqual([]);
      // The list changes by the hours no later than the closed one opens.
      expect(changes_at).not.toBeNull();
      expect(Date.parse(changes_at ?? '')).toBeLessThanOrEqual(opens);
    },
  );

  it.each([
    ['manager', () => own],
    ['employee', () => own],
    ['manager2', () => other],
  ])('the restaurant staff (%s) see their own restaurant only', async (who, mine) => {
    const res = await list(tokens[who]);
    expect(res.statusCode).toBe(200);
    expect((res.json().data as Item[]).map((c) => c.restaurant_id)).toEqual([mine()]);
  });

  it.each(['customer', 'driver'])('a %s is refused', async (who) => {
    expect((await list(tokens[who])).statusCode).toBe(403);
  });

  it('without a token is 401', async () => {
    expect((await list(undefined)).statusCode).toBe(401);
  });

  it('a restaurant back to normal and open again leaves the list', async () => {
    await put(tokens.admin, own, { mode: 'normal' });
    await hours({ days: [], exceptions: [] });
    const { data } = (await list(tokens.dispatcher)).json() as { data: Item[] };
    expect(data.map((c) => c.restaurant_id)).not.toContain(own);
    expect(data.map((c) => c.restaurant_id)).not.toContain(other);
  });
});
