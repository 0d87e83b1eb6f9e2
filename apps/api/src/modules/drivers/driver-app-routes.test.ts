import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverBreaks, driverLocations, drivers, shifts, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { pruneLocations } from './driver-app-service.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let driverId = 0;
let fresh = { id: 0, token: '' };

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'driver', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  driverId =
    (await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
  // A driver who starts off shift, to walk through a whole shift.
  const created = await t.request({
    method: 'POST',
    url: '/api/users',
    token: tokens.admin,
    payload: {
      first_name: 'Probni',
      last_name: 'Vozač',
      email: 'probni@vozaci.ba',
      role: 'driver',
      password: 'Zu7#mostarBridge',
    },
  });
  fresh = {
    id: created.json().data.id,
    token: (await t.signIn('probni@vozaci.ba', 'Zu7#mostarBridge')).access_token,
  };
});
afterAll(() => t.close());

const post = (url: string, token: string, payload?: object) =>
  t.request({ method: 'POST', url, token, lang: 'en', ...(payload ? { payload } : {}) });
const point = (secondsAgo = 5, lat = 43.8563, lng = 18.4131) => ({
  lat,
  lng,
  recorded_at: new Date(Date.now() - secondsAgo * 1000).toISOString(),
});

describe('shift, locations and breaks (driver app)', () => {
  it('refuses locations off shift, then accepts them once the shift starts', async () => {
    const off = await post('/api/driver/locations', fresh.token, { points: [point()] });
    expect(off.statusCode).toBe(422);
    expect(off.json().message).toBe('Start a shift first.');
    expect((await post('/api/driver/shift/start', fresh.token)).statusCode).toBe(200);
    expect((await post('/api/driver/shift/start', fresh.token)).statusCode).toBe(409);
    const ok = await post('/api/driver/locations', fresh.token, {
      points: [point(30, 43.85, 18.41), point(10, 43.851, 18.411)],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ accepted: 2 });
    const [row] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, fresh.id));
    expect(row).toMatchObject({ shift_state: 'available', lat: 43.851, lng: 18.411 });
  });

  it('keeps the newest point as the location when an older batch arrives late', async () => {
    await post('/api/driver/locations', fresh.token, { points: [point(2, 43.86, 18.42)] });
    await post('/api/driver/locations', fresh.token, { points: [point(60, 43.8, 18.3)] });
    const [row] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, fresh.id));
    expect(row).toMatchObject({ lat: 43.86, lng: 18.42 });
    const history = await t.database.db
      .select()
      .from(driverLocations)
      .where(eq(driverLocations.driver_id, fresh.id));
    expect(history.length).toBe(4);
  });

  it('validates coordinates, times and batch size, storing nothing from a bad batch', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(driverLocations))[0]
      ?.n;
    const cases: [object, string][] = [
      [{ points: [{ ...point(), lat: 91 }] }, 'points.0.lat'],
      [{ points: [{ ...point(), lng: -181 }] }, 'points.0.lng'],
      [
        { points: [{ ...point(), recorded_at: new Date(Date.now() + 3_600_000).toISOString() }] },
        'points.0.recorded_at',
      ],
      [{ points: [{ ...point(), recorded_at: 'yesterday' }] }, 'points.0.recorded_at'],
      [{ points: Array.from({ length: 101 }, () => point()) }, 'points'],
      [{ points: [] }, 'points'],
    ];
    for (const [payload, field] of cases) {
      const res = await post('/api/driver/locations', fresh.token, payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().errors)).toContain(field);
    }
    const future = await post('/api/driver/locations', fresh.token, cases[2]?.[0]);
    expect(future.json().errors['points.0.recorded_at']).toEqual(['The time cannot be in the future']);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(driverLocations))[0]?.n;
    expect(after).toBe(before);
  });

  it('lets only drivers post, each only as themselves', async () => {
    expect(
      (await post('/api/driver/locations', tokens.dispatcher ?? '', { points: [point()] })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/driver/locations', tokens.customer ?? '', { points: [point()] })).statusCode,
    ).toBe(403);
    // There is no way to name another driver: the body has no driver id, and unknown fields do nothing.
    await post('/api/driver/locations', fresh.token, {
      driver_id: driverId,
      points: [point(1, 43.87, 18.43)],
    });
    const [other] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, driverId));
    expect(other?.lat).not.toBe(43.87);
  });

  it('takes a break and ends it, with its duration', async () => {
    const start = await post('/api/driver/breaks/start', fresh.token);
    expect(start.statusCode).toBe(200);
    expect((await post('/api/driver/breaks/start', fresh.token)).statusCode).toBe(409);
    const [onBreak] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, fresh.id));
    expect(onBreak?.shift_state).toBe('on_break');
    // Pretend the break began 25 minutes ago.
    await t.database.db
      .update(driverBreaks)
      .set({ started_at: new Date(Date.now() - 25 * 60_000) })
      .where(eq(driverBreaks.driver_id, fresh.id));
    const end = await post('/api/driver/breaks/end', fresh.token);
    expect(end.statusCode).toBe(200);
    expect(end.json().data.duration_seconds).toBeGreaterThanOrEqual(25 * 60);
    expect((await post('/api/driver/breaks/end', fresh.token)).statusCode).toBe(422);
  });
});

describe('the map and the break view (back office)', () => {
  it('lists every driver on shift with location, state and vehicle for Admin and Dispatcher only', async () => {
    const res = await t.request({ method: 'GET', url: '/api/drivers/locations', token: tokens.dispatcher });
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.every((d: { shift_state: string }) => d.shift_state !== 'off_shift')).toBe(true);
    expect(list.find((d: { id: number }) => d.id === fresh.id)).toMatchObject({
      location: { lat: 43.87, lng: 18.43 },
    });
    expect(list.some((d: { location: unknown }) => d.location === null || d.location)).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: '/api/drivers/locations', token: tokens.manager })).statusCode,
    ).toBe(403);
  });

  it('shows a driver breaks with durations and totals per day', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/drivers/${fresh.id}/breaks`,
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(1);
    expect(body.data[0].duration_seconds).toBeGreaterThanOrEqual(25 * 60);
    expect(body.days).toHaveLength(1);
    expect(body.days[0].total_seconds).toBe(body.data[0].duration_seconds);
    const seeded = (
      await t.request({ method: 'GET', url: `/api/drivers/${driverId}/breaks`, token: tokens.dispatcher })
    ).json();
    const sum = seeded.data.reduce((s: number, b: { duration_seconds: number }) => s + b.duration_seconds, 0);
    expect(seeded.days.reduce((s: number, d: { total_seconds: number }) => s + d.total_seconds, 0)).toBe(sum);
    expect(
      (await t.request({ method: 'GET', url: `/api/drivers/${driverId}/breaks`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
  });

  it('prunes location history past the retention', async () => {
    await t.database.db.insert(driverLocations).values({
      driver_id: fresh.id,
      lat: 43.8,
      lng: 18.4,
      recorded_at: new Date(Date.now() - 100 * 3_600_000),
    });
    const before = (
      await t.database.db.select().from(driverLocations).where(eq(driverLocations.driver_id, fresh.id))
    ).length;
    expect(await pruneLocations(t.database.db, 72)).toBeGreaterThanOrEqual(1);
    const after = (
      await t.database.db.select().from(driverLocations).where(eq(driverLocations.driver_id, fresh.id))
    ).length;
    expect(after).toBe(before - 1);
    expect((await t.database.db.select().from(shifts).where(eq(shifts.driver_id, fresh.id))).length).toBe(1);
  });
});

describe('racing the driver app (50 calls at once)', () => {
  /** Fires the same call 50 times at once and counts the answers by status. */
  const burst = async (url: string, token: string) => {
    const answers = await Promise.all(Array.from({ length: 50 }, () => post(url, token)));
    const statuses: Record<number, number> = {};
    for (const a of answers) statuses[a.statusCode] = (statuses[a.statusCode] ?? 0) + 1;
    return { answers, statuses };
  };

  it('opens one shift and one break; every other call is a translated 409, none a 500', async () => {
    await post('/api/users', tokens.admin ?? '', {
      first_name: 'Nestrpljivi',
      last_name: 'Vozač',
      email: 'nestrpljivi@vozaci.ba',
      role: 'driver',
      password: 'Zu7#mostarBridge',
    });
    const token = (await t.signIn('nestrpljivi@vozaci.ba', 'Zu7#mostarBridge')).access_token;

    const shift = await burst('/api/driver/shift/start', token);
    expect(shift.statuses).toEqual({ 200: 1, 409: 49 });
    const shiftLosers = shift.answers.filter((a) => a.statusCode === 409).map((a) => a.json());
    expect(new Set(shiftLosers.map((b) => `${b.error}: ${b.message}`))).toEqual(
      new Set(['shift_open: A shift is already open.']),
    );

    const pause = await burst('/api/driver/breaks/start', token);
    expect(pause.statuses).toEqual({ 200: 1, 409: 49 });
    const breakLosers = pause.answers.filter((a) => a.statusCode === 409).map((a) => a.json());
    expect(new Set(breakLosers.map((b) => `${b.error}: ${b.message}`))).toEqual(
      new Set(['break_open: A break is already running.']),
    );

    const [me] = await t.database.db.select().from(users).where(eq(users.email, 'nestrpljivi@vozaci.ba'));
    const mine = (table: typeof shifts | typeof driverBreaks) =>
      t.database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(eq(table.driver_id, me?.id ?? 0));
    expect((await mine(shifts))[0]?.n).toBe(1);
    expect((await mine(driverBreaks))[0]?.n).toBe(1);
  });
});
