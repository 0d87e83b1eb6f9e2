import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
});
afterAll(() => t.close());

describe('drivers', () => {
  it('lists every driver with vehicle, shift state and push status for Admin, App Manager, Dispatcher', async () => {
    for (const who of ['admin', 'appmanager', 'dispatcher']) {
      const res = await t.request({ method: 'GET', url: '/api/drivers?per_page=100', token: tokens[who] });
      expect(res.statusCode).toBe(200);
      const { data, meta } = res.json();
      expect(meta.total).toBeGreaterThanOrEqual(40);
      expect(data[0]).toMatchObject({
        shift_state: expect.any(String),
        fcm_token_active: expect.any(Boolean),
      });
      expect(data.filter((d: { vehicle: unknown }) => d.vehicle).length).toBeGreaterThanOrEqual(40);
    }
    for (const who of ['manager', 'employee', 'driver']) {
      expect((await t.request({ method: 'GET', url: '/api/drivers', token: tokens[who] })).statusCode).toBe(
        403,
      );
    }
  });

  it('filters by shift state and vehicle type', async () => {
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com'));
    await t.database.db
      .update(drivers)
      .set({ shift_state: 'on_break' })
      .where(eq(drivers.user_id, demo?.id ?? 0));
    const available = (
      await t.request({ method: 'GET', url: '/api/drivers?shift_state=on_break', token: tokens.dispatcher })
    ).json();
    expect(available.data.map((d: { id: number }) => d.id)).toEqual([demo?.id]);
    const bikes = (
      await t.request({
        method: 'GET',
        url: '/api/drivers?vehicle_type=bike&per_page=100',
        token: tokens.admin,
      })
    ).json();
    expect(bikes.data.length).toBeGreaterThan(0);
    expect(bikes.data.every((d: { vehicle: { type: string } }) => d.vehicle.type === 'bike')).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: '/api/drivers?shift_state=asleep', token: tokens.admin }))
        .statusCode,
    ).toBe(400);
  });

  it('reads one driver by user id; a non-driver id is 404', async () => {
    const [demo] = await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com'));
    const res = await t.request({ method: 'GET', url: `/api/drivers/${demo?.id}`, token: tokens.dispatcher });
    expect(res.json().data).toMatchObject({
      email: 'driver@example.com',
      vehicle: { type: expect.any(String) },
    });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(
      (await t.request({ method: 'GET', url: `/api/drivers/${admin?.id}`, token: tokens.admin })).statusCode,
    ).toBe(404);
  });

  it('is found by the header search for Dispatchers and Admins, users and vehicles for Admins only', async () => {
    const dispatcher = (
      await t.request({ method: 'GET', url: '/api/search?q=hod', token: tokens.dispatcher })
    ).json().data;
    expect(dispatcher.length).toBeGreaterThan(0);
    expect(dispatcher.every((h: { kind: string }) => h.kind === 'driver')).toBe(true);
    const admin = (await t.request({ method: 'GET', url: '/api/search?q=hod', token: tokens.admin })).json()
      .data;
    expect(new Set(admin.map((h: { kind: string }) => h.kind))).toEqual(new Set(['driver', 'user']));
    const plate = (
      await t.request({ method: 'GET', url: '/api/search?q=bic%20103', token: tokens.admin })
    ).json().data;
    expect(plate.some((h: { kind: string }) => h.kind === 'vehicle')).toBe(true);
  });
});
