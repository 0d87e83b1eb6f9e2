import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverMeals, settlements, users } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let driverId = 0;
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  driverId =
    (await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
});
afterAll(() => t.close());

describe('driver meals', () => {
  it('lists with filters and a total computed in SQL', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/driver-meals?restaurant_id=1&per_page=100',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const { data, meta } = res.json();
    const [sum] = await rowsOf<{ s: number }>(
      t.database.db,
      sql`select coalesce(sum(amount),0)::int s from driver_meals where restaurant_id = 1`,
    );
    expect(meta.total_amount).toBe(sum?.s);
    expect(data.every((m: { restaurant: { id: number } }) => m.restaurant.id === 1)).toBe(true);
  });

  it('adds a meal from the back office and from the driver app; bad input changes nothing', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const added = await t.request({
      method: 'POST',
      url: '/api/driver-meals',
      token: tokens.admin,
      payload: { driver_id: driverId, restaurant_id: 2, date: today, amount: 850 },
    });
    expect(added.statusCode).toBe(201);
    expect(added.json().data).toMatchObject({ amount: 850, settled: false, driver: { id: driverId } });
    const app = await t.request({
      method: 'POST',
      url: '/api/driver/meals',
      token: tokens.driver,
      payload: { restaurant_id: 3, amount: 700 },
    });
    expect(app.statusCode).toBe(201);
    expect(app.json().data.driver.id).toBe(driverId);
    const before = (await t.database.db.select().from(driverMeals)).length;
    const bad = await t.request({
      method: 'POST',
      url: '/api/driver-meals',
      token: tokens.admin,
      lang: 'en',
      payload: { driver_id: driverId, restaurant_id: 2, date: 'today', amount: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['amount', 'date']);
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const notDriver = await t.request({
      method: 'POST',
      url: '/api/driver-meals',
      token: tokens.admin,
      lang: 'en',
      payload: { driver_id: admin?.id, restaurant_id: 2, date: today, amount: 500 },
    });
    expect(notDriver.json().errors).toEqual({ driver_id: ['Choose an existing driver'] });
    expect((await t.database.db.select().from(driverMeals)).length).toBe(before);
  });

  it('deletes a meal while no approved settlement covers it', async () => {
    const [approved] = await t.database.db
      .select()
      .from(settlements)
      .where(eq(settlements.status, 'approved'))
      .limit(1);
    const [inside] = await t.database.db
      .insert(driverMeals)
      .values({
        driver_id: driverId,
        restaurant_id: approved?.restaurant_id ?? 1,
        date: approved?.period_from ?? '2026-01-01',
        amount: 600,
      })
      .returning();
    const refused = await t.request({
      method: 'DELETE',
      url: `/api/driver-meals/${inside?.id}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'An approved settlement covers this meal, so it can no longer change.',
    );
    const [free] = await t.database.db
      .select()
      .from(driverMeals)
      .where(and(eq(driverMeals.driver_id, driverId), eq(driverMeals.amount, 850)));
    expect(
      (await t.request({ method: 'DELETE', url: `/api/driver-meals/${free?.id}`, token: tokens.admin }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: '/api/driver-meals', token: tokens.dispatcher })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/driver-meals', token: tokens.manager })).statusCode,
    ).toBe(403);
  });
});
