import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

// Incident analytics (issue 38): by type, restaurant, driver and payer per period, the incident rate,
// on the dashboard and as CSV — each figure checked against the raw rows.

let t: TestContext;
const tokens: Record<string, string> = {};
let managerRestaurant = 0;
const TZ = 'Europe/Sarajevo';

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'driver', 'customer'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  managerRestaurant = manager?.restaurant_id ?? 0;
  // Today's incidents and a refund shared by restaurant and operation, so no figure is zero by luck.
  const orders = await rowsOf<{ id: number; item_id: number; payment_method: string }>(
    t.database.db,
    sql`select o.id, i.id::int item_id, o.payment_method from orders o
      join lateral (select id from order_items where order_id = o.id order by id limit 1) i on true
      where o.status = 'delivered' and o.driver_id is not null and o.total > 1000
        and o.restaurant_id = ${managerRestaurant} order by o.created_at desc limit 2`,
  );
  for (const [n, order] of orders.entries()) {
    const incident = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/incidents`,
      token: tokens.admin,
      payload: { type: n === 0 ? 'cold' : 'damaged' },
    });
    await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds`,
      token: tokens.admin,
      headers: { 'idempotency-key': randomUUID() },
      payload: {
        incident_id: incident.json().data.id,
        fixed_amount: 300,
        liable: 'shared',
        split: { restaurant: 100, operation: 200, driver: 0 },
        ...(order.payment_method === 'card' ? { payment_reference: 'TX-1' } : { cash_return: 'later' }),
        reason: 'Hladno',
      },
    });
  }
});
afterAll(() => t.close());

const analytics = (who: string, query = 'period=this_month', lang = 'en') =>
  t.request({ method: 'GET', url: `/api/incidents/analytics?${query}`, token: tokens[who], lang });

describe('incident analytics', () => {
  it('adds up from the raw rows: by type, restaurant, driver and payer, with the incident rate', async () => {
    const res = await analytics('admin');
    expect(res.statusCode).toBe(200);
    const a = res.json().data;
    const { from, to } = a.period;
    const range = sql`>= (${from}::date)::timestamp at time zone ${TZ} and created_at < (${to}::date + 1)::timestamp at time zone ${TZ}`;
    const [raw] = await rowsOf<{
      incidents: number;
      refunds: number;
      amount: number;
      restaurant: number;
      operation: number;
    }>(
      t.database.db,
      sql`select (select count(*) from incidents where created_at ${range})::int incidents,
        (select count(*) from refunds where status = 'approved' and created_at ${range})::int refunds,
        (select coalesce(sum(amount),0) from refunds where status = 'approved' and created_at ${range})::int amount,
        (select coalesce(sum(restaurant_share),0) from refunds where status = 'approved' and created_at ${range})::int restaurant,
        (select coalesce(sum(operation_share),0) from refunds where status = 'approved' and created_at ${range})::int operation`,
    );
    expect(raw?.incidents).toBeGreaterThanOrEqual(2);
    expect(a.totals).toMatchObject({
      incidents: raw?.incidents,
      refunds: raw?.refunds,
      refunded_amount: raw?.amount,
    });
    const sum = (xs: { incidents: number }[]) => xs.reduce((s, x) => s + x.incidents, 0);
    expect(sum(a.by_type)).toBe(raw?.incidents);
    expect(a.by_type.find((x: { type: string }) => x.type === 'cold').incidents).toBeGreaterThanOrEqual(1);
    expect(a.by_payer).toEqual([
      { payer: 'restaurant', refunded_amount: raw?.restaurant, redelivery_amount: 0 },
      { payer: 'operation', refunded_amount: raw?.operation, redelivery_amount: 0 },
      { payer: 'driver', refunded_amount: 0, redelivery_amount: 0 },
    ]);
    const own = a.by_restaurant.find((r: { id: number }) => r.id === managerRestaurant);
    const [delivered] = await rowsOf<{ n: number; incidents: number }>(
      t.database.db,
      sql`select (select count(*) from orders where restaurant_id = ${managerRestaurant} and status = 'delivered'
          and delivered_at >= (${from}::date)::timestamp at time zone ${TZ}
          and delivered_at < (${to}::date + 1)::timestamp at time zone ${TZ})::int n,
        (select count(*) from incidents where restaurant_id = ${managerRestaurant} and created_at ${range})::int incidents`,
    );
    expect(own).toMatchObject({ incidents: delivered?.incidents, delivered: delivered?.n });
    expect(own.rate).toBeCloseTo((delivered?.incidents ?? 0) / (delivered?.n ?? 1), 6);
    const driver = a.by_driver[0];
    const [driverRaw] = await rowsOf<{ n: number; incidents: number }>(
      t.database.db,
      sql`select (select count(*) from orders where driver_id = ${driver.id} and status = 'delivered'
          and delivered_at >= (${from}::date)::timestamp at time zone ${TZ}
          and delivered_at < (${to}::date + 1)::timestamp at time zone ${TZ})::int n,
        (select count(*) from incidents where driver_id = ${driver.id} and created_at ${range})::int incidents`,
    );
    expect(driver).toMatchObject({ incidents: driverRaw?.incidents, delivered: driverRaw?.n });
  });

  it("shows restaurant staff their own restaurant's only; drivers and customers none", async () => {
    const mine = (await analytics('manager')).json().data;
    expect(mine.by_restaurant.map((r: { id: number }) => r.id)).toEqual([managerRestaurant]);
    const everyone = (await analytics('admin')).json().data;
    expect(mine.totals.incidents).toBeLessThanOrEqual(everyone.totals.incidents);
    expect((await analytics('dispatcher')).statusCode).toBe(200);
    for (const who of ['driver', 'customer']) expect((await analytics(who)).statusCode, who).toBe(403);
  });

  it('answers a bad period with a translated 400', async () => {
    const bad = await analytics('admin', 'period=custom&from=2026-01-10', 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.to).toBeDefined();
    expect((await analytics('admin', 'period=someday')).statusCode).toBe(400);
  });

  it('exports the same figures as CSV', async () => {
    const a = (await analytics('admin')).json().data;
    const csv = await t.request({
      method: 'GET',
      url: '/api/incidents/analytics.csv?period=this_month',
      token: tokens.admin,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split(/\r?\n/);
    expect(lines[0]).toBe(
      'dimension,key,name,incidents,delivered,incident_rate,refunds,refunded_amount,redelivery_amount',
    );
    const operation = lines.find((l) => l.startsWith('payer,operation,'));
    expect(operation).toContain(((a.by_payer[1].refunded_amount as number) / 100).toFixed(2));
    expect(lines.filter((l) => l.startsWith('type,'))).toHaveLength(a.by_type.length);
  });
});
