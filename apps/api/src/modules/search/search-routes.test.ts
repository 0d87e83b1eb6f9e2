import { DISPATCH_SEARCH_DAYS } from '@dostava/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * Search finds what people type (lib/search.ts): part of an order number, names without their
 * accents, in any case; every role still sees only what it may.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
/** An order of the first restaurant (the manager's), and one of another restaurant. */
let mine = { id: 0, order_number: '' };
let theirs = { id: 0, order_number: '' };
/** A finished order created before the dispatcher's window. */
let old = { id: 0, order_number: '' };

const get = (url: string, who: string) => t.request({ method: 'GET', url, token: tokens[who] });
type Hit = { kind: string; id: number; title: string };
const hits = async (q: string, who: string, kind?: string) => {
  const res = await get(`/api/search?q=${encodeURIComponent(q)}`, who);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Hit[]).filter((h) => !kind || h.kind === kind);
};
const listed = async (url: string, who: string) => {
  const res = await get(url, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; name?: string; first_name?: string; last_name?: string }[];
};

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher', 'manager', 'employee', 'manager2']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  const pick = { id: orders.id, order_number: orders.order_number };
  [mine] = (await db
    .select(pick)
    .from(orders)
    .where(eq(orders.restaurant_id, own))
    .orderBy(desc(orders.id))
    .limit(1)) as [typeof mine];
  [theirs] = (await db
    .select(pick)
    .from(orders)
    .where(ne(orders.restaurant_id, own))
    .orderBy(desc(orders.id))
    .limit(1)) as [typeof theirs];
  // A delivered order of another restaurant, moved before the dispatcher's window.
  [old] = (await db
    .select(pick)
    .from(orders)
    .where(and(ne(orders.restaurant_id, own), ne(orders.id, theirs.id)))
    .orderBy(orders.id)
    .offset(100)
    .limit(1)) as [typeof old];
  await db
    .update(orders)
    .set({
      status: 'delivered',
      created_at: sql`now() - ${`${DISPATCH_SEARCH_DAYS + 5} days`}::interval`,
    })
    .where(eq(orders.id, old.id));
});

afterAll(async () => {
  await t?.close();
});

/** The last four digits, the D and the first four digits, and lower case without the last digit. */
const parts = (number: string) => [number.slice(-4), number.slice(0, 5), number.slice(0, -1).toLowerCase()];

describe('search by part of an order number', () => {
  it("finds the order in the header search and the orders list (the board's search)", async () => {
    for (const q of parts(theirs.order_number)) {
      expect(
        (await hits(q, 'admin', 'order')).map((h) => h.id),
        q,
      ).toContain(theirs.id);
      const list = await listed(`/api/orders?q=${q}&per_page=100`, 'admin');
      expect(
        list.map((o) => o.id),
        q,
      ).toContain(theirs.id);
    }
    // With a leading '#' and the exact number first among the partial matches.
    const exact = await hits(`#${theirs.order_number.toLowerCase()}`, 'admin', 'order');
    expect(exact[0]?.id).toBe(theirs.id);
  });

  it("keeps restaurant staff to their own restaurant's orders", async () => {
    for (const who of ['manager', 'employee']) {
      for (const q of parts(mine.order_number)) {
        expect(
          (await hits(q, who, 'order')).map((h) => h.id),
          `${who} ${q}`,
        ).toContain(mine.id);
      }
      for (const q of parts(theirs.order_number)) {
        expect(
          (await hits(q, who, 'order')).map((h) => h.id),
          `${who} ${q}`,
        ).not.toContain(theirs.id);
        const list = await listed(`/api/orders?q=${q}&per_page=100`, who);
        expect(list.map((o) => o.id)).not.toContain(theirs.id);
      }
    }
    // The other restaurant's manager finds none of the first restaurant's.
    expect((await hits(mine.order_number.slice(-4), 'manager2', 'order')).map((h) => h.id)).not.toContain(
      mine.id,
    );
  });

  it('keeps the dispatcher to the history scope, where the admin finds every order', async () => {
    for (const q of parts(old.order_number)) {
      expect(
        (await hits(q, 'dispatcher', 'order')).map((h) => h.id),
        q,
      ).not.toContain(old.id);
      expect(
        (await listed(`/api/orders?q=${q}&per_page=100`, 'dispatcher')).map((o) => o.id),
        q,
      ).not.toContain(old.id);
    }
    // The admin finds it (the header shows the exact number first, then the eight newest).
    for (const q of [old.order_number.slice(-4), old.order_number.slice(0, -1).toLowerCase()]) {
      expect(
        (await listed(`/api/orders?q=${q}&per_page=100`, 'admin')).map((o) => o.id),
        q,
      ).toContain(old.id);
    }
    expect((await hits(old.order_number.slice(-4), 'admin', 'order')).map((h) => h.id)).toContain(old.id);
    expect((await hits(old.order_number, 'admin', 'order'))[0]?.id).toBe(old.id);
    expect((await hits(theirs.order_number.slice(-4), 'dispatcher', 'order')).map((h) => h.id)).toContain(
      theirs.id,
    );
  });
});

describe('search without accents, in any case', () => {
  it('finds Ćevabdžinica Željo by "zeljo", "ŽELJO" and "cevabdzinica zel"', async () => {
    for (const q of ['zeljo', 'ŽELJO', 'ZeLjO', 'cevabdzinica zel']) {
      expect(
        (await hits(q, 'admin', 'restaurant')).map((h) => h.title),
        q,
      ).toContain('Ćevabdžinica Željo');
      expect(
        (await listed(`/api/restaurants?q=${encodeURIComponent(q)}`, 'admin')).map((r) => r.name),
      ).toContain('Ćevabdžinica Željo');
    }
    // The other restaurant's manager does not find it in the header.
    expect(await hits('zeljo', 'manager2', 'restaurant')).toEqual([]);
  });

  it('finds the drivers named Hadžić by "hadzic", "HADZIC" and "adnan hadzic"', async () => {
    for (const q of ['hadzic', 'HADZIC', 'adnan hadzic', 'Hadžić']) {
      const drivers = await hits(q, 'dispatcher', 'driver');
      expect(
        drivers.map((h) => h.title),
        q,
      ).toContain('Adnan Hadžić');
      const list = await listed(`/api/drivers?q=${encodeURIComponent(q)}&per_page=100`, 'dispatcher');
      expect(list.length, q).toBeGreaterThan(0);
      expect(list.map((d) => `${d.first_name} ${d.last_name}`)).toContain('Adnan Hadžić');
    }
  });

  it('finds staff by name without accents, and the buyers of orders', async () => {
    const staff = await listed('/api/users?q=sehic&per_page=100', 'admin');
    expect(staff.map((u) => `${u.first_name} ${u.last_name}`)).toContain('Tarik Šehić');
    expect((await hits('tarik sehic', 'admin', 'user')).map((h) => h.title)).toContain('Tarik Šehić');
    // A buyer's name without accents finds their orders.
    const [buyer] = await t.database.db
      .select({ first_name: users.first_name, last_name: users.last_name, id: orders.id })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.customer_id))
      .where(sql`${users.last_name} ~ '[čćžšđČĆŽŠĐ]'`)
      .orderBy(desc(orders.id))
      .limit(1);
    if (!buyer) throw new Error('the demo data has a buyer with an accented name');
    const plain = buyer.last_name.normalize('NFD').replace(/\p{M}/gu, '').replaceAll('đ', 'd').toUpperCase();
    const list = await listed(`/api/orders?q=${encodeURIComponent(plain)}&per_page=100`, 'admin');
    expect(list.map((o) => o.id)).toContain(buyer.id);
  });

  it('takes "%" and "_" as text, not as wildcards', async () => {
    expect(await listed('/api/restaurants?q=%25', 'admin')).toEqual([]);
    expect(await listed('/api/restaurants?q=_', 'admin')).toEqual([]);
  });
});
