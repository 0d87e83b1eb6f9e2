import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, products, users } from '../../db/schema/index.js';
import type { BusEvent } from '../../lib/bus.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let ownProduct = 0;
let otherProduct = 0;
const events: BusEvent[] = [];
beforeAll(async () => {
  t = await createTestContext({ JOBS_POLLING_SECONDS: '0.5' });
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  const own =
    (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  const other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  ownProduct = (await db.select().from(products).where(eq(products.restaurant_id, own)).limit(1))[0]?.id ?? 0;
  otherProduct =
    (await db.select().from(products).where(eq(products.restaurant_id, other)).limit(1))[0]?.id ?? 0;
  t.app.bus.subscribe((event) => events.push(event));
  // Seeding a fresh database takes longer than the default minute on a loaded machine.
});
afterAll(() => t.close());

const snooze = (token: string | undefined, id: number, payload: unknown, lang?: string) =>
  t.request({
    method: 'PUT',
    url: `/api/products/${id}/snooze`,
    payload: payload as Record<string, unknown>,
    ...(token ? { token } : {}),
    ...(lang ? { lang } : {}),
  });
const unsnooze = (token: string | undefined, id: number) =>
  t.request({ method: 'DELETE', url: `/api/products/${id}/snooze`, ...(token ? { token } : {}) });
const row = async (id: number) => (await t.database.db.select().from(products).where(eq(products.id, id)))[0];

describe('snoozing a product: who', () => {
  it.each(['admin', 'appmanager', 'manager', 'employee'])(
    '%s snoozes and unsnoozes their products',
    async (who) => {
      const res = await snooze(tokens[who], ownProduct, { mode: 'manual' });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({
        id: ownProduct,
        snoozed: true,
        snoozed_until: null,
        show_on_menu: true,
      });
      const back = await unsnooze(tokens[who], ownProduct);
      expect(back.statusCode).toBe(200);
      expect(back.json().data).toMatchObject({ snoozed: false, snoozed_until: null });
    },
  );

  it.each(['manager', 'employee'])("the %s cannot snooze another restaurant's product", async (who) => {
    const before = await row(otherProduct);
    expect((await snooze(tokens[who], otherProduct, { mode: 'manual' })).statusCode).toBe(403);
    expect((await unsnooze(tokens[who], otherProduct)).statusCode).toBe(403);
    expect(await row(otherProduct)).toEqual(before);
  });

  it.each(['dispatcher', 'customer', 'driver'])('a %s is refused', async (who) => {
    expect((await snooze(tokens[who], ownProduct, { mode: 'manual' })).statusCode).toBe(403);
    expect((await unsnooze(tokens[who], ownProduct)).statusCode).toBe(403);
  });

  it('without a token is 401, an unknown product 404', async () => {
    expect((await snooze(undefined, ownProduct, { mode: 'manual' })).statusCode).toBe(401);
    expect((await snooze(tokens.admin, 999_999, { mode: 'manual' })).statusCode).toBe(404);
  });
});

describe('snoozing a product: what', () => {
  it('until the end of today: audited, listed with its flag, pushed live', async () => {
    events.length = 0;
    const res = await snooze(tokens.employee, ownProduct, { mode: 'end_of_day' });
    const until = Date.parse(res.json().data.snoozed_until);
    expect(until).toBeGreaterThan(Date.now());
    expect(until).toBeLessThanOrEqual(Date.now() + 25 * 3_600_000);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'products'), eq(auditLog.entity_id, String(ownProduct))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(entry).toMatchObject({
      action: 'update',
      actor_role: 'restaurant_employee',
      after: { snoozed: true },
    });
    expect(events.find((e) => e.type === 'product.snooze')?.data).toMatchObject({
      id: ownProduct,
      snoozed: true,
    });
    const got = (
      await t.request({ method: 'GET', url: `/api/products/${ownProduct}`, token: tokens.employee })
    ).json();
    expect(got.data.snoozed).toBe(true);
    await unsnooze(tokens.employee, ownProduct);
  });

  it.each([
    [{ mode: 'later' }, 'mode'],
    [{ mode: 'until' }, 'until'],
    [{ mode: 'until', until: '2020-01-01T10:00:00+01:00' }, 'until'],
    [{ mode: 'until', until: new Date(Date.now() + 30 * 86_400_000).toISOString() }, 'until'],
    [{ mode: 'manual', until: new Date(Date.now() + 3_600_000).toISOString() }, 'until'],
  ])('refuses %j with a translated error, changing nothing', async (body, field) => {
    const before = await row(ownProduct);
    const res = await snooze(tokens.admin, ownProduct, body, 'en');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors ?? {})).toContain(field);
    expect(await row(ownProduct)).toEqual(before);
  });

  it('a timed snooze ends by itself at its time', async () => {
    events.length = 0;
    // Far enough ahead that a loaded machine still sends it before it has passed.
    const until = new Date(Date.now() + 4000).toISOString();
    expect((await snooze(tokens.employee, ownProduct, { mode: 'until', until })).statusCode).toBe(200);
    await vi.waitFor(
      async () => expect(await row(ownProduct)).toMatchObject({ snoozed: false, snoozed_until: null }),
      { timeout: 60_000, interval: 100 },
    );
    expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(until));
    // The end's event is published once its transaction has committed: a moment after the row reads so.
    await vi.waitFor(() =>
      expect(events.filter((e) => e.type === 'product.snooze').map((e) => e.data.snoozed)).toEqual([
        true,
        false,
      ]),
    );
  });
});
