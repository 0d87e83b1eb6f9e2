import { and, desc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, drivers, shifts, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * A planned end of shift (issue 33): the driver app sets and clears its own, staff (Admin, App
 * Manager, Dispatcher) any driver's on shift, audited; bad input is refused in the caller's language
 * and changes nothing. The drivers list, a driver and the driver picker show it, and show who asked
 * to end the shift.
 */

let t: TestContext;
const tokens: Record<string, string> = {};
/** Two drivers of their own, on shift: `a` plans through the app, `b` is the other driver. */
const a = { id: 0, token: '' };
const b = { id: 0, token: '' };
/** Off shift. */
const off = { id: 0, token: '' };

async function newDriver(email: string) {
  const created = await t.request({
    method: 'POST',
    url: '/api/users',
    token: tokens.admin,
    payload: {
      first_name: 'Plan',
      last_name: email.slice(0, 5),
      email,
      role: 'driver',
      password: 'Zu7#mostarBridge',
    },
  });
  expect(created.statusCode).toBe(201);
  return {
    id: created.json().data.id as number,
    token: (await t.signIn(email, 'Zu7#mostarBridge')).access_token,
  };
}

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  Object.assign(a, await newDriver('plan-a@vozaci.ba'));
  Object.assign(b, await newDriver('plan-b@vozaci.ba'));
  Object.assign(off, await newDriver('plan-off@vozaci.ba'));
  for (const d of [a, b])
    expect(
      (await t.request({ method: 'POST', url: '/api/driver/shift/start', token: d.token })).statusCode,
    ).toBe(200);
}, 120_000);
afterAll(() => t.close());

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();
const own = (token: string, payload: unknown, lang = 'en') =>
  t.request({ method: 'PUT', url: '/api/driver/shift/planned-end', token, lang, payload: payload as object });
const staff = (token: string | undefined, id: number, payload: unknown, lang = 'en') =>
  t.request({
    method: 'PUT',
    url: `/api/drivers/${id}/planned-end`,
    lang,
    payload: payload as object,
    ...(token ? { token } : {}),
  });
const storedEnd = async (driverId: number) =>
  (
    await t.database.db
      .select({ at: shifts.planned_end_at })
      .from(shifts)
      .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)))
  )[0]?.at ?? null;
const driver = async (id: number) =>
  (await t.request({ method: 'GET', url: `/api/drivers/${id}`, token: tokens.dispatcher })).json().data;

describe('planned end of shift: the driver app', () => {
  it('sets and clears its own shift only; the drivers list and the driver show it', async () => {
    const at = inHours(2);
    const set = await own(a.token, { planned_end_at: at });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ driver_id: a.id, planned_end_at: at });
    expect((await storedEnd(a.id))?.toISOString()).toBe(at);
    // The other driver's shift is untouched.
    expect(await storedEnd(b.id)).toBeNull();
    expect(await driver(a.id)).toMatchObject({ planned_end_at: at, end_shift_requested: false });
    const list = (
      await t.request({ method: 'GET', url: '/api/drivers?q=plan-a', token: tokens.admin })
    ).json().data;
    expect(list).toEqual([expect.objectContaining({ id: a.id, planned_end_at: at })]);

    const cleared = await own(a.token, { planned_end_at: null });
    expect(cleared.json().data.planned_end_at).toBeNull();
    expect(await storedEnd(a.id)).toBeNull();
  });

  it('refuses a time past, too far or malformed, in the caller language, and changes nothing', async () => {
    const kept = inHours(3);
    expect((await own(a.token, { planned_end_at: kept })).statusCode).toBe(200);
    const cases: [unknown, string, string][] = [
      [{ planned_end_at: inHours(-0.1) }, 'en', 'Choose a time that has not passed yet'],
      [{ planned_end_at: inHours(16.5) }, 'en', 'Choose an end of shift within the next 16 hours'],
      [{ planned_end_at: inHours(16.5) }, 'bs', 'Izaberite kraj smjene u narednih 16 sati'],
      [{ planned_end_at: 'tonight' }, 'en', 'Invalid value'],
      [{}, 'en', 'Invalid value'],
    ];
    for (const [payload, lang, message] of cases) {
      const res = await own(a.token, payload, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.planned_end_at).toContain(message);
    }
    const extra = await own(a.token, { planned_end_at: null, driver_id: b.id });
    expect(extra.statusCode).toBe(400);
    expect((await storedEnd(a.id))?.toISOString()).toBe(kept);
    expect(await storedEnd(b.id)).toBeNull();
  });

  it('is refused off shift (422) and to staff and customers', async () => {
    const res = await own(off.token, { planned_end_at: inHours(1) });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: 'not_on_shift', message: 'Start a shift first.' });
    for (const who of ['admin', 'dispatcher', 'customer'])
      expect([401, 403]).toContain((await own(tokens[who] ?? '', { planned_end_at: null })).statusCode);
  });
});

describe('planned end of shift: staff', () => {
  it('Admin, App Manager and Dispatcher set and clear it for a driver on shift, audited', async () => {
    for (const who of ['admin', 'appmanager', 'dispatcher']) {
      const at = inHours(4);
      const res = await staff(tokens[who], b.id, { planned_end_at: at });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ driver_id: b.id, planned_end_at: at });
      expect((await storedEnd(b.id))?.toISOString()).toBe(at);
      const [entry] = await t.database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entity, 'shifts'))
        .orderBy(desc(auditLog.id))
        .limit(1);
      expect(entry).toMatchObject({ action: 'update', after: { driver_id: b.id, planned_end_at: at } });
      const [actor] = await t.database.db
        .select()
        .from(users)
        .where(eq(users.id, entry?.actor_id ?? 0));
      expect(actor?.email).toBe(`${who}@example.com`);
      expect(
        (await staff(tokens[who], b.id, { planned_end_at: null })).json().data.planned_end_at,
      ).toBeNull();
    }
  });

  it('is forbidden to restaurant staff, drivers (another driver or their own) and customers', async () => {
    const at = inHours(2);
    for (const who of ['manager', 'employee'])
      expect((await staff(tokens[who], b.id, { planned_end_at: at })).statusCode).toBe(403);
    // A driver reaches only their own shift, through the app endpoint.
    for (const token of [a.token, b.token, tokens.customer])
      expect([401, 403]).toContain((await staff(token, b.id, { planned_end_at: at })).statusCode);
    expect((await staff(undefined, b.id, { planned_end_at: at })).statusCode).toBe(401);
    expect(await storedEnd(b.id)).toBeNull();
  });

  it('refuses bad input, a driver off shift and a non-driver, changing nothing', async () => {
    const bad = await staff(tokens.dispatcher, b.id, { planned_end_at: inHours(20) }, 'bs');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.planned_end_at).toEqual(['Izaberite kraj smjene u narednih 16 sati']);
    expect(
      (await staff(tokens.dispatcher, b.id, { planned_end_at: '2026-13-01T10:00:00Z' })).statusCode,
    ).toBe(400);
    expect(await storedEnd(b.id)).toBeNull();
    const offShift = await staff(tokens.dispatcher, off.id, { planned_end_at: inHours(1) });
    expect(offShift.statusCode).toBe(422);
    expect(offShift.json()).toMatchObject({
      error: 'not_on_shift',
      message: 'This driver is not on shift or is on a break.',
    });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect((await staff(tokens.admin, admin?.id ?? 0, { planned_end_at: inHours(1) })).statusCode).toBe(404);
    expect((await staff(tokens.admin, 99_999_999, { planned_end_at: inHours(1) })).statusCode).toBe(404);
  });
});

describe('who asked to end the shift', () => {
  it('is said on the driver and in the picker, below the drivers who stay', async () => {
    // Both beside each other and free; a asks to end the shift.
    await t.database.db
      .update(drivers)
      .set({ lat: 43.8563, lng: 18.4131, last_location_at: new Date() })
      .where(eq(drivers.user_id, a.id));
    await t.database.db
      .update(drivers)
      .set({ lat: 43.8564, lng: 18.4131, last_location_at: new Date() })
      .where(eq(drivers.user_id, b.id));
    const ended = await t.request({
      method: 'POST',
      url: '/api/driver/end-shift',
      token: a.token,
      payload: { declared_amount: 0 },
    });
    expect(ended.statusCode).toBe(201);
    expect(await driver(a.id)).toMatchObject({ state: 'available', end_shift_requested: true });
    expect(await driver(b.id)).toMatchObject({ end_shift_requested: false });
    const map = (
      await t.request({ method: 'GET', url: '/api/drivers/locations', token: tokens.dispatcher })
    ).json().data as { id: number; end_shift_requested: boolean }[];
    expect(map.find((d) => d.id === a.id)).toMatchObject({ end_shift_requested: true });
    expect(map.find((d) => d.id === b.id)).toMatchObject({ end_shift_requested: false });

    const [order] = (
      await t.request({ method: 'GET', url: '/api/orders?active=true&per_page=1', token: tokens.admin })
    ).json().data;
    const candidates = (
      await t.request({
        method: 'GET',
        url: `/api/orders/${order.id}/driver-candidates`,
        token: tokens.dispatcher,
      })
    ).json().data as { id: number; end_shift_requested: boolean }[];
    const at = (id: number) => candidates.findIndex((c) => c.id === id);
    expect(candidates[at(a.id)]).toMatchObject({ end_shift_requested: true });
    expect(candidates[at(b.id)]).toMatchObject({ end_shift_requested: false });
    expect(at(b.id)).toBeLessThan(at(a.id));
  });
});
