import { DISPATCH_SEARCH_DAYS } from '@dostava/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, incidents, users } from '../../db/schema/index.js';
import { restaurantImage } from '../../db/seed/images.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
const ROLES = ['admin', 'appmanager', 'dispatcher', 'manager', 'manager2', 'employee', 'driver', 'customer'];
let managerRestaurant = 0;
let driverId = 0;

interface OrderRow {
  id: number;
  restaurant_id: number;
  item_id: number;
  quantity: number;
}
/**
 * A recent delivered order, with one of its lines; moved, its whole timeline alike, to a day ago when
 * it is older: the dispatcher reaches the last DISPATCH_SEARCH_DAYS days, and the seed's days fall
 * where the calendar puts them (on some days a restaurant's last delivery is older, as in a CI run).
 */
async function deliveredOrder(where: ReturnType<typeof sql>): Promise<OrderRow> {
  const [row] = await rowsOf<OrderRow>(
    t.database.db,
    sql`select o.id, o.restaurant_id, i.id::int item_id, i.quantity from orders o
      join lateral (select id, quantity from order_items where order_id = o.id order by id limit 1) i on true
      where o.status = 'delivered' and ${where} order by o.created_at desc limit 1`,
  );
  if (!row) throw new Error('no delivered order in the seed');
  const reach = `${DISPATCH_SEARCH_DAYS} days`;
  await t.database.db.execute(
    sql`with d as (select now() - interval '1 day' - created_at as by from orders where id = ${row.id})
      update orders set created_at = created_at + d.by, status_changed_at = status_changed_at + d.by,
        promised_at = promised_at + d.by, predicted_pickup_at = predicted_pickup_at + d.by,
        predicted_delivery_at = predicted_delivery_at + d.by, driver_request_time = driver_request_time + d.by,
        assigned_at = assigned_at + d.by, picked_up_at = picked_up_at + d.by, delivered_at = delivered_at + d.by
      from d where id = ${row.id} and created_at < now() - ${reach}::interval + interval '1 hour'`,
  );
  return row;
}

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ROLES) tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const [manager] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
  managerRestaurant = manager?.restaurant_id ?? 0;
  const [driver] = await t.database.db.select().from(users).where(eq(users.email, 'driver@example.com'));
  driverId = driver?.id ?? 0;
});
afterAll(() => t.close());

const report = (who: string, orderId: number, payload: object, lang = 'en') =>
  t.request({ method: 'POST', url: `/api/orders/${orderId}/incidents`, token: tokens[who], lang, payload });

describe('reporting an incident', () => {
  it('lets each concerned role report, restaurant staff only on their own orders', async () => {
    const own = await deliveredOrder(sql`o.restaurant_id = ${managerRestaurant}`);
    const other = await deliveredOrder(sql`o.restaurant_id <> ${managerRestaurant}`);
    const payload = {
      type: 'missing_item',
      lines: [{ order_item_id: own.item_id, quantity: 1 }],
      comment: 'Bez soka',
    };
    const expected: Record<string, number> = {
      admin: 201,
      appmanager: 201,
      dispatcher: 201,
      manager: 201,
      employee: 201,
      manager2: 403,
      driver: 403,
      customer: 403,
    };
    for (const who of ROLES) {
      const res = await report(who, own.id, payload);
      expect(res.statusCode, who).toBe(expected[who]);
      if (res.statusCode === 201)
        expect(res.json().data).toMatchObject({
          status: 'open',
          type: 'missing_item',
          order: { id: own.id },
          restaurant: { id: managerRestaurant },
          lines: [{ order_item_id: own.item_id, quantity: 1 }],
          comment: 'Bez soka',
        });
    }
    // Another restaurant's order is forbidden to the manager, as the order itself is; open to the operation.
    expect((await report('manager', other.id, { type: 'late' })).statusCode).toBe(403);
    expect((await report('admin', other.id, { type: 'late' })).statusCode).toBe(201);
    const created = await t.database.db.select().from(incidents);
    const audited = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'incidents'));
    expect(audited.length).toBe(created.length);
  });

  it('lets the driver report on their own delivery from the driver app, not on another', async () => {
    const mine = await deliveredOrder(sql`o.driver_id = ${driverId}`);
    const notMine = await deliveredOrder(sql`o.driver_id <> ${driverId}`);
    const url = (id: number) => `/api/driver/orders/${id}/incidents`;
    const ok = await t.request({
      method: 'POST',
      url: url(mine.id),
      token: tokens.driver,
      payload: { type: 'customer_not_reachable', comment: 'Zvonio tri puta' },
    });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.reporter).toMatchObject({ id: driverId, role: 'driver' });
    const other = await t.request({
      method: 'POST',
      url: url(notMine.id),
      token: tokens.driver,
      payload: { type: 'late' },
    });
    expect(other.statusCode).toBe(404);
    const staff = await t.request({
      method: 'POST',
      url: url(mine.id),
      token: tokens.admin,
      payload: { type: 'late' },
    });
    expect(staff.statusCode).toBe(403);
  });

  it("takes the driver's photos: uploaded from the driver app, attached by the driver only", async () => {
    const mine = await deliveredOrder(sql`o.driver_id = ${driverId}`);
    const boundary = '----dostava-incident';
    const upload = (token: string | undefined, bytes: Buffer) =>
      t.request({
        method: 'POST',
        url: '/api/driver/uploads',
        token,
        lang: 'en',
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="spill.png"\r\nContent-Type: image/png\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
    const photo = await upload(tokens.driver, restaurantImage(64, 10, 20));
    expect(photo.statusCode).toBe(201);
    const { id, file_url } = photo.json().data;
    expect((await upload(tokens.dispatcher, restaurantImage(64, 10, 20))).statusCode).toBe(403);
    const notImage = await upload(tokens.driver, Buffer.from('not an image'));
    expect(notImage.statusCode).toBe(400);
    const reported = await t.request({
      method: 'POST',
      url: `/api/driver/orders/${mine.id}/incidents`,
      token: tokens.driver,
      payload: { type: 'damaged', photo_ids: [id], comment: 'Prosuta supa' },
    });
    expect(reported.statusCode).toBe(201);
    expect(reported.json().data.photos).toEqual([{ id, file_url }]);
    // Someone else's upload is not theirs to attach.
    const staff = await report('admin', mine.id, { type: 'damaged', photo_ids: [id] });
    expect(staff.json().errors).toEqual({ photo_ids: ['Upload the photos first'] });
  });

  it('answers bad input with translated field errors and changes nothing', async () => {
    const own = await deliveredOrder(sql`o.restaurant_id = ${managerRestaurant}`);
    const [foreign] = await rowsOf<{ id: number }>(
      t.database.db,
      sql`select id::int from order_items where order_id <> ${own.id} limit 1`,
    );
    const before = (await t.database.db.select().from(incidents)).length;
    const notOnOrder = await report('admin', own.id, {
      type: 'wrong_item',
      lines: [{ order_item_id: foreign?.id, quantity: 1 }],
    });
    expect(notOnOrder.statusCode).toBe(400);
    expect(notOnOrder.json().errors).toEqual({ 'lines.0.order_item_id': ['This item is not on the order'] });
    const tooMany = await report(
      'admin',
      own.id,
      { type: 'wrong_item', lines: [{ order_item_id: own.item_id, quantity: own.quantity + 1 }] },
      'bs',
    );
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors).toEqual({ 'lines.0.quantity': [`Najviše ${own.quantity}`] });
    const badType = await report('admin', own.id, { type: 'lost', photo_ids: ['x'] });
    expect(badType.statusCode).toBe(400);
    expect(Object.keys(badType.json().errors).sort()).toEqual(['photo_ids.0', 'type']);
    const twice = await report('admin', own.id, {
      type: 'damaged',
      lines: [
        { order_item_id: own.item_id, quantity: 1 },
        { order_item_id: own.item_id, quantity: 1 },
      ],
    });
    expect(twice.json().errors).toEqual({ 'lines.1.order_item_id': ['Name each item once'] });
    const photo = await report('admin', own.id, { type: 'damaged', photo_ids: [999999] });
    expect(photo.json().errors).toEqual({ photo_ids: ['Upload the photos first'] });
    expect((await t.database.db.select().from(incidents)).length).toBe(before);
  });
});

describe('handling incidents', () => {
  it('lists with filters, restaurant staff only their own', async () => {
    const all = await t.request({ method: 'GET', url: '/api/incidents?per_page=100', token: tokens.admin });
    expect(all.statusCode).toBe(200);
    const [count] = await rowsOf<{ n: number }>(t.database.db, sql`select count(*)::int n from incidents`);
    expect(all.json().meta.total).toBe(count?.n);
    const own = await t.request({ method: 'GET', url: '/api/incidents?per_page=100', token: tokens.manager });
    expect(own.json().data.length).toBeGreaterThan(0);
    expect(
      own.json().data.every((i: { restaurant: { id: number } }) => i.restaurant.id === managerRestaurant),
    ).toBe(true);
    const typed = await t.request({
      method: 'GET',
      url: '/api/incidents?type=customer_not_reachable&status=open',
      token: tokens.dispatcher,
    });
    expect(typed.json().data.map((i: { type: string }) => i.type)).toEqual(['customer_not_reachable']);
    const byDriver = await t.request({
      method: 'GET',
      url: `/api/incidents?driver_id=${driverId}`,
      token: tokens.admin,
    });
    expect(byDriver.json().data.every((i: { driver: { id: number } }) => i.driver.id === driverId)).toBe(
      true,
    );
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' }).format(new Date());
    const dated = await t.request({
      method: 'GET',
      url: `/api/incidents?from=${today}&to=${today}`,
      token: tokens.admin,
    });
    expect(dated.json().meta.total).toBe(count?.n);
    const bad = await t.request({
      method: 'GET',
      url: '/api/incidents?status=lost',
      token: tokens.admin,
      lang: 'en',
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/api/incidents', token: tokens.driver })).statusCode).toBe(
      403,
    );
    const counts = await t.request({ method: 'GET', url: '/api/incidents/counts', token: tokens.dispatcher });
    expect(counts.json().data).toEqual({ open: count?.n, in_progress: 0 });
    // Another restaurant's incident is forbidden to the manager.
    const foreign = all
      .json()
      .data.find((i: { restaurant: { id: number } }) => i.restaurant.id !== managerRestaurant);
    expect(
      (await t.request({ method: 'GET', url: `/api/incidents/${foreign.id}`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
  });

  it('moves open → in progress → dismissed with a reason; restaurant staff cannot; closed stays closed', async () => {
    const [incident] = await t.database.db.select().from(incidents).limit(1);
    const move = (who: string, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/incidents/${incident?.id}/status`,
        token: tokens[who],
        lang: 'en',
        payload,
      });
    expect((await move('manager', { status: 'in_progress' })).statusCode).toBe(403);
    const started = await move('dispatcher', { status: 'in_progress' });
    expect(started.statusCode).toBe(200);
    expect(started.json().data.status).toBe('in_progress');
    const noReason = await move('dispatcher', { status: 'dismissed' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: ['Give a reason'] });
    const dismissed = await move('dispatcher', { status: 'dismissed', reason: 'Kupac je pronašao sok' });
    expect(dismissed.json().data).toMatchObject({ status: 'dismissed', reason: 'Kupac je pronašao sok' });
    const again = await move('admin', { status: 'in_progress' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This incident has already moved on or is closed.');
  });

  it('resolves as refunded only once a refund of the incident exists; no action with a reason', async () => {
    const open = await t.database.db.select().from(incidents).where(eq(incidents.status, 'open')).limit(2);
    const resolve = (id: number | undefined, payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/incidents/${id}/resolve`,
        token: tokens.dispatcher,
        lang: 'en',
        payload,
      });
    const refund = await resolve(open[0]?.id, { resolution: 'refund', reason: 'Vraćen sok' });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().error).toBe('refund_missing');
    const none = await resolve(open[1]?.id, { resolution: 'no_action', reason: 'Stiglo je sve' });
    expect(none.json().data).toMatchObject({
      status: 'resolved',
      resolution: 'no_action',
      reason: 'Stiglo je sve',
    });
    expect((await resolve(open[1]?.id, { resolution: 'no_action', reason: 'x' })).statusCode).toBe(409);
    const [audited] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'incidents' and ${auditLog.action} = 'resolve'`);
    expect(audited?.after).toMatchObject({ status: 'resolved', resolution: 'no_action' });
  });
});

describe('live events', () => {
  it('announces each report, move and resolution once committed, as its restaurant’s (board counter, lists)', async () => {
    const heard: { type: string; restaurant_id: number | null; data: unknown }[] = [];
    const stop = t.app.bus.subscribe((event) => heard.push(event));
    try {
      const order = await deliveredOrder(sql`o.restaurant_id = ${managerRestaurant}`);
      const reported = await report('employee', order.id, { type: 'cold' });
      const id = reported.json().data.id;
      await t.request({
        method: 'POST',
        url: `/api/incidents/${id}/status`,
        token: tokens.dispatcher,
        payload: { status: 'in_progress' },
      });
      // A refused move (restaurant staff) announces nothing.
      await t.request({
        method: 'POST',
        url: `/api/incidents/${id}/resolve`,
        token: tokens.manager,
        payload: { resolution: 'no_action', reason: 'Stiglo toplo' },
      });
      await t.request({
        method: 'POST',
        url: `/api/incidents/${id}/resolve`,
        token: tokens.dispatcher,
        payload: { resolution: 'no_action', reason: 'Stiglo toplo' },
      });
      const mine = heard.filter((e) => e.type === 'incident.changed');
      expect(mine).toEqual(
        ['open', 'in_progress', 'resolved'].map((status) => ({
          id: expect.any(String),
          at: expect.any(String),
          type: 'incident.changed',
          restaurant_id: managerRestaurant,
          data: { incident_id: id, order_id: order.id, status },
        })),
      );
    } finally {
      stop();
    }
  });
});
