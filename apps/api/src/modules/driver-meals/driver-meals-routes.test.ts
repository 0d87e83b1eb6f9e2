import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, driverMeals, orders, settlements, users } from '../../db/schema/index.js';
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

  it('adds a meal from the back office; bad input changes nothing', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const added = await t.request({
      method: 'POST',
      url: '/api/driver-meals',
      token: tokens.admin,
      payload: { driver_id: driverId, restaurant_id: 2, date: today, amount: 850 },
    });
    expect(added.statusCode).toBe(201);
    // Staff are the reviewers: what they enter is approved as entered.
    expect(added.json().data).toMatchObject({
      amount: 850,
      settled: false,
      status: 'approved',
      driver: { id: driverId },
    });
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
    for (const amount of ['850', [850], 8.5]) {
      const typed = await t.request({
        method: 'POST',
        url: '/api/driver-meals',
        token: tokens.admin,
        payload: { driver_id: driverId, restaurant_id: 2, date: today, amount },
      });
      expect(typed.statusCode, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(typed.json().errors)).toEqual(['amount']);
    }
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

describe('driver meal claims', () => {
  const claim = (token: string, payload: object) =>
    t.request({ method: 'POST', url: '/api/driver/meals', token, lang: 'en', payload });
  const mealCount = async () => (await t.database.db.select().from(driverMeals)).length;

  it('belong to an open shift, a restaurant served in it, a bounded amount, one per shift; audited', async () => {
    const email = `obrok.${Date.now()}@example.ba`;
    const created = await t.request({
      method: 'POST',
      url: '/api/users',
      token: tokens.admin,
      payload: {
        first_name: 'Gladni',
        last_name: 'Vozač',
        email,
        role: 'driver',
        password: 'Zu7#mostarBridge',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const fresh = created.json().data.id as number;
    const token = (await t.signIn(email, 'Zu7#mostarBridge')).access_token;
    const before = await mealCount();

    const offShift = await claim(token, { restaurant_id: 2, amount: 700 });
    expect(offShift.statusCode).toBe(422);
    expect(offShift.json().error).toBe('not_on_shift');

    const started = await t.request({ method: 'POST', url: '/api/driver/shift/start', token, payload: {} });
    expect(started.statusCode, started.body).toBe(200);
    const notServed = await claim(token, { restaurant_id: 2, amount: 700 });
    expect(notServed.statusCode).toBe(400);
    expect(notServed.json().errors.restaurant_id).toEqual([
      'You took no order from this restaurant during this shift',
    ]);

    // An order of restaurant 2 reaches the driver in this shift but ends before pick-up: cancelled
    // or declined, the driver never took anything from that kitchen.
    const [order] = await t.database.db
      .select({ id: orders.id })
      .from(orders)
      .where(eq(orders.restaurant_id, 2))
      .limit(1);
    for (const status of ['cancelled', 'declined'] as const) {
      await t.database.db
        .update(orders)
        .set({ driver_id: fresh, status, status_changed_at: new Date(), picked_up_at: null })
        .where(eq(orders.id, order?.id ?? 0));
      const never = await claim(token, { restaurant_id: 2, amount: 700 });
      expect(never.statusCode, status).toBe(400);
      expect(never.json().errors.restaurant_id).toEqual([
        'You took no order from this restaurant during this shift',
      ]);
    }
    // The driver picks an order of restaurant 2 up in this shift (and delivers it).
    await t.database.db
      .update(orders)
      .set({ driver_id: fresh, status: 'delivered', status_changed_at: new Date(), picked_up_at: new Date() })
      .where(eq(orders.id, order?.id ?? 0));
    expect(await mealCount()).toBe(before);

    // Money is a JSON integer of minor units: a string, an array or a fraction is refused, not read.
    for (const amount of ['900', [900], 9.5, '9,00', null, true]) {
      const res = await claim(token, { restaurant_id: 2, amount });
      expect(res.statusCode, JSON.stringify(amount)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(amount)).toEqual(['amount']);
    }

    const tooMuch = await claim(token, { restaurant_id: 2, amount: 100_000_00 });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().errors.amount).toEqual(['A meal may cost at most 20.00 KM']);
    expect(await mealCount()).toBe(before);

    const ok = await claim(token, { restaurant_id: 2, amount: 900, note: 'Ručak' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().data).toMatchObject({ status: 'pending', amount: 900, driver: { id: fresh } });
    const mealId = ok.json().data.id as number;
    const audited = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'driver_meals'), eq(auditLog.entity_id, String(mealId))));
    expect(audited.map((a) => a.action)).toEqual(['claim']);

    const again = await claim(token, { restaurant_id: 2, amount: 500 });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('meal_already_claimed');
    expect(await mealCount()).toBe(before + 1);
  });

  it('are reviewed by Admin and App Manager only; a settlement counts approved meals only', async () => {
    const [pending] = await t.database.db.select().from(driverMeals).where(eq(driverMeals.status, 'pending'));
    if (!pending) throw new Error('the previous test leaves a pending claim');
    // Put the claim in the past so a settlement of ended days covers it.
    const day = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.update(driverMeals).set({ date: day }).where(eq(driverMeals.id, pending.id));
    for (const who of ['dispatcher', 'manager', 'driver']) {
      const res = await t.request({
        method: 'POST',
        url: `/api/driver-meals/${pending.id}/approve`,
        token: tokens[who],
      });
      expect(res.statusCode, who).toBe(403);
    }
    const from = new Date(Date.now() - 24 * 86_400_000).toISOString().slice(0, 10);
    const to = new Date(Date.now() - 16 * 86_400_000).toISOString().slice(0, 10);
    await t.database.db.delete(settlements).where(eq(settlements.restaurant_id, pending.restaurant_id));
    const settlement = await t.request({
      method: 'POST',
      url: '/api/settlements',
      token: tokens.admin,
      payload: { restaurant_id: pending.restaurant_id, from, to },
    });
    expect(settlement.statusCode, settlement.body).toBe(201);
    const [approvedSum] = await rowsOf<{ s: number }>(
      t.database.db,
      sql`select coalesce(sum(amount),0)::int s from driver_meals where restaurant_id = ${pending.restaurant_id}
        and status = 'approved' and date between ${from} and ${to}`,
    );
    expect(settlement.json().data.meals_amount).toBe(approvedSum?.s);

    const noReason = await t.request({
      method: 'POST',
      url: `/api/driver-meals/${pending.id}/reject`,
      token: tokens.admin,
      lang: 'en',
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    // The same rule and words as the cash register's rejection (the shared `rejectionBody`).
    expect(noReason.json().errors).toEqual({ reason: ['Give a reason'] });
    const blank = await t.request({
      method: 'POST',
      url: `/api/driver-meals/${pending.id}/reject`,
      token: tokens.admin,
      lang: 'bs',
      payload: { reason: ' ' },
    });
    expect(blank.json().errors).toEqual({ reason: ['Navedite razlog'] });
    const approved = await t.request({
      method: 'POST',
      url: `/api/driver-meals/${pending.id}/approve`,
      token: tokens.admin,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data.status).toBe('approved');
    const twice = await t.request({
      method: 'POST',
      url: `/api/driver-meals/${pending.id}/reject`,
      token: tokens.admin,
      payload: { reason: 'Kasno' },
    });
    expect(twice.statusCode).toBe(409);
  });
});
