import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
const tokens: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
});
afterAll(() => t.close());

const check = (app_type: string, version: string) =>
  t.request({ method: 'GET', url: `/api/app-versions/check?app_type=${app_type}&version=${version}` });

describe('app versions', () => {
  it('orders versions numerically: 1.10.0 is newer than 1.9.0', async () => {
    const list = (
      await t.request({ method: 'GET', url: '/api/app-versions?app_type=driver', token: tokens.admin })
    ).json().data;
    expect(list.map((v: { version: string }) => v.version)).toEqual(['1.10.0', '1.9.0', '1.8.0']);
    const latest = (await check('driver', '1.9.0')).json().data;
    expect(latest).toMatchObject({
      update_available: true,
      force_update: true,
      latest: { version: '1.10.0' },
    });
  });

  it('tells an app whether it may or must update, without sign-in', async () => {
    expect((await check('driver', '1.10.0')).json().data).toMatchObject({
      update_available: false,
      force_update: false,
    });
    expect((await check('customer', '2.3.1')).json().data).toMatchObject({
      update_available: true,
      force_update: false,
    });
    expect((await check('driver', '1.8.5')).json().data.force_update).toBe(true);
    expect((await check('backend', '9.0.0')).json().data.update_available).toBe(false);
    expect((await check('driver', 'latest')).statusCode).toBe(400);
    expect((await check('fridge', '1.0.0')).statusCode).toBe(400);
  });

  it('counts the versions apps report, marking the outdated and the forced', async () => {
    await check('driver', '1.7.3');
    await check('driver', '1.7.3');
    const usage = (
      await t.request({ method: 'GET', url: '/api/app-versions/usage', token: tokens.appmanager })
    ).json().data;
    expect(usage.find((u: { version: string }) => u.version === '1.7.3')).toMatchObject({
      app_type: 'driver',
      reports: 2,
      outdated: true,
      force_update: true,
    });
    expect(
      usage.find(
        (u: { version: string; app_type: string }) => u.app_type === 'driver' && u.version === '1.10.0',
      ),
    ).toMatchObject({
      outdated: false,
    });
  });

  it('adds and deletes for Admin and App Manager; duplicates and bad versions are refused', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/app-versions',
      token: tokens.appmanager,
      payload: { app_type: 'restaurant', version: '1.3.0', priority: 'low', notes: '' },
    });
    expect(created.statusCode).toBe(201);
    const dup = await t.request({
      method: 'POST',
      url: '/api/app-versions',
      token: tokens.admin,
      lang: 'en',
      payload: { app_type: 'restaurant', version: '1.3.0', priority: 'high' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().errors).toEqual({ version: ['This version already exists for this app'] });
    const bad = await t.request({
      method: 'POST',
      url: '/api/app-versions',
      token: tokens.admin,
      lang: 'en',
      payload: { app_type: 'restaurant', version: '1.3', priority: 'urgent' },
    });
    expect(bad.json().errors).toEqual({
      version: ['Use a version like 1.4.2'],
      priority: ['Choose one of the offered values'],
    });
    for (const who of ['dispatcher', 'manager']) {
      expect(
        (await t.request({ method: 'GET', url: '/api/app-versions', token: tokens[who] })).statusCode,
      ).toBe(403);
    }
    const id = created.json().data.id;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/app-versions/${id}`, token: tokens.admin })).statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/app-versions/${id}`, token: tokens.admin })).statusCode,
    ).toBe(404);
  });
});

describe('correcting an app version', () => {
  const patch = (id: number, who: string, payload: Record<string, unknown>, lang?: 'bs' | 'en') =>
    t.request({ method: 'PATCH', url: `/api/app-versions/${id}`, token: tokens[who], payload, lang });

  it('lets Admin and App Manager change any field, audited; others are refused', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/app-versions',
      token: tokens.admin,
      payload: { app_type: 'customer', version: '7.0.0', priority: 'low', notes: 'First cut' },
    });
    const id = created.json().data.id as number;

    const byManager = await patch(id, 'appmanager', { priority: 'extreme', notes: 'Security fix' });
    expect(byManager.statusCode, byManager.body).toBe(200);
    expect(byManager.json().data).toMatchObject({
      id,
      version: '7.0.0',
      priority: 'extreme',
      notes: 'Security fix',
    });

    // A corrected number orders numerically like a new one: 7.10.0 is the newest customer version.
    const byAdmin = await patch(id, 'admin', { version: '7.10.0' });
    expect(byAdmin.statusCode).toBe(200);
    expect((await check('customer', '7.9.0')).json().data).toMatchObject({
      force_update: true,
      latest: { version: '7.10.0' },
    });

    for (const who of ['dispatcher', 'manager']) {
      expect((await patch(id, who, { priority: 'low' })).statusCode).toBe(403);
    }
    const listed = (
      await t.request({ method: 'GET', url: '/api/app-versions?app_type=customer', token: tokens.admin })
    ).json().data;
    expect(listed.find((v: { id: number }) => v.id === id)).toMatchObject({ priority: 'extreme' });

    const audit = (
      await t.request({ method: 'GET', url: `/api/audit-log?entity=app_versions`, token: tokens.admin })
    ).json().data;
    expect(audit[0]).toMatchObject({ action: 'update', entity: 'app_versions', entity_id: String(id) });
    expect(audit[0].before).toMatchObject({ version: '7.0.0' });
    expect(audit[0].after).toMatchObject({ version: '7.10.0' });
  });

  it('refuses a taken or malformed version with field errors, and an unknown id with 404', async () => {
    const [a, b] = await Promise.all(
      ['8.0.0', '8.1.0'].map((version) =>
        t.request({
          method: 'POST',
          url: '/api/app-versions',
          token: tokens.admin,
          payload: { app_type: 'backend', version, priority: 'low' },
        }),
      ),
    );
    const taken = await patch(a?.json().data.id, 'admin', { version: '8.1.0' }, 'en');
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ version: ['This version already exists for this app'] });
    const bad = await patch(b?.json().data.id, 'admin', { version: 'v9', priority: 'urgent' }, 'bs');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['priority', 'version']);
    expect((await patch(999_999, 'admin', { priority: 'low' })).statusCode).toBe(404);
  });
});

describe('the audit log', () => {
  it('names orders by their number and deleted records by what the entry kept', async () => {
    const [order] = (
      await t.request({ method: 'GET', url: '/api/orders?per_page=1', token: tokens.admin })
    ).json().data;
    await t.database.db.execute(
      sql`insert into audit_log (actor_id, actor_role, action, entity, entity_id, before, after)
          values (null, null, 'status', 'orders', ${String(order.id)}, '{"status":"created"}', '{"status":"accepted"}')`,
    );
    const created = await t.request({
      method: 'POST',
      url: '/api/app-versions',
      token: tokens.admin,
      payload: { app_type: 'driver', version: '9.9.9', priority: 'low' },
    });
    const versionId = created.json().data.id;
    await t.request({ method: 'DELETE', url: `/api/app-versions/${versionId}`, token: tokens.admin });

    const orders = (
      await t.request({ method: 'GET', url: '/api/audit-log?entity=orders&per_page=5', token: tokens.admin })
    ).json().data;
    expect(orders[0]).toMatchObject({
      entity_id: String(order.id),
      subject: { name: order.order_number, exists: true },
    });
    const versions = (
      await t.request({
        method: 'GET',
        url: '/api/audit-log?entity=app_versions&per_page=2',
        token: tokens.admin,
      })
    ).json().data;
    expect(versions[0]).toMatchObject({ action: 'delete', subject: { name: 'driver 9.9.9', exists: false } });
    expect(versions[1]).toMatchObject({ action: 'create', subject: { name: 'driver 9.9.9', exists: false } });
  });

  it('shows who did what to which record, filtered by user, entity and period', async () => {
    await t.request({
      method: 'PATCH',
      url: '/api/restaurants/2',
      token: tokens.appmanager,
      payload: { phone: '+387 33 000 111' },
    });
    const res = await t.request({
      method: 'GET',
      url: '/api/audit-log?entity=restaurants',
      token: tokens.admin,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({
      action: 'update',
      entity: 'restaurants',
      entity_id: '2',
      actor: { role: 'app_manager' },
    });
    expect(entry.after).toMatchObject({ phone: '+387 33 000 111' });
    // Named as people name it, resolved for the page's rows in SQL.
    const restaurant = (
      await t.request({ method: 'GET', url: '/api/restaurants/2', token: tokens.admin })
    ).json().data;
    expect(entry.subject).toEqual({ name: restaurant.name, exists: true, restaurant_id: null });
    const byUser = (
      await t.request({ method: 'GET', url: `/api/audit-log?user_id=${entry.actor.id}`, token: tokens.admin })
    ).json().data;
    expect(byUser.every((e: { actor: { id: number } }) => e.actor.id === entry.actor.id)).toBe(true);
    const today = new Date().toISOString().slice(0, 10);
    const past = (
      await t.request({ method: 'GET', url: '/api/audit-log?to=2020-01-01', token: tokens.admin })
    ).json();
    expect(past.meta.total).toBe(0);
    expect(
      (await t.request({ method: 'GET', url: `/api/audit-log?from=${today}`, token: tokens.admin })).json()
        .meta.total,
    ).toBeGreaterThan(0);
    const facets = (
      await t.request({ method: 'GET', url: '/api/audit-log/facets', token: tokens.admin })
    ).json().data;
    expect(facets.entities).toContain('restaurants');
    for (const who of ['dispatcher', 'manager']) {
      expect((await t.request({ method: 'GET', url: '/api/audit-log', token: tokens[who] })).statusCode).toBe(
        403,
      );
    }
  });
});
