import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settlements } from '../../db/schema/index.js';
import { csvRow } from '../../lib/csv.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
/** The calendar day `daysAgo` days back in the operation's time zone (the server's "today"), YYYY-MM-DD. */
/** A calendar date `daysAgo` days before today in the operation's zone (whole days, across DST too). */
const day = (daysAgo: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestContext({ OPERATION_IBAN: 'BA39 1290 0794 0102 8494' });
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'manager2', 'employee', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
});
afterAll(() => t.close());

const create = (payload: object, who = 'admin') =>
  t.request({ method: 'POST', url: '/api/settlements', token: tokens[who], lang: 'en', payload });

describe('settlements', () => {
  it('sums delivered orders and meals of the period in SQL, matching an independent computation', async () => {
    const restaurantId = 7;
    const [from, to] = [day(20), day(1)];
    const res = await create({ restaurant_id: restaurantId, from, to });
    expect(res.statusCode).toBe(201);
    const s = res.json().data;
    const [expected] = await rowsOf<{
      n: number;
      amount: number;
      commission: number;
      owed: number;
    }>(
      t.database.db,
      sql`
      select count(*)::int n, coalesce(sum(restaurant_amount),0)::int amount, coalesce(sum(commission),0)::int commission,
        coalesce(sum(restaurant_total_amount),0)::int owed
      from orders where restaurant_id = ${restaurantId} and status = 'delivered'
        and (delivered_at at time zone 'Europe/Sarajevo')::date between ${from}::date and ${to}::date`,
    );
    const [meal] = await rowsOf<{ amount: number }>(
      t.database.db,
      sql`
      select coalesce(sum(amount),0)::int amount from driver_meals where restaurant_id = ${restaurantId} and date between ${from}::date and ${to}::date`,
    );
    expect(s).toMatchObject({
      orders_count: expected?.n,
      restaurant_amount: expected?.amount,
      commission: expected?.commission,
      restaurant_total_amount: expected?.owed,
      meals_amount: meal?.amount,
      net_amount: (expected?.owed ?? 0) + (meal?.amount ?? 0),
      status: 'pending',
    });
    expect(s.orders_count).toBeGreaterThan(0);
    expect(s.restaurant_amount - s.commission).toBe(s.restaurant_total_amount);
  });

  it('refuses periods of 6 and 32 days with the seed message, and overlaps', async () => {
    const six = await create({ restaurant_id: 9, from: day(30), to: day(25) });
    expect(six.statusCode).toBe(400);
    expect(six.json().errors.to).toEqual(['Please enter the range of min 7 day and max 31 days']);
    const long = await create({ restaurant_id: 9, from: day(40), to: day(9) });
    expect(long.json().errors.to).toEqual(['Please enter the range of min 7 day and max 31 days']);
    expect((await create({ restaurant_id: 9, from: day(30), to: day(24) })).statusCode).toBe(201);
    const overlap = await create({ restaurant_id: 9, from: day(26), to: day(15) });
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().message).toBe('This period overlaps an existing settlement of the restaurant.');
    const bs = await t.request({
      method: 'POST',
      url: '/api/settlements',
      token: tokens.admin,
      payload: { restaurant_id: 9, from: day(30), to: day(28) },
    });
    expect(bs.json().errors.to).toEqual(['Molimo unesite raspon od najmanje 7 dana i najviše 31 dan']);
  });

  it('covers only days that have ended: a period reaching today or the future is refused', async () => {
    const count = async () => (await t.database.db.select().from(settlements)).length;
    const before = await count();
    for (const [from, to] of [
      [day(6), day(0)],
      [day(-3), day(-10)],
      [day(3), day(-5)],
    ] as const) {
      const res = await create({ restaurant_id: 12, from, to });
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().errors.to).toEqual([
        'A settlement covers only days that have ended: choose yesterday or earlier',
      ]);
    }
    expect(await count()).toBe(before);
    expect((await create({ restaurant_id: 12, from: day(8), to: day(2) })).statusCode).toBe(201);
  });

  it('approves once: a concurrent second approval gets 409, and an approved settlement never changes', async () => {
    const s = (await create({ restaurant_id: 10, from: day(14), to: day(1) })).json().data;
    const approve = () =>
      t.request({ method: 'POST', url: `/api/settlements/${s.id}/approve`, token: tokens.admin });
    const results = await Promise.all([approve(), approve()]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const approved = results.find((r) => r.statusCode === 200)?.json().data;
    expect(approved).toMatchObject({ status: 'approved', approved_by: { name: expect.any(String) } });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/settlements/${s.id}`, token: tokens.admin }))
        .statusCode,
    ).toBe(409);
    const [row] = await t.database.db.select().from(settlements).where(eq(settlements.id, s.id));
    expect(row?.net_amount).toBe(s.net_amount);
  });

  it('creates payment orders for approved settlements only, downloadable as CSV', async () => {
    const pending = (await create({ restaurant_id: 11, from: day(14), to: day(1) })).json().data;
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/settlements/${pending.id}/payment-orders`,
          token: tokens.admin,
        })
      ).statusCode,
    ).toBe(422);
    await t.request({ method: 'POST', url: `/api/settlements/${pending.id}/approve`, token: tokens.admin });
    const made = await t.request({
      method: 'POST',
      url: `/api/settlements/${pending.id}/payment-orders`,
      token: tokens.admin,
    });
    expect(made.json().data.payment_orders_created_at).toBeTruthy();
    const csv = await t.request({
      method: 'GET',
      url: `/api/settlements/${pending.id}/payment-orders.csv`,
      token: tokens.admin,
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const [header, line] = csv.body.trim().split('\r\n');
    expect(header).toBe(
      'reference,payer_iban,recipient,recipient_address,recipient_iban,amount,currency,purpose,period_from,period_to',
    );
    expect(line).toContain(`,${(pending.net_amount / 100).toFixed(2)},BAM,`);
    expect(line?.startsWith(`OB-${String(pending.id).padStart(6, '0')},BA391290079401028494,`)).toBe(true);
  });

  it('gives the payment orders as JSON, the same as the CSV, to Admin and App Manager only', async () => {
    // Restaurant 1 is the restaurant of manager@ and employee@: its own staff are refused as well.
    const s = (await create({ restaurant_id: 1, from: day(14), to: day(1) })).json().data;
    const get = (who: string, id = s.id) =>
      t.request({
        method: 'GET',
        url: `/api/settlements/${id}/payment-orders`,
        token: tokens[who],
        lang: 'en',
      });
    const pending = await get('admin');
    expect(pending.statusCode).toBe(422);
    expect(pending.json().error).toBe('not_approved');
    await t.request({ method: 'POST', url: `/api/settlements/${s.id}/approve`, token: tokens.admin });
    const res = await get('admin');
    expect(res.statusCode, res.body).toBe(200);
    const [order, ...more] = res.json().data;
    expect(more).toEqual([]);
    expect(order).toEqual({
      reference: `OB-${String(s.id).padStart(6, '0')}`,
      payer_iban: 'BA391290079401028494',
      recipient: s.restaurant.name,
      recipient_address: expect.any(String),
      recipient_iban: expect.toBeOneOf([expect.any(String), null]),
      amount: s.net_amount,
      currency: 'BAM',
      purpose: expect.stringContaining(`(${s.orders_count} narudžbi)`),
      period_from: s.from,
      period_to: s.to,
    });
    const csv = await t.request({
      method: 'GET',
      url: `/api/settlements/${s.id}/payment-orders.csv`,
      token: tokens.admin,
    });
    expect(csv.body.split('\r\n')[1]).toBe(
      csvRow(Object.values({ ...order, amount: (order.amount / 100).toFixed(2) })).trimEnd(),
    );
    // UTF-8 with a byte-order mark; the payer's account is the operation's (OPERATION_IBAN).
    expect(csv.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(csv.body.split('\r\n')[0]).toBe(`\uFEFF${csvRow(Object.keys(order)).trimEnd()}`);
    // The same as a spreadsheet: the amount a number in KM, the period real days.
    const xlsx = await t.request({
      method: 'GET',
      url: `/api/settlements/${s.id}/payment-orders.xlsx`,
      token: tokens.admin,
    });
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.headers['content-disposition']).toBe(`attachment; filename="payment-orders-${s.id}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('the spreadsheet has a sheet');
    expect(sheet.rowCount).toBe(2);
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(Object.keys(order));
    expect((sheet.getRow(2).values as unknown[]).slice(1)).toEqual(
      Object.values({
        ...order,
        amount: order.amount / 100,
        recipient_address: order.recipient_address || undefined,
        recipient_iban: order.recipient_iban ?? undefined,
        period_from: new Date(`${order.period_from}T00:00:00Z`),
        period_to: new Date(`${order.period_to}T00:00:00Z`),
      }),
    );
    for (const who of ['dispatcher', 'manager']) {
      const refused = await t.request({
        method: 'GET',
        url: `/api/settlements/${s.id}/payment-orders.xlsx`,
        token: tokens[who],
      });
      expect(refused.statusCode, who).toBe(403);
    }
    expect((await get('appmanager')).json().data).toEqual([order]);
    for (const who of ['dispatcher', 'manager', 'manager2', 'employee', 'driver']) {
      expect((await get(who)).statusCode, who).toBe(403);
    }
    expect((await get('admin', 999999)).statusCode).toBe(404);
  });

  it('fixes payee, account and amounts at approval; the CSV keeps formulas out; IBANs are validated', async () => {
    const restaurantId = 7;
    const badIban = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${restaurantId}`,
      token: tokens.admin,
      lang: 'en',
      payload: { iban: 'BA39 1290 0794 0102 8495' },
    });
    expect(badIban.statusCode).toBe(400);
    expect(badIban.json().errors.iban).toEqual(['Enter a valid IBAN, for example BA39 1290 0794 0102 8494']);
    const named = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${restaurantId}`,
      token: tokens.admin,
      payload: { name: '=HYPERLINK("http://evil.example","Plati")', iban: 'ba39 1540 0120 1047 2992' },
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.iban).toBe('BA391540012010472992');
    const created = await create({ restaurant_id: restaurantId, from: day(70), to: day(61) });
    expect(created.statusCode, created.body).toBe(201);
    const s = created.json().data;
    expect(s.payee).toBeNull();
    const approved = await t.request({
      method: 'POST',
      url: `/api/settlements/${s.id}/approve`,
      token: tokens.admin,
    });
    expect(approved.json().data.payee).toMatchObject({
      name: '=HYPERLINK("http://evil.example","Plati")',
      iban: 'BA391540012010472992',
    });
    // After approval the restaurant's record changes: the payment order does not.
    await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${restaurantId}`,
      token: tokens.admin,
      payload: { name: 'Drugi primalac', address: 'Negdje 1', iban: 'BA391540012020945888' },
    });
    const csv = await t.request({
      method: 'GET',
      url: `/api/settlements/${s.id}/payment-orders.csv`,
      token: tokens.admin,
    });
    const line = csv.body.trim().split('\r\n')[1] ?? '';
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""Plati"")"`);
    expect(line).toContain(',BA391540012010472992,');
    expect(line).not.toContain('Drugi primalac');
    expect(line).not.toContain('BA391540012020945888');
    expect(line).toContain(`,${(s.net_amount / 100).toFixed(2)},BAM,`);
  });

  it('is for Admin and App Manager only', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/settlements', token: tokens.appmanager })).statusCode,
    ).toBe(200);
    for (const who of ['dispatcher', 'manager']) {
      expect(
        (await t.request({ method: 'GET', url: '/api/settlements', token: tokens[who] })).statusCode,
      ).toBe(403);
      expect((await create({ restaurant_id: 1, from: day(60), to: day(50) }, who)).statusCode).toBe(403);
    }
  });
});
