import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { expectPatchChangesOnly } from '../../test/patch.js';

let t: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'customer']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
});
afterAll(() => t.close());

const order = async () =>
  (await t.database.db.select({ id: categories.id }).from(categories).orderBy(asc(categories.position))).map(
    (c) => c.id,
  );

describe('categories', () => {
  it('lists in position order with how many products use each; restaurant staff may read', async () => {
    for (const who of ['admin', 'appmanager', 'manager', 'employee']) {
      const res = await t.request({ method: 'GET', url: '/api/categories?per_page=100', token: tokens[who] });
      expect(res.statusCode, who).toBe(200);
      const { data, meta } = res.json();
      expect(meta.total).toBe(12);
      expect(data.map((c: { position: number }) => c.position)).toEqual(
        [...Array(12).keys()].map((i) => i + 1),
      );
      expect(data[0]).toMatchObject({ name: 'Roštilj', products_count: expect.any(Number) });
      expect(data[0].products_count).toBeGreaterThan(0);
    }
    expect(
      (await t.request({ method: 'GET', url: '/api/categories', token: tokens.dispatcher })).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: '/api/categories', token: tokens.customer })).statusCode,
    ).toBe(403);
  });

  it('creates (last by default), edits and deletes for Admin and App Manager only', async () => {
    for (const who of ['manager', 'employee', 'dispatcher']) {
      expect(
        (
          await t.request({
            method: 'POST',
            url: '/api/categories',
            token: tokens[who],
            payload: { name: 'X' },
          })
        ).statusCode,
      ).toBe(403);
    }
    const created = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.appmanager,
      payload: { name: 'Ramazanski meni', description: '' },
    });
    expect(created.statusCode).toBe(201);
    const c = created.json().data;
    expect(c).toMatchObject({ name: 'Ramazanski meni', description: null, position: 13, products_count: 0 });

    const edited = await t.request({
      method: 'PATCH',
      url: `/api/categories/${c.id}`,
      token: tokens.admin,
      payload: { description: 'Iftar' },
    });
    expect(edited.json().data.description).toBe('Iftar');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/categories/${c.id}`,
          token: tokens.manager,
          payload: { name: 'Y' },
        })
      ).statusCode,
    ).toBe(403);

    expect(
      (await t.request({ method: 'DELETE', url: `/api/categories/${c.id}`, token: tokens.admin })).statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/categories/${c.id}`, token: tokens.admin })).statusCode,
    ).toBe(404);
  });

  it('refuses a duplicate name (any case) with a field message, and bad input with 400', async () => {
    const dup = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.admin,
      lang: 'en',
      payload: { name: 'PIZZA' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors.name).toEqual(['This name is already in use']);
    const bad = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.admin,
      lang: 'en',
      payload: { name: '', position: -1, extra: 1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      name: ['This field is required'],
      position: ['Must be at least 1'],
    });
  });

  it('refuses to delete a category that products use, naming how many', async () => {
    const [pizza] = await t.database.db.select().from(categories).where(eq(categories.name, 'Pizza'));
    const used = (
      await t.database.db
        .select()
        .from(products)
        .where(eq(products.category_id, pizza?.id ?? 0))
    ).length;
    const res = await t.request({
      method: 'DELETE',
      url: `/api/categories/${pizza?.id}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'category_in_use',
      message: `This category is used by ${used} products and cannot be deleted.`,
    });
    expect((await t.database.db.select().from(categories).where(eq(categories.name, 'Pizza'))).length).toBe(
      1,
    );
  });

  it('saves a new order of all categories in one transaction', async () => {
    const before = await order();
    const reversed = [...before].reverse();
    const res = await t.request({
      method: 'PUT',
      url: '/api/categories/positions',
      token: tokens.admin,
      payload: { ids: reversed },
    });
    expect(res.statusCode).toBe(200);
    expect(await order()).toEqual(reversed);
    const list = (
      await t.request({ method: 'GET', url: '/api/categories?per_page=100', token: tokens.admin })
    ).json().data;
    expect(list.map((c: { id: number }) => c.id)).toEqual(reversed);
  });

  it('refuses an order that leaves out, repeats or invents a category, and changes nothing', async () => {
    const before = await order();
    const [first = 0, second = 0] = before;
    for (const ids of [
      before.slice(1),
      [first, ...before.slice(0, -1)],
      [...before.slice(0, -1), 99999],
      [first, first, second],
    ]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/categories/positions',
        token: tokens.admin,
        lang: 'en',
        payload: { ids },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors.ids).toEqual(['The order must list every category exactly once']);
    }
    expect(await order()).toEqual(before);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: '/api/categories/positions',
          token: tokens.manager,
          payload: { ids: before },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('partial updates of categories', () => {
  it('a PATCH changes only the fields it names: description and position stay', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/categories',
      token: tokens.admin,
      payload: { name: 'Djelimično', description: 'Ostaje', position: 1 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/categories/${created.json().data.id}`;
    const after = await expectPatchChangesOnly(t, tokens.admin as string, url, { name: 'Djelimično 2' });
    expect(after.description).toBe('Ostaje');
  });
});
