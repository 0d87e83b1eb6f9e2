import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { incidents, orderRefundTotals, orders, shifts, users, webhookEvents } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let driverId = 0;
let managerRestaurant = 0;

interface OrderRow {
  id: number;
  restaurant_id: number;
  total: number;
  delivery_costs: number;
  payment_method: 'cash' | 'card';
  item_id: number;
  unit_price: number;
  quantity: number;
}
/** Recent delivered orders with their first line, not refunded yet (each test takes its own). */
async function deliveredOrders(where: ReturnType<typeof sql>, n = 1): Promise<OrderRow[]> {
  const rows = await rowsOf<OrderRow>(
    t.database.db,
    sql`select o.id, o.restaurant_id, o.total, o.delivery_costs, o.payment_method, i.id::int item_id, i.unit_price, i.quantity
      from orders o
      join lateral (select id, unit_price, quantity from order_items where order_id = o.id order by id limit 1) i on true
      where o.status = 'delivered' and o.total > 500 and ${where}
        and not exists (select 1 from refunds r where r.order_id = o.id)
      order by o.created_at desc limit ${n}`,
  );
  if (rows.length < n) throw new Error('not enough delivered orders in the seed');
  return rows;
}
const one = async (where: ReturnType<typeof sql>) => (await deliveredOrders(where))[0] as OrderRow;

const refund = (
  who: string,
  orderId: number,
  payload: object,
  key: string | null = randomUUID(),
  lang = 'en',
) =>
  t.request({
    method: 'POST',
    url: `/api/orders/${orderId}/refunds`,
    token: tokens[who],
    lang,
    payload,
    headers: key ? { 'idempotency-key': key } : {},
  });

const cash = { cash_return: 'later', reason: 'Nedostaje sok' };
const totalsOf = async (orderId: number) =>
  (await t.database.db.select().from(orderRefundTotals).where(eq(orderRefundTotals.order_id, orderId)))[0];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const [driver] = await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com'));
  driverId = driver?.id ?? 0;
  const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  managerRestaurant = manager?.restaurant_id ?? 0;
  // A threshold the tests can cross on purpose: 20 KM.
  await t.request({
    method: 'PATCH',
    url: '/api/incident-settings',
    token: tokens.admin,
    payload: { refund_approval_threshold: 2000 },
  });
});
afterAll(() => t.close());

describe('partial refunds', () => {
  it('refunds lines, the delivery fee and a fixed amount; what is left shrinks', async () => {
    const order = await one(sql`o.payment_method = 'cash' and o.total < 2000`);
    const res = await refund('dispatcher', order.id, {
      lines: [{ order_item_id: order.item_id, quantity: 1 }],
      delivery_fee: true,
      fixed_amount: 0,
      liable: 'restaurant',
      ...cash,
    });
    expect(res.statusCode).toBe(201);
    const r = res.json().data;
    expect(r).toMatchObject({
      status: 'approved',
      items_amount: order.unit_price,
      delivery_amount: order.delivery_costs,
      amount: order.unit_price + order.delivery_costs,
      split: { restaurant: order.unit_price + order.delivery_costs, operation: 0, driver: 0 },
      payment_method: 'cash',
      cash_return: 'later',
      payment_reference: null,
    });
    const summary = await t.request({
      method: 'GET',
      url: `/api/orders/${order.id}/refunds`,
      token: tokens.admin,
    });
    expect(summary.json().data).toMatchObject({
      paid: order.total,
      refunded: r.amount,
      remaining: order.total - r.amount,
      delivery_refunded: order.delivery_costs,
    });
    expect(summary.json().data.lines[0]).toMatchObject({
      order_item_id: order.item_id,
      refunded_quantity: 1,
    });
    // The delivery fee goes back once.
    const again = await refund('dispatcher', order.id, { delivery_fee: true, liable: 'operation', ...cash });
    expect(again.statusCode).toBe(422);
    expect(again.json().error).toBe('delivery_refunded');
  });

  it('answers bad input with translated messages that change nothing', async () => {
    const order = await one(sql`o.payment_method = 'cash'`);
    const [foreign] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from order_items where order_id <> ${order.id} limit 1`,
    );
    const before = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from refunds`);
    const above = await refund('admin', order.id, {
      fixed_amount: order.total + 1,
      liable: 'operation',
      ...cash,
    });
    expect(above.statusCode).toBe(422);
    expect(above.json()).toMatchObject({
      error: 'refund_exceeds',
      message: `This refund is more than is left to refund on the order (${(order.total / 100).toFixed(2)} KM).`,
    });
    const aboveBs = await refund(
      'admin',
      order.id,
      { fixed_amount: order.total + 1, liable: 'operation', ...cash },
      randomUUID(),
      'bs',
    );
    expect(aboveBs.json().message).toContain('Ovaj povrat je veći od preostalog iznosa');
    const notOnOrder = await refund('admin', order.id, {
      lines: [{ order_item_id: foreign?.id, quantity: 1 }],
      liable: 'restaurant',
      ...cash,
    });
    expect(notOnOrder.statusCode).toBe(400);
    expect(notOnOrder.json().errors).toEqual({ 'lines.0.order_item_id': ['This item is not on the order'] });
    const tooMany = await refund('admin', order.id, {
      lines: [{ order_item_id: order.item_id, quantity: order.quantity + 1 }],
      liable: 'restaurant',
      ...cash,
    });
    expect(tooMany.json().errors).toEqual({ 'lines.0.quantity': [`At most ${order.quantity}`] });
    const empty = await refund('admin', order.id, { liable: 'restaurant', ...cash });
    expect(empty.json().errors).toEqual({ lines: ['Choose items, the delivery fee or an amount to refund'] });
    const split = await refund('admin', order.id, {
      fixed_amount: 300,
      liable: 'shared',
      split: { restaurant: 100, operation: 100, driver: 0 },
      ...cash,
    });
    expect(split.json().errors).toEqual({ split: ['The parts must add up to the refund (3.00 KM)'] });
    const noCashReturn = await refund('admin', order.id, {
      fixed_amount: 100,
      liable: 'operation',
      reason: 'x',
    });
    expect(noCashReturn.json().errors).toEqual({ cash_return: ['This field is required'] });
    const noKey = await refund('admin', order.id, { fixed_amount: 100, liable: 'operation', ...cash }, null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().errors).toEqual({ idempotency_key: ['This field is required'] });
    const badKey = await refund(
      'admin',
      order.id,
      { fixed_amount: 100, liable: 'operation', ...cash },
      'a b',
    );
    expect(badKey.json().errors).toEqual({
      idempotency_key: ['An Idempotency-Key is 8 to 100 letters, digits, - or _'],
    });
    const driver = await refund('admin', order.id, { fixed_amount: 100, liable: 'driver', ...cash });
    expect(driver.statusCode).toBe(422);
    expect(driver.json().error).toBe('driver_deduction_off');
    const card = await one(sql`o.payment_method = 'card'`);
    const noReference = await refund('admin', card.id, {
      fixed_amount: 100,
      liable: 'operation',
      reason: 'x',
    });
    expect(noReference.json().errors).toEqual({ payment_reference: ['This field is required'] });
    const [open] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id from orders where status <> 'delivered' limit 1`,
    );
    const notDelivered = await refund('admin', open?.id ?? 0, {
      fixed_amount: 100,
      liable: 'operation',
      ...cash,
    });
    expect(notDelivered.json().error).toBe('order_not_delivered');
    const after = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from refunds`);
    expect(after).toEqual(before);
    expect((await totalsOf(order.id))?.refunded ?? 0).toBe(0);
  });

  it('lets only the operation ask; restaurant staff and drivers cannot', async () => {
    const order = await one(sql`o.payment_method = 'cash' and o.restaurant_id = ${managerRestaurant}`);
    for (const who of ['manager', 'employee', 'driver'])
      expect(
        (await refund(who, order.id, { fixed_amount: 100, liable: 'operation', ...cash })).statusCode,
        who,
      ).toBe(403);
    // Restaurant staff read their own order's refunds.
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${order.id}/refunds`, token: tokens.manager }))
        .statusCode,
    ).toBe(200);
    const other = await one(sql`o.restaurant_id <> ${managerRestaurant}`);
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${other.id}/refunds`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
  });

  it('over the threshold waits for an Admin or App Manager; a dispatcher cannot approve', async () => {
    const order = await one(sql`o.payment_method = 'card' and o.total > 2500`);
    const card = { payment_reference: 'TX-778812', reason: 'Hladno jelo' };
    const small = await refund('dispatcher', order.id, { fixed_amount: 500, liable: 'operation', ...card });
    expect(small.json().data.status).toBe('approved');
    const big = await refund('dispatcher', order.id, { fixed_amount: 2001, liable: 'restaurant', ...card });
    expect(big.statusCode).toBe(201);
    expect(big.json().data).toMatchObject({
      status: 'pending_approval',
      approved_at: null,
      payment_reference: 'TX-778812',
    });
    const id = big.json().data.id;
    const approve = (who: string) =>
      t.request({ method: 'POST', url: `/api/refunds/${id}/approve`, token: tokens[who], lang: 'en' });
    expect((await approve('dispatcher')).statusCode).toBe(403);
    expect((await approve('manager')).statusCode).toBe(403);
    const pending = await t.request({
      method: 'GET',
      url: '/api/refunds?status=pending_approval',
      token: tokens.dispatcher,
    });
    expect(pending.json().data.map((r: { id: number }) => r.id)).toContain(id);
    const ok = await approve('appmanager');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', approved_by: { name: expect.any(String) } });
    expect((await approve('admin')).statusCode).toBe(409);
    // An Admin asking over the threshold approves it as they ask.
    const fresh = await one(sql`o.payment_method = 'card' and o.total > 2500`);
    const byAdmin = await refund('admin', fresh.id, { fixed_amount: 2001, liable: 'operation', ...card });
    expect(byAdmin.json().data.status).toBe('approved');
  });

  it('tells integrators of an incident and of a refund once it is booked, not while it waits for approval', async () => {
    const endpoint = await t.request({
      method: 'POST',
      url: '/api/webhook-endpoints',
      token: tokens.admin,
      payload: { url: 'http://127.0.0.1:9/hook', event_types: ['order.incident', 'order.refunded'] },
    });
    expect(endpoint.statusCode, endpoint.body).toBe(201);
    const eventsOf = async (orderId: number) =>
      (await t.database.db.select().from(webhookEvents).where(eq(webhookEvents.order_id, orderId))).map(
        (e) => ({ type: e.type, data: e.data }),
      );
    const order = await one(sql`o.payment_method = 'card' and o.total > 2500`);
    const reported = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/incidents`,
      token: tokens.dispatcher,
      payload: { type: 'cold', lines: [], photo_ids: [], comment: 'Stiglo hladno' },
    });
    expect(reported.statusCode, reported.body).toBe(201);
    const card = { payment_reference: 'TX-1', reason: 'Hladno jelo' };
    const big = await refund('dispatcher', order.id, { fixed_amount: 2001, liable: 'restaurant', ...card });
    expect(big.json().data.status).toBe('pending_approval');
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual(['order.incident']);
    const approved = await t.request({
      method: 'POST',
      url: `/api/refunds/${big.json().data.id}/approve`,
      token: tokens.admin,
    });
    expect(approved.statusCode).toBe(200);
    expect(await eventsOf(order.id)).toEqual([
      {
        type: 'order.incident',
        data: expect.objectContaining({ status: 'open', type: 'cold', sequence: 1 }),
      },
      {
        type: 'order.refunded',
        data: expect.objectContaining({ refund_id: big.json().data.id, amount: 2001, sequence: 2 }),
      },
    ]);
    await t.request({
      method: 'DELETE',
      url: `/api/webhook-endpoints/${endpoint.json().data.id}`,
      token: tokens.admin,
    });
  });

  it('a rejected refund frees what it held back', async () => {
    const order = await one(sql`o.payment_method = 'cash' and o.total > 2500`);
    const big = await refund('dispatcher', order.id, {
      fixed_amount: order.total,
      liable: 'operation',
      ...cash,
    });
    expect(big.json().data.status).toBe('pending_approval');
    expect(
      (await refund('dispatcher', order.id, { fixed_amount: 1, liable: 'operation', ...cash })).statusCode,
    ).toBe(422);
    const rejected = await t.request({
      method: 'POST',
      url: `/api/refunds/${big.json().data.id}/reject`,
      token: tokens.admin,
      payload: { reason: 'Preveliko' },
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', rejected_reason: 'Preveliko' });
    expect((await totalsOf(order.id))?.refunded).toBe(0);
    expect(
      (await refund('dispatcher', order.id, { fixed_amount: 1, liable: 'operation', ...cash })).statusCode,
    ).toBe(201);
  });

  it('refunds once per Idempotency-Key, for a retry and for a double click alike', async () => {
    const order = await one(sql`o.payment_method = 'cash'`);
    const body = { fixed_amount: 200, liable: 'operation', ...cash };
    const key = randomUUID();
    const first = await refund('dispatcher', order.id, body, key);
    const retry = await refund('dispatcher', order.id, body, key);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.id).toBe(first.json().data.id);
    const other = await refund('dispatcher', order.id, { ...body, fixed_amount: 300 }, key);
    expect(other.statusCode).toBe(422);
    expect(other.json().error).toBe('idempotency_key_reused');
    const clickKey = randomUUID();
    const clicks = await Promise.all(
      Array.from({ length: 5 }, () => refund('dispatcher', order.id, body, clickKey)),
    );
    expect(clicks.map((c) => c.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(clicks.map((c) => c.json().data.id)).size).toBe(1);
    expect((await totalsOf(order.id))?.refunded).toBe(400);
  });

  it('20 parallel partial refunds of one order never exceed what was paid', async () => {
    const order = await one(sql`o.payment_method = 'cash' and o.total >= 1000`);
    const part = Math.ceil(order.total / 7);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        refund('admin', order.id, { fixed_amount: part, liable: 'operation', ...cash }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    const accepted = codes.filter((c) => c === 201).length;
    expect(accepted).toBe(Math.floor(order.total / part));
    expect(codes.filter((c) => c !== 201).every((c) => c === 422)).toBe(true);
    const [sum] = await rowsOf<{ s: number }>(
      t.database.db,
      sql`select coalesce(sum(amount), 0)::int s from refunds where order_id = ${order.id} and status <> 'rejected'`,
    );
    expect(sum?.s).toBe(accepted * part);
    expect(sum?.s).toBeLessThanOrEqual(order.total);
    expect((await totalsOf(order.id))?.refunded).toBe(sum?.s);
  });

  it('the database itself refuses totals above what was paid', async () => {
    const order = await one(sql`true`);
    await t.database.db
      .insert(orderRefundTotals)
      .values({ order_id: order.id, paid: order.total, delivery_paid: order.delivery_costs });
    await expect(
      t.database.db
        .update(orderRefundTotals)
        .set({ refunded: order.total + 1 })
        .where(eq(orderRefundTotals.order_id, order.id)),
    ).rejects.toThrow();
    await t.database.db.delete(orderRefundTotals).where(eq(orderRefundTotals.order_id, order.id));
  });

  it('resolves an incident as refunded once its refund exists', async () => {
    const order = await one(sql`o.payment_method = 'cash'`);
    const reported = await t.request({
      method: 'POST',
      url: `/api/orders/${order.id}/incidents`,
      token: tokens.dispatcher,
      payload: { type: 'damaged', lines: [{ order_item_id: order.item_id, quantity: 1 }] },
    });
    const incidentId = reported.json().data.id;
    const r = await refund('dispatcher', order.id, {
      incident_id: incidentId,
      lines: [{ order_item_id: order.item_id, quantity: 1 }],
      liable: 'restaurant',
      ...cash,
    });
    expect(r.json().data.incident_id).toBe(incidentId);
    const resolved = await t.request({
      method: 'POST',
      url: `/api/incidents/${incidentId}/resolve`,
      token: tokens.dispatcher,
      payload: { resolution: 'refund', reason: 'Vraćeno za proliveno jelo' },
    });
    expect(resolved.json().data).toMatchObject({ status: 'resolved', resolution: 'refund' });
    const [row] = await t.database.db.select().from(incidents).where(eq(incidents.id, incidentId));
    expect(row?.status).toBe('resolved');
  });
});

describe('the money reconciled end to end', () => {
  it('settlement net = orders − commission + meals − refunds charged to the restaurant; a refund after approval lands in the next period', async () => {
    const restaurantId = 8;
    const tz = 'Europe/Sarajevo';
    const day = (daysAgo: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - daysAgo);
      return date.toISOString().slice(0, 10);
    };
    const [from, to, nextFrom, nextTo] = [day(27), day(14), day(13), day(2)];
    const inPeriod = await deliveredOrders(
      sql`o.restaurant_id = ${restaurantId} and o.total > 2100
        and o.delivered_at >= (${from}::date)::timestamp at time zone ${tz}
        and o.delivered_at < (${to}::date + 1)::timestamp at time zone ${tz}`,
      4,
    );
    const orderOf = (i: number) => inPeriod[i]?.id ?? 0;
    // How the money went back, as each order was paid.
    const paid = (i: number) =>
      inPeriod[i]?.payment_method === 'card'
        ? { payment_reference: 'TX-1', reason: 'Nedostaje' }
        : { cash_return: 'later', reason: 'Nedostaje' };
    const charged = await refund('admin', orderOf(0), {
      fixed_amount: 300,
      liable: 'restaurant',
      ...paid(0),
    });
    const shared = await refund('admin', orderOf(1), {
      fixed_amount: 400,
      liable: 'shared',
      split: { restaurant: 150, operation: 250, driver: 0 },
      ...paid(1),
    });
    const covered = await refund('admin', orderOf(2), { fixed_amount: 500, liable: 'operation', ...paid(2) });
    const settle = (f: string, tt: string) =>
      t.request({
        method: 'POST',
        url: '/api/settlements',
        token: tokens.admin,
        payload: { restaurant_id: restaurantId, from: f, to: tt },
      });
    const created = await settle(from, to);
    expect(created.statusCode).toBe(201);
    const s = created.json().data;
    const sums = async (f: string, tt: string, settlementId: number) =>
      (
        await rowsOf<{ amount: number; commission: number; meals: number; refunds: number }>(
          t.database.db,
          sql`select
        (select coalesce(sum(restaurant_amount),0)::int from orders where restaurant_id = ${restaurantId} and status = 'delivered'
          and delivered_at >= (${f}::date)::timestamp at time zone ${tz}
          and delivered_at < (${tt}::date + 1)::timestamp at time zone ${tz}) amount,
        (select coalesce(sum(commission),0)::int from orders where restaurant_id = ${restaurantId} and status = 'delivered'
          and delivered_at >= (${f}::date)::timestamp at time zone ${tz}
          and delivered_at < (${tt}::date + 1)::timestamp at time zone ${tz}) commission,
        (select coalesce(sum(amount),0)::int from driver_meals where restaurant_id = ${restaurantId} and status = 'approved'
          and date between ${f}::date and ${tt}::date) meals,
        (select coalesce(sum(restaurant_share),0)::int from refunds where settlement_id = ${settlementId}) refunds`,
        )
      )[0];
    const raw = await sums(from, to, s.id);
    expect(raw?.refunds).toBe(300 + 150);
    expect(s.refunds_amount).toBe(450);
    expect(s.net_amount).toBe((raw?.amount ?? 0) - (raw?.commission ?? 0) + (raw?.meals ?? 0) - 450);
    const lines = await t.request({
      method: 'GET',
      url: `/api/refunds?settlement_id=${s.id}`,
      token: tokens.admin,
    });
    expect(
      lines
        .json()
        .data.map((r: { id: number }) => r.id)
        .sort(),
    ).toEqual([charged, shared, covered].map((r) => r.json().data.id).sort());
    // Approved, paid: the payment order and its CSV carry the same net.
    await t.request({ method: 'POST', url: `/api/settlements/${s.id}/approve`, token: tokens.admin });
    const po = await t.request({
      method: 'GET',
      url: `/api/settlements/${s.id}/payment-orders`,
      token: tokens.admin,
    });
    expect(po.json().data[0].amount).toBe(s.net_amount);
    const csv = await t.request({
      method: 'GET',
      url: `/api/settlements/${s.id}/payment-orders.csv`,
      token: tokens.admin,
    });
    expect(csv.body).toContain((s.net_amount / 100).toFixed(2));
    // A refund of an order of the settled period, booked after the settlement was approved: the
    // approved settlement stays as it was, and the refund lands in the next period.
    const pending = await refund('admin', orderOf(3), {
      fixed_amount: 2050,
      liable: 'restaurant',
      ...paid(3),
    });
    expect(pending.json().data.status).toBe('approved');
    const again = await t.request({ method: 'GET', url: `/api/settlements/${s.id}`, token: tokens.admin });
    expect(again.json().data).toMatchObject({ net_amount: s.net_amount, refunds_amount: 450 });
    const next = (await settle(nextFrom, nextTo)).json().data;
    const rawNext = await sums(nextFrom, nextTo, next.id);
    expect(next.refunds_amount).toBe(2050);
    expect(next.net_amount).toBe(
      (rawNext?.amount ?? 0) - (rawNext?.commission ?? 0) + (rawNext?.meals ?? 0) - 2050,
    );
    const late = await t.request({
      method: 'GET',
      url: `/api/refunds?settlement_id=${next.id}`,
      token: tokens.admin,
    });
    expect(late.json().data).toMatchObject([
      { id: pending.json().data.id, settlement: { id: next.id, from: nextFrom, to: nextTo } },
    ]);
  });

  it('a refund racing the settlement of its period lands in exactly one settlement', async () => {
    const restaurantId = 9;
    const tz = 'Europe/Sarajevo';
    const day = (daysAgo: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - daysAgo);
      return date.toISOString().slice(0, 10);
    };
    const inPeriod = await deliveredOrders(
      sql`o.restaurant_id = ${restaurantId}
        and o.delivered_at >= (${day(27)}::date)::timestamp at time zone ${tz}
        and o.delivered_at < (${day(14)}::date + 1)::timestamp at time zone ${tz}`,
      4,
    );
    const settle = (from: string, to: string) =>
      t.request({
        method: 'POST',
        url: '/api/settlements',
        token: tokens.admin,
        payload: { restaurant_id: restaurantId, from, to },
      });
    const body = (o: OrderRow) => ({
      fixed_amount: 100,
      liable: 'restaurant',
      ...(o.payment_method === 'card' ? { payment_reference: 'TX-9' } : { cash_return: 'later' }),
      reason: 'Utrka',
    });
    // One booked before: the first settlement has it whatever the race does.
    const [before, ...racing] = inPeriod as [OrderRow, ...OrderRow[]];
    const early = await refund('admin', before.id, body(before));
    const [first, ...others] = await Promise.all([
      settle(day(27), day(14)),
      ...racing.map((o) => refund('admin', o.id, body(o))),
    ]);
    expect(first?.statusCode).toBe(201);
    const ids = [early, ...others].map((r) => r.json().data.id as number);
    const next = await settle(day(13), day(2));
    expect(next.statusCode).toBe(201);
    const placed = await rowsOf<{ id: number; settlement_id: number | null }>(
      t.database.db,
      sql`select id, settlement_id from refunds where id in (${sql.join(ids, sql`, `)})`,
    );
    const settlementIds = [first?.json().data.id, next.json().data.id];
    // Each refund is in one of the two, never in none, and the two settlements' deductions add up to them.
    expect(placed.every((r) => settlementIds.includes(r.settlement_id))).toBe(true);
    const total = (first?.json().data.refunds_amount ?? 0) + next.json().data.refunds_amount;
    expect(total).toBe(400);
    expect(first?.json().data.refunds_amount).toBeGreaterThanOrEqual(100);
  });

  it("a refund racing a settlement's approval lands in exactly one period, and the approved one never changes", async () => {
    const restaurantId = 11;
    const tz = 'Europe/Sarajevo';
    const day = (daysAgo: number) => {
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: tz }).format(new Date());
      const date = new Date(`${today}T12:00:00Z`);
      date.setUTCDate(date.getUTCDate() - daysAgo);
      return date.toISOString().slice(0, 10);
    };
    const inPeriod = await deliveredOrders(
      sql`o.restaurant_id = ${restaurantId}
        and o.delivered_at >= (${day(27)}::date)::timestamp at time zone ${tz}
        and o.delivered_at < (${day(14)}::date + 1)::timestamp at time zone ${tz}`,
      3,
    );
    const settle = (from: string, to: string) =>
      t.request({
        method: 'POST',
        url: '/api/settlements',
        token: tokens.admin,
        payload: { restaurant_id: restaurantId, from, to },
      });
    const body = (o: OrderRow) => ({
      fixed_amount: 100,
      liable: 'restaurant',
      ...(o.payment_method === 'card' ? { payment_reference: 'TX-11' } : { cash_return: 'later' }),
      reason: 'Utrka s odobrenjem',
    });
    const first = (await settle(day(27), day(14))).json().data;
    // The refunds race the approval: booked after the settlement was made, none of them is in it.
    const [approved, ...racing] = await Promise.all([
      t.request({ method: 'POST', url: `/api/settlements/${first.id}/approve`, token: tokens.admin }),
      ...inPeriod.map((o) => refund('admin', o.id, body(o))),
    ]);
    expect(approved?.statusCode).toBe(200);
    expect(racing.every((r) => r.statusCode === 201)).toBe(true);
    const again = (
      await t.request({ method: 'GET', url: `/api/settlements/${first.id}`, token: tokens.admin })
    ).json().data;
    expect(again).toMatchObject({ net_amount: first.net_amount, refunds_amount: first.refunds_amount });
    const next = (await settle(day(13), day(2))).json().data;
    const ids = racing.map((r) => r.json().data.id as number);
    const placed = await rowsOf<{ settlement_id: number | null }>(
      t.database.db,
      sql`select settlement_id from refunds where id in (${sql.join(ids, sql`, `)})`,
    );
    expect(placed.map((r) => r.settlement_id)).toEqual(ids.map(() => next.id));
    expect(next.refunds_amount).toBe(300);
  });

  it("the driver's shift cash = cash collected − cash refunded at the door", async () => {
    await t.database.db
      .update(shifts)
      .set({ started_at: new Date(Date.now() - 30 * 86_400_000) })
      .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)));
    await t.database.db
      .update(orders)
      .set({ driver_id: null })
      .where(
        and(
          eq(orders.driver_id, driverId),
          sql`status not in ('delivered','cancelled','returned','declined')`,
        ),
      );
    const mine = await one(sql`o.driver_id = ${driverId} and o.payment_method = 'cash'
      and o.delivered_at >= now() - interval '29 days'`);
    const atDoor = await refund('dispatcher', mine.id, {
      fixed_amount: 250,
      liable: 'restaurant',
      cash_return: 'at_door',
      reason: 'Vraćeno na vratima',
    });
    expect(atDoor.json().data).toMatchObject({ status: 'approved', cash_return: 'at_door' });
    // Cash given back later by the office is not the driver's: the cash register lists it apart.
    const later = await refund('dispatcher', mine.id, { fixed_amount: 100, liable: 'operation', ...cash });
    const office = (who: string) =>
      t.request({
        method: 'GET',
        url: '/api/refunds?cash_return=later&status=approved&per_page=100',
        token: tokens[who],
      });
    const listed = (await office('dispatcher')).json().data.map((r: { id: number }) => r.id);
    expect(listed).toContain(later.json().data.id);
    expect(listed).not.toContain(atDoor.json().data.id);
    for (const who of ['manager', 'employee', 'driver'])
      expect((await office(who)).statusCode, who).toBe(403);
    const ended = await t.request({
      method: 'POST',
      url: '/api/driver/end-shift',
      token: tokens.driver,
      payload: { declared_amount: 100 },
    });
    expect(ended.statusCode).toBe(201);
    const [expected] = await rowsOf<{ collected: number; at_door: number }>(
      t.database.db,
      sql`select coalesce(sum(o.total),0)::int collected,
        (select coalesce(sum(r.amount),0)::int from refunds r join orders o2 on o2.id = r.order_id
          join shifts s2 on s2.driver_id = o2.driver_id and s2.ended_at is null
          where o2.driver_id = ${driverId} and o2.payment_method = 'cash' and o2.status = 'delivered'
            and o2.delivered_at >= s2.started_at and r.cash_return = 'at_door' and r.status = 'approved') at_door
        from orders o join shifts s on s.driver_id = o.driver_id and s.ended_at is null
        where o.driver_id = ${driverId} and o.status = 'delivered' and o.payment_method = 'cash' and o.delivered_at >= s.started_at`,
    );
    expect(expected?.at_door).toBe(250);
    expect(ended.json().data.shift_total).toBe((expected?.collected ?? 0) - 250);
    const detail = await t.request({
      method: 'GET',
      url: `/api/end-shift-requests/${ended.json().data.id}`,
      token: tokens.admin,
    });
    const kept = detail.json().data.orders.find((o: { id: number }) => o.id === mine.id);
    expect(kept.total).toBe(mine.total - 250);
  });
});
