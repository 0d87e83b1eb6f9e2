import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { driverMeals, drivers, orders, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { expectPatchChangesOnly } from '../../test/patch.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0;
let other = 0;
let adminId = 0;
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'manager2', 'customer']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  adminId = (await db.select().from(users).where(eq(users.email, 'admin@example.com')))[0]?.id ?? 0;
});
afterAll(() => t.close());

let n = 0;
const newUser = (over: object = {}) => ({
  first_name: 'Test',
  last_name: `Korisnik ${++n}`,
  email: `test.${n}.${Date.now()}@example.ba`,
  role: 'dispatcher',
  password: 'Zu7#mostarBridge',
  ...over,
});
const userCount = async () => (await t.database.db.select().from(users)).length;
const post = (who: string, payload: object, lang = 'en') =>
  t.request({ method: 'POST', url: '/api/users', token: tokens[who], lang, payload });

describe('listing users', () => {
  it('filters by role and restaurant, searches by name or email, pages in SQL', async () => {
    const drivers = (
      await t.request({ method: 'GET', url: '/api/users?role=driver&per_page=100', token: tokens.admin })
    ).json();
    expect(drivers.meta.total).toBeGreaterThanOrEqual(40);
    expect(drivers.data.every((u: { role: string }) => u.role === 'driver')).toBe(true);
    const staff = (
      await t.request({ method: 'GET', url: `/api/users?restaurant_id=${own}`, token: tokens.appmanager })
    ).json();
    expect(staff.data.map((u: { email: string }) => u.email).sort()).toEqual([
      'employee@example.com',
      'manager@example.com',
    ]);
    expect(staff.data[0].restaurant_name).toBe('Ćevabdžinica Željo');
    const found = (
      await t.request({ method: 'GET', url: '/api/users?q=amra%20hod', token: tokens.admin })
    ).json();
    expect(found.data.map((u: { email: string }) => u.email)).toEqual(['admin@example.com']);
    expect(
      (await t.request({ method: 'GET', url: '/api/users?role=boss', token: tokens.admin })).statusCode,
    ).toBe(400);
  });

  it('shows a restaurant manager only the employees of their own restaurant', async () => {
    const mine = (await t.request({ method: 'GET', url: '/api/users', token: tokens.manager })).json();
    expect(mine.data.map((u: { email: string }) => u.email)).toEqual(['employee@example.com']);
    expect(
      (await t.request({ method: 'GET', url: `/api/users?restaurant_id=${other}`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
  });

  it('refuses employees, dispatchers and app users', async () => {
    for (const who of ['employee', 'dispatcher', 'customer']) {
      expect(
        (await t.request({ method: 'GET', url: '/api/users', token: tokens[who] })).statusCode,
        who,
      ).toBe(403);
    }
  });
});

describe('creating users', () => {
  it('creates any role for Admin; a driver gets a driver profile', async () => {
    const res = await post('admin', newUser({ role: 'driver' }));
    expect(res.statusCode).toBe(201);
    const user = res.json().data;
    expect(user).toMatchObject({ role: 'driver', restaurant_id: null, is_active: true });
    expect(await t.database.db.select().from(drivers).where(eq(drivers.user_id, user.id))).toHaveLength(1);
    // The new account signs in with its password.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/app/sign-in',
          payload: { email: user.email, password: 'Zu7#mostarBridge' },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('keeps App Managers away from Admin accounts', async () => {
    const before = await userCount();
    const res = await post('appmanager', newUser({ role: 'admin' }));
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Only an Admin can create, change or delete Admin accounts.');
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/users/${adminId}`,
          token: tokens.appmanager,
          payload: { first_name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/users/${adminId}`, token: tokens.appmanager }))
        .statusCode,
    ).toBe(403);
    expect(await userCount()).toBe(before);
    expect((await post('appmanager', newUser())).statusCode).toBe(201);
  });

  it('needs a restaurant for restaurant staff and refuses one for everybody else', async () => {
    const missing = await post('admin', newUser({ role: 'restaurant_employee' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ restaurant_id: ['Choose the restaurant this person works in'] });
    const extra = await post('admin', newUser({ role: 'dispatcher', restaurant_id: own }));
    expect(extra.json().errors).toEqual({ restaurant_id: ['Only restaurant staff belong to a restaurant'] });
    const unknown = await post('admin', newUser({ role: 'restaurant_manager', restaurant_id: 99999 }));
    expect(unknown.json().errors).toEqual({ restaurant_id: ['Choose an existing restaurant'] });
  });

  it('refuses a taken email (any case), weak and leaked passwords with the seed messages, changing nothing', async () => {
    const before = await userCount();
    const dup = await post('admin', newUser({ email: 'Employee@Example.com' }));
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ email: ['This email is already in use'] });
    const weak = await post('admin', newUser({ password: 'abcdefgh' }));
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.password).toContain(
      'Password must contain one uppercase letter, one lowercase letter, one number and one special character',
    );
    const leaked = await post('admin', newUser({ password: 'P@ssw0rd' }), 'bs');
    expect(leaked.json().errors).toEqual({
      password: ['Navedena lozinka se pojavila u curenju podataka. Molimo odaberite drugu lozinku.'],
    });
    const bad = await post('admin', { first_name: '', email: 'x', role: 'pilot' });
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      'email',
      'first_name',
      'last_name',
      'password',
      'role',
    ]);
    expect(await userCount()).toBe(before);
  });

  it('lets a restaurant manager add employees to their own restaurant only', async () => {
    const ok = await post('manager', newUser({ role: 'restaurant_employee', restaurant_id: own }));
    expect(ok.statusCode).toBe(201);
    expect(
      (await post('manager', newUser({ role: 'restaurant_employee', restaurant_id: other }))).statusCode,
    ).toBe(403);
    expect(
      (await post('manager', newUser({ role: 'restaurant_manager', restaurant_id: own }))).statusCode,
    ).toBe(403);
    expect((await post('manager', newUser({ role: 'admin' }))).statusCode).toBe(403);
    expect(
      (await post('employee', newUser({ role: 'restaurant_employee', restaurant_id: own }))).statusCode,
    ).toBe(403);
  });
});

describe('editing, deactivating and deleting users', () => {
  it('deactivation revokes the sessions at once: a refresh afterwards fails', async () => {
    const created = (await post('admin', newUser())).json().data;
    const session = await t.signIn(created.email, 'Zu7#mostarBridge');
    const res = await t.request({
      method: 'PATCH',
      url: `/api/users/${created.id}`,
      token: tokens.admin,
      payload: { is_active: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.is_active).toBe(false);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: session.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    const signIn = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: created.email, password: 'Zu7#mostarBridge' },
    });
    expect(signIn.statusCode).toBe(401);
  });

  it('nobody deletes or deactivates their own account', async () => {
    const res = await t.request({
      method: 'DELETE',
      url: `/api/users/${adminId}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('You cannot delete your own account.');
    const off = await t.request({
      method: 'PATCH',
      url: `/api/users/${adminId}`,
      token: tokens.admin,
      payload: { is_active: false },
    });
    expect(off.statusCode).toBe(422);
  });

  it('deletes an account without history, and deactivates one with history, saying so', async () => {
    const fresh = (await post('admin', newUser())).json().data;
    const del = await t.request({
      method: 'DELETE',
      url: `/api/users/${fresh.id}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(del.json()).toEqual({ result: 'deleted', message: 'User deleted' });
    expect(
      (await t.request({ method: 'GET', url: `/api/users/${fresh.id}`, token: tokens.admin })).statusCode,
    ).toBe(404);

    // The app manager has written to the log (created users above): a history that must keep its author.
    const [appManager] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'appmanager@example.com'));
    const res = await t.request({
      method: 'DELETE',
      url: `/api/users/${appManager?.id}`,
      token: tokens.admin,
      lang: 'en',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe('deactivated');
    expect(res.json().message).toMatch(/deactivated instead of deleted/);
    const [after] = await t.database.db.select().from(users).where(eq(users.email, 'appmanager@example.com'));
    expect(after?.is_active).toBe(false);
    await t.database.db
      .update(users)
      .set({ is_active: true })
      .where(eq(users.email, 'appmanager@example.com'));
  });

  it('deactivates instead of deleting a customer or driver whose orders, shifts or meals keep pointing at them', async () => {
    const db = t.database.db;
    const [anOrder] = await db
      .select({ id: orders.id, restaurant_id: orders.restaurant_id })
      .from(orders)
      .limit(1);
    const histories: [string, (id: number, token: string) => Promise<unknown>][] = [
      [
        'customer',
        (id) =>
          db
            .update(orders)
            .set({ customer_id: id })
            .where(eq(orders.id, anOrder?.id ?? 0)),
      ],
      [
        'driver',
        (id) =>
          db
            .update(orders)
            .set({ driver_id: id })
            .where(eq(orders.id, anOrder?.id ?? 0)),
      ],
      [
        'driver',
        async (_, token) => {
          // A whole shift without an order: its end-of-shift request is the cash register's record.
          await t.request({ method: 'POST', url: '/api/driver/shift/start', token });
          await t.request({
            method: 'POST',
            url: '/api/driver/end-shift',
            token,
            payload: { declared_amount: 0 },
          });
        },
      ],
      [
        'driver',
        (id) =>
          db.insert(driverMeals).values({
            driver_id: id,
            restaurant_id: anOrder?.restaurant_id ?? 0,
            date: '2026-01-05',
            amount: 800,
          }),
      ],
    ];
    for (const [role, makeHistory] of histories) {
      const created = (await post('admin', newUser({ role }))).json().data;
      const session = await t.signIn(created.email, 'Zu7#mostarBridge');
      await makeHistory(created.id, session.access_token);
      const res = await t.request({
        method: 'DELETE',
        url: `/api/users/${created.id}`,
        token: tokens.admin,
        lang: 'en',
      });
      expect(res.statusCode, `${role}: ${res.body}`).toBe(200);
      expect(res.json()).toEqual({
        result: 'deactivated',
        message:
          'The user has a history (orders, shifts or log entries), so the account was deactivated instead of deleted.',
      });
      const [after] = await db.select().from(users).where(eq(users.id, created.id));
      expect(after?.is_active).toBe(false);
      // Its sessions ended with it.
      expect(
        (await t.request({ method: 'GET', url: '/api/auth/me', token: session.access_token })).statusCode,
      ).toBe(401);
    }
  });

  it('lets a manager edit their own employees but no one else', async () => {
    const [employee] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'employee@example.com'));
    const ok = await t.request({
      method: 'PATCH',
      url: `/api/users/${employee?.id}`,
      token: tokens.manager,
      payload: { last_name: 'Delić-Hodžić' },
    });
    expect(ok.statusCode).toBe(200);
    const promote = await t.request({
      method: 'PATCH',
      url: `/api/users/${employee?.id}`,
      token: tokens.manager,
      payload: { role: 'restaurant_manager' },
    });
    expect(promote.statusCode).toBe(403);
    const [manager2] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'manager2@example.com'));
    expect(
      (await t.request({ method: 'GET', url: `/api/users/${manager2?.id}`, token: tokens.manager }))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/users/${adminId}`,
          token: tokens.manager,
          payload: { first_name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('changing a password by an admin applies the policy and ends the user sessions', async () => {
    const created = (await post('admin', newUser())).json().data;
    const session = await t.signIn(created.email, 'Zu7#mostarBridge');
    const leaked = await t.request({
      method: 'PATCH',
      url: `/api/users/${created.id}`,
      token: tokens.admin,
      payload: { password: 'Password1!' },
    });
    expect(leaked.statusCode).toBe(400);
    const ok = await t.request({
      method: 'PATCH',
      url: `/api/users/${created.id}`,
      token: tokens.admin,
      payload: { password: 'Kx9!vrelo-Bosne' },
    });
    expect(ok.statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: session.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    await t.signIn(created.email, 'Kx9!vrelo-Bosne');
  });
});

describe("a new password is checked against the account's own name and e-mail (issue 22)", () => {
  const WEAK = 'This password is too easy to guess. Use a longer one with words that do not belong together.';

  it('on creation, on an admin change, with the name the account will have after the patch', async () => {
    const created = await post(
      'admin',
      newUser({ first_name: 'Zlatan', last_name: 'Kovačević', email: `zlatan.k.${Date.now()}@example.ba` }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/users/${created.json().data.id}`;
    const patch = (payload: object) =>
      t.request({ method: 'PATCH', url, token: tokens.admin, lang: 'en', payload });

    // Strong enough for someone else: refused for Zlatan Kovačević.
    const own = await patch({ password: 'Kovacevic#Zlatan7' });
    expect(own.statusCode, own.body).toBe(400);
    expect(own.json().errors.password).toEqual([WEAK]);
    // The same patch renames the account: the new name counts.
    const renamed = await patch({ first_name: 'Edin', password: 'Kovacevic#Edin7' });
    expect(renamed.statusCode, renamed.body).toBe(400);
    expect(renamed.json().errors.password).toEqual([WEAK]);
    expect((await t.request({ method: 'GET', url, token: tokens.admin })).json().data.first_name).toBe(
      'Zlatan',
    );
    // The family that passed before issue 22: a Bosnian season or month with a year.
    for (const password of ['Ljeto2026!', 'Septembar2026!']) {
      const res = await patch({ password });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors.password, password).toEqual([WEAK]);
    }
    expect((await patch({ password: 'Kx9!vrelo-Bosne' })).statusCode).toBe(200);
  });
});

describe('partial updates of users', () => {
  it('a PATCH changes only the fields it names: a deactivated account stays deactivated', async () => {
    const created = (await post('admin', newUser())).json().data;
    const url = `/api/users/${created.id}`;
    await expectPatchChangesOnly(t, tokens.admin as string, url, { is_active: false });
    const after = await expectPatchChangesOnly(t, tokens.admin as string, url, { first_name: 'Preimenovan' });
    expect(after.is_active).toBe(false);
    expect(after.first_name).toBe('Preimenovan');
    // The manager's own employee: the same rule on the restaurant side.
    const employee = (
      await post('manager', newUser({ role: 'restaurant_employee', restaurant_id: own }))
    ).json().data;
    const employeeUrl = `/api/users/${employee.id}`;
    await expectPatchChangesOnly(t, tokens.manager as string, employeeUrl, { is_active: false });
    const renamed = await expectPatchChangesOnly(t, tokens.manager as string, employeeUrl, {
      last_name: 'Novo',
    });
    expect(renamed.is_active).toBe(false);
  });
});
