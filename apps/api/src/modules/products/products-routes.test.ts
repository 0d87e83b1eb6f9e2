import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { expectPatchChangesOnly } from '../../test/patch.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let category = 0;
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
  category = (await db.select().from(categories).where(eq(categories.name, 'Deserti')))[0]?.id ?? 0;
});
afterAll(() => t.close());

const productCount = async () => (await t.database.db.select().from(products)).length;
const valid = () => ({
  name: 'Hurmašice domaće',
  description: 'Tri komada',
  price: 450,
  category_id: category,
  show_on_menu: true,
});

describe('listing products', () => {
  it('pages, filters by category and show on menu, searches and sorts in SQL', async () => {
    const all = (
      await t.request({
        method: 'GET',
        url: `/api/restaurants/${own}/products?per_page=100`,
        token: tokens.admin,
      })
    ).json();
    expect(all.meta.total).toBeGreaterThanOrEqual(10);
    expect(all.data.every((p: { restaurant_id: number }) => p.restaurant_id === own)).toBe(true);

    const grill = all.data[0].category.id;
    const byCategory = (
      await t.request({
        method: 'GET',
        url: `/api/restaurants/${own}/products?per_page=100&category_id=${grill}`,
        token: tokens.admin,
      })
    ).json();
    expect(byCategory.data.every((p: { category: { id: number } }) => p.category.id === grill)).toBe(true);

    const hidden = (
      await t.request({
        method: 'GET',
        url: `/api/restaurants/${own}/products?show_on_menu=false`,
        token: tokens.admin,
      })
    ).json();
    expect(hidden.data.every((p: { show_on_menu: boolean }) => !p.show_on_menu)).toBe(true);

    const byPrice = (
      await t.request({
        method: 'GET',
        url: `/api/restaurants/${own}/products?per_page=100&sort=-price`,
        token: tokens.admin,
      })
    ).json();
    const prices = byPrice.data.map((p: { price: number }) => p.price);
    expect(prices).toEqual([...prices].sort((a, b) => b - a));

    const found = (
      await t.request({
        method: 'GET',
        url: `/api/restaurants/${own}/products?q=%C4%87evapi`,
        token: tokens.admin,
      })
    ).json();
    expect(found.data.length).toBeGreaterThan(0);
    expect(found.data.every((p: { name: string }) => p.name.toLowerCase().includes('ćevapi'))).toBe(true);
  });

  it('shows restaurant staff their own restaurant only; others are refused', async () => {
    for (const who of ['manager', 'employee']) {
      expect(
        (await t.request({ method: 'GET', url: `/api/restaurants/${own}/products`, token: tokens[who] }))
          .statusCode,
      ).toBe(200);
      expect(
        (await t.request({ method: 'GET', url: `/api/restaurants/${other}/products`, token: tokens[who] }))
          .statusCode,
      ).toBe(403);
    }
    expect(
      (await t.request({ method: 'GET', url: `/api/restaurants/${own}/products`, token: tokens.dispatcher }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants/99999/products', token: tokens.admin }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/restaurants/${own}/products?show_on_menu=maybe`,
          token: tokens.admin,
        })
      ).statusCode,
    ).toBe(400);
  });
});

describe('writing products', () => {
  it('lets the manager create, edit and delete in their own restaurant', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/restaurants/${own}/products`,
      token: tokens.manager,
      payload: valid(),
    });
    expect(created.statusCode).toBe(201);
    const p = created.json().data;
    expect(p).toMatchObject({
      restaurant_id: own,
      price: 450,
      category: { id: category, name: 'Deserti' },
      show_on_menu: true,
    });
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/products/${p.id}`,
      token: tokens.manager,
      payload: { price: 500, name: 'Hurmašice' },
    });
    expect(edited.json().data).toMatchObject({ price: 500, name: 'Hurmašice' });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/products/${p.id}`, token: tokens.manager })).statusCode,
    ).toBe(204);
  });

  it('refuses the manager in another restaurant, the employee, the dispatcher and app users, changing nothing', async () => {
    const before = await productCount();
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/restaurants/${other}/products`,
          token: tokens.manager,
          payload: valid(),
        })
      ).statusCode,
    ).toBe(403);
    for (const who of ['employee', 'dispatcher', 'customer', 'driver']) {
      expect(
        (
          await t.request({
            method: 'POST',
            url: `/api/restaurants/${own}/products`,
            token: tokens[who],
            payload: valid(),
          })
        ).statusCode,
        who,
      ).toBe(403);
    }
    const [theirs] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.restaurant_id, other))
      .limit(1);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/products/${theirs?.id}`,
          token: tokens.manager,
          payload: { price: 1 },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/products/${theirs?.id}`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `/api/products/${theirs?.id}`, token: tokens.employee }))
        .statusCode,
    ).toBe(403);
    expect(await productCount()).toBe(before);
  });

  it('lets the employee switch show on menu and nothing else', async () => {
    const [mine] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.restaurant_id, own))
      .limit(1);
    const toggled = await t.request({
      method: 'PATCH',
      url: `/api/products/${mine?.id}`,
      token: tokens.employee,
      payload: { show_on_menu: !mine?.show_on_menu },
    });
    expect(toggled.statusCode).toBe(200);
    expect(toggled.json().data.show_on_menu).toBe(!mine?.show_on_menu);
    const price = await t.request({
      method: 'PATCH',
      url: `/api/products/${mine?.id}`,
      token: tokens.employee,
      payload: { show_on_menu: true, price: 1 },
    });
    expect(price.statusCode).toBe(403);
    const [after] = await t.database.db
      .select()
      .from(products)
      .where(eq(products.id, mine?.id ?? 0));
    expect(after?.price).toBe(mine?.price);
  });

  it('refuses bad input with field messages and changes nothing', async () => {
    const before = await productCount();
    const post = (payload: object) =>
      t.request({
        method: 'POST',
        url: `/api/restaurants/${own}/products`,
        token: tokens.admin,
        lang: 'en',
        payload,
      });
    const cases: [object, Record<string, string[]>][] = [
      [{ ...valid(), price: -100 }, { price: ['The price must be a whole number of fening, not negative'] }],
      [{ ...valid(), price: 4.5 }, { price: ['The price must be a whole number of fening, not negative'] }],
      [{ ...valid(), price: 'abc' }, { price: ['Must be a number'] }],
      // A JSON body's money is a number: digits in a string or an array are refused, not read.
      [{ ...valid(), price: '450' }, { price: ['Must be a number'] }],
      [{ ...valid(), price: [450] }, { price: ['Must be a number'] }],
      [{ ...valid(), price: '' }, { price: ['Must be a number'] }],
      [{ ...valid(), category_id: undefined }, { category_id: ['This field is required'] }],
      [{ ...valid(), name: 'x'.repeat(121) }, { name: ['Must be at most 120 characters'] }],
    ];
    for (const [payload, errors] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors).toEqual(errors);
    }
    const unknown = await post({ ...valid(), category_id: 99999 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ category_id: ['Choose an existing category'] });
    expect(await productCount()).toBe(before);
  });
});

describe('the menu', () => {
  it('shows only products on the menu, grouped by category in position order, to app users and staff', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}/menu`,
      token: tokens.customer,
    });
    expect(res.statusCode).toBe(200);
    const menu = res.json().data;
    const hidden = await t.database.db.select().from(products).where(eq(products.show_on_menu, false));
    const hiddenIds = new Set(hidden.map((p) => p.id));
    const ids = menu.categories.flatMap((c: { products: { id: number }[] }) => c.products.map((p) => p.id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.some((id: number) => hiddenIds.has(id))).toBe(false);
    const positions = await t.database.db.select().from(categories);
    const pos = (id: number) => positions.find((c) => c.id === id)?.position ?? 0;
    const order = menu.categories.map((c: { id: number }) => pos(c.id));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect((await t.request({ method: 'GET', url: `/api/restaurants/${own}/menu` })).statusCode).toBe(401);
  });
});

describe('search', () => {
  it('finds products and categories the role may see', async () => {
    const admin = (
      await t.request({ method: 'GET', url: '/api/search?q=baklava', token: tokens.admin })
    ).json().data;
    expect(admin.some((h: { kind: string }) => h.kind === 'product')).toBe(true);
    const cats = (await t.request({ method: 'GET', url: '/api/search?q=pizza', token: tokens.admin })).json()
      .data;
    expect(
      cats.some(
        (h: { kind: string; path: string }) => h.kind === 'category' && h.path.startsWith('/edit-category/'),
      ),
    ).toBe(true);
    const staff = (await t.request({ method: 'GET', url: '/api/search?q=a', token: tokens.employee })).json()
      .data;
    expect(
      staff
        .filter((h: { kind: string }) => h.kind === 'product')
        .every((h: { path: string }) => h.path.startsWith(`/restaurant/${own}/`)),
    ).toBe(true);
    expect(staff.some((h: { kind: string }) => h.kind === 'category')).toBe(false);
  });
});

describe('partial updates of products', () => {
  it('a PATCH changes only the fields it names: a hidden product stays hidden', async () => {
    const created = await t.request({
      method: 'POST',
      url: `/api/restaurants/${own}/products`,
      token: tokens.manager,
      payload: { ...valid(), name: 'Skriveni proizvod' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/products/${created.json().data.id}`;
    await expectPatchChangesOnly(t, tokens.manager as string, url, { show_on_menu: false });
    const after = await expectPatchChangesOnly(t, tokens.manager as string, url, { price: 990 });
    expect(after.show_on_menu).toBe(false);
    expect(after.price).toBe(990);
  });
});
