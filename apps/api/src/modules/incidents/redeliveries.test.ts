import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  incidents,
  orderItems,
  orders,
  redeliveries,
  restaurantHours,
  restaurantHoursExceptions,
  users,
} from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

// Redelivery as an incident's resolution (issue 38, decision 0036): a new order through the order
// kernel, linked both ways, at no charge, its cost booked to the liable party and into settlements.

let t: TestContext;
const tokens: Record<string, string> = {};
const ROLES = ['admin', 'dispatcher', 'manager', 'employee', 'driver'];
let managerRestaurant = 0;

interface OrderRow {
  id: number;
  restaurant_id: number;
  customer_id: number;
  address: string;
  item_id: number;
  product_id: number;
  unit_price: number;
  quantity: number;
}
/** Recent delivered orders of a restaurant (the dispatcher reaches the last two days), with a line. */
async function delivered(where: ReturnType<typeof sql>, n = 1, recent = true): Promise<OrderRow[]> {
  const rows = await rowsOf<OrderRow>(
    t.database.db,
    sql`select o.id, o.restaurant_id, o.customer_id, o.address, i.id::int item_id, i.product_id, i.unit_price, i.quantity
      from orders o
      join lateral (select id, product_id, unit_price, quantity from order_items where order_id = o.id
        and product_id is not null order by id limit 1) i on true
      where o.status = 'delivered' and ${where}
        and (not ${recent} or o.delivered_at > now() - interval '1 day')
        and not exists (select 1 from incidents x where x.order_id = o.id)
      order by o.created_at desc limit ${n}`,
  );
  if (rows.length < n) throw new Error('not enough delivered orders in the seed');
  return rows;
}

const reportOn = async (orderId: number, itemId: number) =>
  (
    await t.request({
      method: 'POST',
      url: `/api/orders/${orderId}/incidents`,
      token: tokens.admin,
      payload: { type: 'missing_item', lines: [{ order_item_id: itemId, quantity: 1 }] },
    })
  ).json().data.id as number;

const resolve = (who: string, incidentId: number, payload: object, lang = 'en') =>
  t.request({
    method: 'POST',
    url: `/api/incidents/${incidentId}/resolve`,
    token: tokens[who],
    lang,
    payload,
  });

const redeliver = (itemId: number, liable = 'restaurant') => ({
  resolution: 'redeliver',
  reason: 'Sok nije stigao',
  redelivery: { lines: [{ order_item_id: itemId, quantity: 1 }], liable },
});

const orderCount = async () =>
  (await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from orders`))[0]?.n ?? 0;

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ROLES) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  managerRestaurant = manager?.restaurant_id ?? 0;
  // A redelivery is placed like any order: the restaurant must take orders now. Without a schedule
  // every restaurant does, whatever the hour the suite runs at.
  await t.database.db.delete(restaurantHours);
  await t.database.db.delete(restaurantHoursExceptions);
});
afterAll(() => t.close());

describe('redelivery', () => {
  it('places a new order for the customer at no charge, linked both ways, its cost on the liable party', async () => {
    const [first] = (await delivered(sql`o.restaurant_id <> ${managerRestaurant}`)) as [OrderRow];
    const incidentId = await reportOn(first.id, first.item_id);
    const res = await resolve('dispatcher', incidentId, redeliver(first.item_id));
    expect(res.statusCode, res.body).toBe(200);
    const incident = res.json().data;
    expect(incident).toMatchObject({ status: 'resolved', resolution: 'redeliver' });
    const newId = incident.redelivery.order.id as number;
    expect(newId).not.toBe(first.id);
    const [placed] = await t.database.db.select().from(orders).where(eq(orders.id, newId));
    // Nothing to pay for the customer; the restaurant is credited for the food as for any order.
    expect(placed).toMatchObject({
      customer_id: first.customer_id,
      restaurant_id: first.restaurant_id,
      address: first.address,
      status: 'created',
      total: 0,
      delivery_costs: 0,
    });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.order_id, newId));
    expect(items.map((i) => [i.product_id, i.quantity])).toEqual([[first.product_id, 1]]);
    expect(incident.redelivery).toMatchObject({
      amount: placed?.restaurant_total_amount,
      liable: 'restaurant',
      split: { restaurant: placed?.restaurant_total_amount, operation: 0, driver: 0 },
      settlement: null,
    });
    // The new order's page lists the incident it redelivers; the first order's lists it too.
    for (const orderId of [first.id, newId]) {
      const listed = await t.request({
        method: 'GET',
        url: `/api/incidents?order_id=${orderId}`,
        token: tokens.admin,
      });
      expect(listed.json().data.map((i: { id: number }) => i.id)).toEqual([incidentId]);
    }
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entity, 'incidents'),
          eq(auditLog.entity_id, String(incidentId)),
          eq(auditLog.action, 'resolve'),
        ),
      );
    expect(audited?.after).toMatchObject({
      resolution: 'redeliver',
      redelivery: { redelivery_order_id: newId },
    });
  });

  it('refuses what it must and changes nothing: restaurant staff, a line of another order, a driver charge while off', async () => {
    const [a, b] = (await delivered(
      sql`o.restaurant_id = ${managerRestaurant} and o.driver_id is not null`,
      2,
      false,
    )) as [OrderRow, OrderRow];
    const incidentId = await reportOn(a.id, a.item_id);
    const before = await orderCount();
    // Restaurant staff report but do not resolve; drivers neither.
    for (const who of ['manager', 'employee', 'driver'])
      expect((await resolve(who, incidentId, redeliver(a.item_id))).statusCode, who).toBe(403);
    const foreign = await resolve('admin', incidentId, redeliver(b.item_id));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors['redelivery.lines.0.order_item_id']).toEqual([
      'This item is not on the order',
    ]);
    const missing = await resolve('admin', incidentId, { resolution: 'redeliver', reason: 'x' }, 'bs');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors.redelivery).toBeDefined();
    // Drivers are not charged unless the operation's setting says so: the order placed is rolled back.
    const driver = await resolve('admin', incidentId, redeliver(a.item_id, 'driver'));
    expect(driver.statusCode).toBe(422);
    expect(driver.json().error).toBe('driver_deduction_off');
    expect(await orderCount()).toBe(before);
    const [row] = await t.database.db.select().from(incidents).where(eq(incidents.id, incidentId));
    expect(row?.status).toBe('open');
    expect(
      await t.database.db.select().from(redeliveries).where(eq(redeliveries.incident_id, incidentId)),
    ).toEqual([]);
    // Resolved once: a second redelivery of the same incident is a conflict, not a second order.
    expect((await resolve('admin', incidentId, redeliver(a.item_id, 'operation'))).statusCode).toBe(200);
    const again = await resolve('admin', incidentId, redeliver(a.item_id, 'operation'));
    expect(again.statusCode).toBe(409);
    expect(await orderCount()).toBe(before + 1);
  });

  it("lands in the settlement of the period it was delivered in: the restaurant's share is deducted", async () => {
    const restaurantId = 10;
    const tz = 'Europe/Sarajevo';
    const day = (daysAgo: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - daysAgo);
      return date.toISOString().slice(0, 10);
    };
    // Any delivered orders: Admin reports on them whenever they were delivered (the seed's last day
    // may hold none of this restaurant's, by the time of day the tests run).
    const [x, y] = (await delivered(sql`o.restaurant_id = ${restaurantId}`, 2, false)) as [
      OrderRow,
      OrderRow,
    ];
    const charged = (await resolve('admin', await reportOn(x.id, x.item_id), redeliver(x.item_id))).json()
      .data;
    const covered = (
      await resolve('admin', await reportOn(y.id, y.item_id), redeliver(y.item_id, 'operation'))
    ).json().data;
    // Both redeliveries were delivered yesterday (a settlement covers whole days only; the status machine's own path is the orders module's to test).
    for (const r of [charged, covered])
      await t.database.db
        .update(orders)
        .set({ status: 'delivered', delivered_at: new Date(Date.now() - 86_400_000) })
        .where(eq(orders.id, r.redelivery.order.id));
    const settled = await t.request({
      method: 'POST',
      url: '/api/settlements',
      token: tokens.admin,
      payload: { restaurant_id: restaurantId, from: day(7), to: day(1) },
    });
    expect(settled.statusCode, settled.body).toBe(201);
    const s = settled.json().data;
    const [raw] = await rowsOf<{ owed: number; meals: number; refunds: number; redeliveries: number }>(
      t.database.db,
      sql`select
        (select coalesce(sum(restaurant_total_amount),0)::int from orders where restaurant_id = ${restaurantId}
          and status = 'delivered' and delivered_at >= (${day(7)}::date)::timestamp at time zone ${tz}
          and delivered_at < (${day(1)}::date + 1)::timestamp at time zone ${tz}) owed,
        (select coalesce(sum(amount),0)::int from driver_meals where restaurant_id = ${restaurantId}
          and status = 'approved' and date between ${day(7)}::date and ${day(1)}::date) meals,
        (select coalesce(sum(restaurant_share),0)::int from refunds where settlement_id = ${s.id}) refunds,
        (select coalesce(sum(restaurant_share),0)::int from redeliveries where settlement_id = ${s.id}) redeliveries`,
    );
    expect(raw?.redeliveries).toBe(charged.redelivery.amount);
    expect(s.refunds_amount).toBe((raw?.refunds ?? 0) + charged.redelivery.amount);
    expect(s.net_amount).toBe((raw?.owed ?? 0) + (raw?.meals ?? 0) - s.refunds_amount);
    // The settlement lists both redeliveries: one deducted, one the operation carries.
    const lines = await t.request({
      method: 'GET',
      url: `/api/incidents?settlement_id=${s.id}`,
      token: tokens.admin,
    });
    expect(
      lines
        .json()
        .data.map((i: { id: number }) => i.id)
        .sort(),
    ).toEqual([charged.id, covered.id].sort());
    expect(
      lines
        .json()
        .data.every(
          (i: { redelivery: { settlement: { id: number } } }) => i.redelivery.settlement.id === s.id,
        ),
    ).toBe(true);
  });
});
