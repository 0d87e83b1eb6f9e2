import { ORDER_STATUSES, type OrderStatus } from '@dostava/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, orderStatusHistory, orders, products, restaurants, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/** A moment as 'YYYY-MM-DD HH:mm:ss' in Europe/Sarajevo (the operation's zone in the tests). */
const sarajevo = (moment: Date | null | undefined) =>
  moment ? moment.toLocaleString('sv-SE', { timeZone: 'Europe/Sarajevo' }) : '';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let driverId = 0;
let menu: { id: number; price: number }[] = [];

beforeAll(async () => {
  t = await createTestContext();
  for (const who of [
    'admin',
    'appmanager',
    'dispatcher',
    'manager',
    'employee',
    'manager2',
    'customer',
    'driver',
  ]) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  driverId = (await db.select().from(users).where(eq(users.email, 'driver@example.com')))[0]?.id ?? 0;
  await db.update(drivers).set({ shift_state: 'available' }).where(eq(drivers.user_id, driverId));
  menu = await db
    .select({ id: products.id, price: products.price })
    .from(products)
    .where(and(eq(products.restaurant_id, own), eq(products.show_on_menu, true)))
    .limit(3);
});
afterAll(() => t.close());

const place = (payload: object, token = tokens.customer) =>
  t.request({ method: 'POST', url: '/api/orders', token, lang: 'en', payload });
const order = (over: object = {}) => ({
  restaurant_id: own,
  items: [
    { product_id: menu[0]?.id, quantity: 2 },
    { product_id: menu[1]?.id, quantity: 1 },
  ],
  address: 'Titova 10, Sarajevo',
  phone: '+387 61 111 222',
  lat: 43.8587,
  lng: 18.4187,
  payment: 'cash',
  ...over,
});
const move = (id: number, status: string, who: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/orders/${id}/status`,
    token: tokens[who],
    lang: 'en',
    payload: { status, ...(reason ? { reason } : {}) },
  });
const driverMove = (id: number, status: string, reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/driver/orders/${id}/status`,
    token: tokens.driver,
    lang: 'en',
    payload: { status, ...(reason ? { reason } : {}) },
  });

describe('placing an order (customer app)', () => {
  it('computes every amount on the server, ignoring prices the client sends', async () => {
    const res = await place({
      ...order(),
      items: [{ product_id: menu[0]?.id, quantity: 2, price: 1 }],
      total: 1,
      restaurant_amount: 1,
      delivery_costs: 0,
    });
    expect(res.statusCode).toBe(201);
    const o = res.json().data;
    const [restaurant] = await t.database.db.select().from(restaurants).where(eq(restaurants.id, own));
    const items = (menu[0]?.price ?? 0) * 2;
    const commission = Math.round((items * (restaurant?.percentage ?? 0)) / 100);
    expect(o).toMatchObject({
      status: 'created',
      restaurant_amount: items,
      commission,
      restaurant_total_amount: items - commission,
      total: items + o.delivery_costs,
      quantity: 2,
    });
    expect(o.delivery_costs).toBeGreaterThanOrEqual(300);
    expect(o.order_number).toMatch(/^D\d+$/);
    expect(o.history).toEqual([expect.objectContaining({ from_status: null, to_status: 'created' })]);
  });

  it('refuses items off the menu or from another restaurant, and quantities under 1, changing nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const [theirs] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.restaurant_id, other))
      .limit(1);
    const foreign = await place(order({ items: [{ product_id: theirs?.id, quantity: 1 }] }));
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({
      'items.0.product_id': ['This product is not on the restaurant menu'],
    });
    const zero = await place(order({ items: [{ product_id: menu[0]?.id, quantity: 0 }] }));
    expect(zero.json().errors).toEqual({ 'items.0.quantity': ['Minimal quantity is 1'] });
    const empty = await place(order({ items: [] }));
    expect(empty.statusCode).toBe(400);
    const after = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    expect(after).toBe(before);
  });

  // Issue 32: a quantity of "2" or [2] was read as 2. A body's numbers are JSON numbers, as its money
  // fields are; only query strings and paths are text that is read as a number.
  it('refuses a quantity or a coordinate that is not a plain JSON number, with translated field errors, changing nothing', async () => {
    const count = async () =>
      (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]?.n;
    const before = await count();
    for (const [quantity, message] of [
      ['2', 'Must be a number'],
      [[2], 'Must be a number'],
      [true, 'Must be a number'],
      [2.5, 'Must be a whole number'],
      [0, 'Minimal quantity is 1'],
      [-1, 'Minimal quantity is 1'],
      [100, 'Must be at most 99'],
    ] as const) {
      const res = await place(order({ items: [{ product_id: menu[0]?.id, quantity }] }));
      expect(res.statusCode, JSON.stringify(quantity)).toBe(400);
      expect(res.json().errors, JSON.stringify(quantity)).toEqual({ 'items.0.quantity': [message] });
    }
    const bosnian = await t.request({
      method: 'POST',
      url: '/api/orders',
      token: tokens.customer,
      lang: 'bs',
      payload: order({ items: [{ product_id: menu[0]?.id, quantity: '2' }] }),
    });
    expect(bosnian.json().errors).toEqual({ 'items.0.quantity': ['Mora biti broj'] });
    for (const where of [{ lat: '43.8587' }, { lng: [18.4187] }]) {
      const res = await place(order(where));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ [Object.keys(where)[0] as string]: ['Must be a number'] });
    }
    expect(await count()).toBe(before);
  });

  it('is for customers only', async () => {
    for (const who of ['admin', 'manager', 'driver'])
      expect((await place(order(), tokens[who])).statusCode).toBe(403);
  });
});

describe('the status machine per role', () => {
  it('the kitchen accepts and marks ready; the driver picks up and delivers; history records each step', async () => {
    const o = (await place(order())).json().data;
    expect((await move(o.id, 'preparing_order', 'employee')).statusCode).toBe(200);
    expect((await move(o.id, 'ready_for_pickup', 'manager')).statusCode).toBe(200);
    // Nobody drives without a driver.
    expect((await move(o.id, 'in_delivery', 'dispatcher')).json().error).toBe('driver_required');
    const assigned = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/assign`,
      token: tokens.dispatcher,
      payload: { driver_id: driverId, allow_busy: true },
    });
    expect(assigned.statusCode).toBe(200);
    // The assigned driver accepts (decision 0027: only what is assigned or offered to them).
    expect(
      (await t.request({ method: 'POST', url: `/api/driver/orders/${o.id}/accept`, token: tokens.driver }))
        .statusCode,
    ).toBe(200);
    expect((await driverMove(o.id, 'in_delivery')).statusCode).toBe(200);
    const [state] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, driverId));
    expect(state?.shift_state).toBe('delivering');
    const done = await driverMove(o.id, 'delivered');
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'delivered', delivered_time: expect.any(Number) });
    expect(done.json().data.history.map((h: { to_status: string }) => h.to_status)).toEqual([
      'created',
      'preparing_order',
      'ready_for_pickup',
      'in_delivery',
      'delivered',
    ]);
    const [after] = await t.database.db.select().from(drivers).where(eq(drivers.user_id, driverId));
    expect(after?.shift_state).toBe('available');
  });

  it('refuses moves the role may not make with 422, and moves the machine never allows', async () => {
    const o = (await place(order())).json().data;
    const skip = await move(o.id, 'ready_for_pickup', 'manager');
    expect(skip.statusCode).toBe(422);
    expect(skip.json().message).toBe('This status change is not allowed for this order.');
    expect((await move(o.id, 'cancelled', 'employee', 'x')).statusCode).toBe(422);
    expect((await move(o.id, 'delivered', 'admin')).statusCode).toBe(422);
    expect((await driverMove(o.id, 'in_delivery')).statusCode).toBe(403);
    expect((await move(o.id, 'flying', 'admin')).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, o.id));
    expect(row?.status).toBe('created');
  });

  it('cancelling needs a reason, which the history keeps', async () => {
    const o = (await place(order())).json().data;
    const bare = await move(o.id, 'cancelled', 'dispatcher');
    expect(bare.statusCode).toBe(400);
    expect(bare.json().errors).toEqual({ reason: ['Give a reason'] });
    const ok = await move(o.id, 'cancelled', 'dispatcher', 'Kupac je otkazao');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.history.at(-1)).toMatchObject({
      to_status: 'cancelled',
      reason: 'Kupac je otkazao',
      actor: { role: 'dispatcher' },
    });
  });

  it('keeps restaurant staff to their own restaurant', async () => {
    const o = (await place(order())).json().data;
    expect((await move(o.id, 'preparing_order', 'manager2')).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `/api/orders/${o.id}`, token: tokens.manager2 })).statusCode,
    ).toBe(403);
    const list = (
      await t.request({ method: 'GET', url: '/api/orders?per_page=100', token: tokens.manager2 })
    ).json();
    expect(list.data.every((x: { restaurant: { id: number } }) => x.restaurant.id === other)).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: `/api/orders?restaurant_id=${own}`, token: tokens.manager2 }))
        .statusCode,
    ).toBe(403);
  });

  it('lets exactly one of two concurrent changes win; the loser gets 409', async () => {
    const o = (await place(order())).json().data;
    // Both saw version 0: whoever comes second is refused instead of overwriting.
    const send = (who: string, status: string, reason?: string) =>
      t.request({
        method: 'POST',
        url: `/api/orders/${o.id}/status`,
        token: tokens[who],
        payload: { status, reason, version: o.version },
      });
    const results = await Promise.all([
      send('employee', 'preparing_order'),
      send('manager', 'declined', 'Zatvoreno'),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const history = await t.database.db
      .select()
      .from(orderStatusHistory)
      .where(eq(orderStatusHistory.order_id, o.id));
    expect(history).toHaveLength(2);
  });
});

describe('dispatching drivers', () => {
  it('assigns an on-shift driver; an off-shift one is refused; restaurant staff may not dispatch', async () => {
    const o = (await place(order())).json().data;
    const ok = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/assign`,
      token: tokens.dispatcher,
      payload: { driver_id: driverId },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.driver.id).toBe(driverId);
    const [offShift] = await t.database.db
      .select()
      .from(drivers)
      .where(eq(drivers.shift_state, 'off_shift'))
      .limit(1);
    const refused = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/assign`,
      token: tokens.dispatcher,
      lang: 'en',
      payload: { driver_id: offShift?.user_id },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe('This driver is not on shift or is on a break.');
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/orders/${o.id}/assign`,
          token: tokens.manager,
          payload: { driver_id: driverId },
        })
      ).statusCode,
    ).toBe(403);
    const un = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/unassign`,
      token: tokens.appmanager,
      payload: {},
    });
    expect(un.statusCode).toBe(200);
    expect(un.json().data.driver).toBeNull();
  });

  it('in delivery only Admin or Dispatcher unassign, with a reason; the order returns to ready for pickup', async () => {
    const o = (await place(order())).json().data;
    await move(o.id, 'preparing_order', 'manager');
    await move(o.id, 'ready_for_pickup', 'manager');
    await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/assign`,
      token: tokens.dispatcher,
      payload: { driver_id: driverId },
    });
    expect((await driverMove(o.id, 'in_delivery')).statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/orders/${o.id}/unassign`,
          token: tokens.appmanager,
          payload: { reason: 'x' },
        })
      ).statusCode,
    ).toBe(403);
    const noReason = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/unassign`,
      token: tokens.dispatcher,
      payload: {},
    });
    expect(noReason.statusCode).toBe(400);
    const ok = await t.request({
      method: 'POST',
      url: `/api/orders/${o.id}/unassign`,
      token: tokens.dispatcher,
      payload: { reason: 'Vozilo u kvaru' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'ready_for_pickup', driver: null });
    expect(ok.json().data.history.at(-1)).toMatchObject({
      from_status: 'in_delivery',
      to_status: 'ready_for_pickup',
      reason: 'Vozilo u kvaru',
    });
  });
});

describe('lists and export', () => {
  it('filters by status, active and period; searches by order number or buyer', async () => {
    const active = (
      await t.request({ method: 'GET', url: '/api/orders?active=true&per_page=100', token: tokens.admin })
    ).json();
    expect(active.data.length).toBeGreaterThan(0);
    expect(
      active.data.every(
        (o: { status: string }) => !['delivered', 'cancelled', 'declined', 'returned'].includes(o.status),
      ),
    ).toBe(true);
    const delivered = (
      await t.request({ method: 'GET', url: '/api/orders?status=delivered&per_page=5', token: tokens.admin })
    ).json();
    expect(delivered.meta.total).toBeGreaterThan(0);
    const one = delivered.data[0];
    const byNumber = (
      await t.request({
        method: 'GET',
        url: `/api/orders?q=${one.order_number.toLowerCase()}`,
        token: tokens.admin,
      })
    ).json();
    expect(byNumber.data.map((o: { id: number }) => o.id)).toEqual([one.id]);
    const day = one.created_at.slice(0, 10);
    const period = (
      await t.request({
        method: 'GET',
        url: `/api/orders?from=${day}&to=${day}&per_page=100`,
        token: tokens.admin,
      })
    ).json();
    expect(period.data.every((o: { created_at: string }) => o.created_at.slice(0, 10) === day)).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: '/api/orders?from=yesterday', token: tokens.admin })).statusCode,
    ).toBe(400);
  });

  it('reports totals equal to counting the orders, for every filter and role scope', async () => {
    const db = t.database.db;
    const count = async (...where: Parameters<typeof and>) =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(orders)
          .where(and(...where))
      )[0]?.n;
    const total = async (query: string, who = 'admin') => {
      const res = await t.request({ method: 'GET', url: `/api/orders?${query}`, token: tokens[who] });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().meta.total;
    };
    const terminal = ['delivered', 'cancelled', 'declined', 'returned'] as const;
    // The counters, read for the filters they keep, against count(*) over the orders themselves.
    expect(await total('')).toBe(await count());
    expect(await total('status=created')).toBe(await count(eq(orders.status, 'created')));
    expect(await total(`status=delivered&restaurant_id=${own}`)).toBe(
      await count(eq(orders.status, 'delivered'), eq(orders.restaurant_id, own)),
    );
    expect(await total('active=true')).toBe(await count(sql`${orders.status} not in ${terminal}`));
    expect(await total('active=false')).toBe(await count(inArray(orders.status, [...terminal])));
    expect(await total('active=true&status=delivered')).toBe(0);
    expect(await total('', 'manager')).toBe(await count(eq(orders.restaurant_id, own)));
    expect(await total('', 'dispatcher')).toBe(await count(sql`${orders.status} not in ${terminal}`));
    // Filters the counters do not keep count the rows.
    const driverTotal = await total(`driver_id=${driverId}`);
    expect(driverTotal).toBe(await count(eq(orders.driver_id, driverId)));
  });

  it('sorts every column both ways with the id as the tie-breaker', async () => {
    for (const sort of ['created_at', 'total', 'status', 'order_number']) {
      for (const dir of ['', '-']) {
        const res = await t.request({
          method: 'GET',
          url: `/api/orders?sort=${dir}${sort}&per_page=50&page=2`,
          token: tokens.admin,
        });
        expect(res.statusCode).toBe(200);
        const key = (o: Record<string, string | number>) =>
          sort === 'status'
            ? // An enum sorts in its declared order.
              [ORDER_STATUSES.indexOf(o.status as OrderStatus), o.created_at, o.id]
            : sort === 'order_number'
              ? [o.id]
              : [o[sort], o.id];
        const rows: Record<string, string | number>[] = res.json().data;
        const compare = (a: (string | number | undefined)[], b: (string | number | undefined)[]) => {
          for (let i = 0; i < a.length; i++) {
            const x = a[i] ?? '';
            const y = b[i] ?? '';
            if (x !== y) return x < y ? -1 : 1;
          }
          return 0;
        };
        for (let i = 1; i < rows.length; i++) {
          const order = compare(key(rows[i - 1] ?? {}), key(rows[i] ?? {}));
          expect(dir === '-' ? order >= 0 : order <= 0, `${dir}${sort} at ${i}`).toBe(true);
        }
      }
    }
  });

  it('gives the dispatcher the active board only, and no export', async () => {
    const all = (
      await t.request({ method: 'GET', url: '/api/orders?per_page=100', token: tokens.dispatcher })
    ).json();
    expect(
      all.data.every(
        (o: { status: string }) => !['delivered', 'cancelled', 'declined', 'returned'].includes(o.status),
      ),
    ).toBe(true);
    expect(
      (await t.request({ method: 'GET', url: '/api/orders/export.csv', token: tokens.dispatcher }))
        .statusCode,
    ).toBe(403);
  });

  it('exports the filtered set as CSV with amounts in KM and formula-safe cells', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/orders/export.csv?status=delivered',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    const [{ n } = { n: 0 }] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(inArray(orders.status, ['delivered']));
    expect(lines.length - 1).toBe(n);
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8 (č, ć, ž).
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(lines[0]?.replace(/^\uFEFF/, '')).toMatch(/^order_number,created_at,status/);
    expect(lines.slice(1).every((l) => l.includes(',delivered,'))).toBe(true);
    // Times on the operation's clock (Europe/Sarajevo), as spreadsheets read them.
    const [number, created, , , , , , , , , , , delivered] = (lines[1] ?? '').split(',');
    const [row] = await t.database.db
      .select({ created_at: orders.created_at, delivered_at: orders.delivered_at })
      .from(orders)
      .where(eq(orders.order_number, number ?? ''));
    expect(created).toBe(sarajevo(row?.created_at));
    expect(delivered).toBe(sarajevo(row?.delivered_at));
  });

  it('exports the same rows as a spreadsheet (.xlsx), with numbers and local date-times', async () => {
    const csv = await t.request({
      method: 'GET',
      url: '/api/orders/export.csv?status=delivered',
      token: tokens.admin,
    });
    const res = await t.request({
      method: 'GET',
      url: '/api/orders/export.xlsx?status=delivered',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers['content-disposition']).toMatch(
      /attachment; filename="orders-\d{4}-\d{2}-\d{2}\.xlsx"/,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the spreadsheet has a sheet');
    const csvLines = csv.body.trim().split('\r\n');
    expect(sheet.rowCount).toBe(csvLines.length);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(
      csvLines[0]?.replace('\uFEFF', '').split(','),
    );
    const cells = (sheet.getRow(2).values as unknown[]).slice(1);
    const fields = csvLines[1]?.split(',') ?? [];
    expect(cells[0]).toBe(fields[0]);
    // A date-time cell holding the wall-clock time of the CSV; amounts are numbers.
    expect(cells[1]).toBeInstanceOf(Date);
    expect((cells[1] as Date).toISOString().replace('T', ' ').slice(0, 19)).toBe(fields[1]);
    expect(cells[11]).toBe(Number(fields[11]));
    expect(
      (await t.request({ method: 'GET', url: '/api/orders/export.xlsx', token: tokens.dispatcher }))
        .statusCode,
    ).toBe(403);
  });
});

describe('search', () => {
  it('finds an order by its number within the role scope', async () => {
    const o = (await place(order())).json().data;
    const hits = (
      await t.request({ method: 'GET', url: `/api/search?q=${o.order_number}`, token: tokens.admin })
    ).json().data;
    expect(hits).toContainEqual(
      expect.objectContaining({ kind: 'order', id: o.id, path: `/orders/${o.id}` }),
    );
    const digits = o.order_number.slice(1);
    expect(
      (await t.request({ method: 'GET', url: `/api/search?q=${digits}`, token: tokens.manager })).json().data,
    ).toContainEqual(expect.objectContaining({ kind: 'order', id: o.id }));
    const stranger = (
      await t.request({ method: 'GET', url: `/api/search?q=${o.order_number}`, token: tokens.manager2 })
    ).json().data;
    expect(stranger.some((h: { kind: string }) => h.kind === 'order')).toBe(false);
  });
});
