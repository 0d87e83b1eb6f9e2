import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, endShiftRequests, orders, shifts, users } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let driverId = 0;

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  driverId =
    (await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
  // The demo driver is on shift; give the shift a known past so his delivered cash orders fall in it.
  await t.database.db
    .update(shifts)
    .set({ started_at: new Date(Date.now() - 30 * 86_400_000) })
    .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)));
  await t.database.db
    .update(orders)
    .set({ driver_id: null })
    .where(
      and(eq(orders.driver_id, driverId), sql`status not in ('delivered','cancelled','returned','declined')`),
    );
});
afterAll(() => t.close());

const endShift = (declared: number) =>
  t.request({
    method: 'POST',
    url: '/api/driver/end-shift',
    token: tokens.driver,
    lang: 'en',
    payload: { declared_amount: declared },
  });

describe('the cash register', () => {
  it('computes the shift total from the delivered cash orders of the shift', async () => {
    // An order still assigned (not yet picked up) keeps the shift open: it would be delivered later.
    const [open] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from orders where status not in ('delivered','cancelled','returned','declined') limit 1`,
    );
    await t.database.db
      .update(orders)
      .set({ driver_id: driverId })
      .where(eq(orders.id, open?.id ?? 0));
    const refused = await endShift(1);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe('deliveries_open');
    await t.database.db
      .update(orders)
      .set({ driver_id: null })
      .where(eq(orders.id, open?.id ?? 0));
    const res = await endShift(12345);
    expect(res.statusCode).toBe(201);
    const request = res.json().data;
    const [expected] = await rowsOf<{ total: number; n: number }>(
      t.database.db,
      sql`
        select coalesce(sum(o.total),0)::int total, count(*)::int n from orders o
        join shifts s on s.driver_id = o.driver_id and s.ended_at is null
        where o.driver_id = ${driverId} and o.status = 'delivered' and o.payment_method = 'cash' and o.delivered_at >= s.started_at`,
    );
    expect(request).toMatchObject({
      status: 'pending',
      shift_total: expected?.total,
      orders_count: expected?.n,
      declared_amount: 12345,
    });
    expect(request.difference).toBe(12345 - (expected?.total ?? 0));
    expect(request.orders.reduce((s: number, o: { total: number }) => s + o.total, 0)).toBe(expected?.total);
    expect(request.number).toMatch(/^BL-\d+$/);
    expect((await endShift(1)).statusCode).toBe(409);
  });

  it('rejects with a reason; the driver may send again', async () => {
    const [pending] = await t.database.db
      .select()
      .from(endShiftRequests)
      .where(and(eq(endShiftRequests.driver_id, driverId), eq(endShiftRequests.status, 'pending')));
    const noReason = await t.request({
      method: 'POST',
      url: `/api/end-shift-requests/${pending?.id}/reject`,
      token: tokens.admin,
      lang: 'en',
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: ['Give a reason'] });
    const blank = await t.request({
      method: 'POST',
      url: `/api/end-shift-requests/${pending?.id}/reject`,
      token: tokens.admin,
      lang: 'bs',
      payload: { reason: '   ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors).toEqual({ reason: ['Navedite razlog'] });
    const still = await t.database.db
      .select()
      .from(endShiftRequests)
      .where(eq(endShiftRequests.id, pending?.id ?? 0));
    expect(still[0]?.status).toBe('pending');
    const rejected = await t.request({
      method: 'POST',
      url: `/api/end-shift-requests/${pending?.id}/reject`,
      token: tokens.appmanager,
      payload: { reason: 'Fali 20 KM' },
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Fali 20 KM' });
    expect((await endShift(20000)).statusCode).toBe(201);
  });

  it('a driver with a pending request takes no new orders; collection counts what slipped through', async () => {
    const [free] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from orders where status in ('preparing_order','ready_for_pickup') and driver_id is null limit 1`,
    );
    const assign = await t.request({
      method: 'POST',
      url: `/api/orders/${free?.id}/assign`,
      token: tokens.dispatcher,
      lang: 'en',
      payload: { driver_id: driverId },
    });
    expect(assign.statusCode).toBe(422);
    expect(assign.json()).toMatchObject({
      error: 'driver_ending_shift',
      message: 'This driver has asked to end the shift and takes no new orders.',
    });
    const accept = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${free?.id}/accept`,
      token: tokens.driver,
      payload: {},
    });
    expect(accept.statusCode).toBe(422);
    expect(
      (
        await t.database.db
          .select()
          .from(orders)
          .where(eq(orders.id, free?.id ?? 0))
      )[0]?.driver_id,
    ).toBeNull();
    // Cash delivered after the request anyway (say, an admin's correction) must still reach a total.
    const [other] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from orders where status = 'delivered' and payment_method = 'cash' and driver_id <> ${driverId} limit 1`,
    );
    await t.database.db
      .update(orders)
      .set({ driver_id: driverId, delivered_at: new Date() })
      .where(eq(orders.id, other?.id ?? 0));
  });

  it('collects once: a concurrent second collect gets 409, and the shift ends', async () => {
    const [pending] = await t.database.db
      .select()
      .from(endShiftRequests)
      .where(and(eq(endShiftRequests.driver_id, driverId), eq(endShiftRequests.status, 'pending')));
    const collect = () =>
      t.request({
        method: 'POST',
        url: `/api/end-shift-requests/${pending?.id}/collect`,
        token: tokens.admin,
      });
    const results = await Promise.all([collect(), collect()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    // The total was counted again at collection: it includes the order delivered after the request.
    const collected = results.find((r) => r.statusCode === 200)?.json().data;
    const [counted] = await rowsOf<{ total: number; n: number }>(
      t.database.db,
      sql`select coalesce(sum(o.total),0)::int total, count(*)::int n from orders o
        join shifts s on s.id = ${pending?.shift_id}
        where o.driver_id = ${driverId} and o.status = 'delivered' and o.payment_method = 'cash'
          and o.delivered_at >= s.started_at`,
    );
    expect(collected).toMatchObject({ shift_total: counted?.total, orders_count: counted?.n });
    expect(collected.shift_total).toBeGreaterThan(pending?.shift_total ?? 0);
    const [driver] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, driverId));
    expect(driver?.shift_state).toBe('off_shift');
    const open = await t.database.db
      .select()
      .from(shifts)
      .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)));
    expect(open).toEqual([]);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/end-shift-requests/${pending?.id}/reject`,
          token: tokens.admin,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(409);
    expect((await endShift(1)).json().message).toBe('Start a shift first.');
  });

  it('lets the dispatcher read but not handle; restaurant staff see nothing', async () => {
    const list = await t.request({
      method: 'GET',
      url: '/api/end-shift-requests?status=collected',
      token: tokens.dispatcher,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.every((r: { status: string }) => r.status === 'collected')).toBe(true);
    const [any] = list.json().data;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/end-shift-requests/${any.id}/collect`,
          token: tokens.dispatcher,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/end-shift-requests', token: tokens.manager })).statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/driver/end-shift',
          token: tokens.admin,
          payload: { declared_amount: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await endShift(-5)).statusCode).toBe(400);
    // The declared cash is a JSON integer of minor units, never a string or an array read as one.
    for (const declared of ['1200', [1200], 12.5]) {
      const res = await endShift(declared as unknown as number);
      expect(res.statusCode, JSON.stringify(declared)).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['declared_amount']);
    }
  });
});
