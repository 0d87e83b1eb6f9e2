import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, users, vehicles } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import { expectPatchChangesOnly } from '../../test/patch.js';

let t: TestContext;
const tokens: Record<string, string> = {};
let freeDriver = 0;
beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const res = await t.request({
    method: 'POST',
    url: '/api/users',
    token: tokens.admin,
    payload: {
      first_name: 'Novi',
      last_name: 'Vozač',
      email: 'novi.vozac@example.ba',
      role: 'driver',
      password: 'Zu7#mostarBridge',
    },
  });
  freeDriver = res.json().data.id;
});
afterAll(() => t.close());

const count = async () => (await t.database.db.select().from(vehicles)).length;

describe('vehicles', () => {
  it('lists with filters for Admin, App Manager and Dispatcher; others are refused', async () => {
    for (const who of ['admin', 'appmanager', 'dispatcher']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/vehicles?type=bike&per_page=100',
        token: tokens[who],
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.length).toBeGreaterThan(0);
      expect(res.json().data.every((v: { type: string }) => v.type === 'bike')).toBe(true);
    }
    expect((await t.request({ method: 'GET', url: '/api/vehicles', token: tokens.manager })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/vehicles', token: tokens.driver })).statusCode).toBe(
      403,
    );
  });

  it('creates, edits and deletes for Admin and App Manager, with the driver who uses it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.appmanager,
      payload: { plate_number: 'e55-m-123', type: 'car', driver_id: freeDriver },
    });
    expect(created.statusCode).toBe(201);
    const v = created.json().data;
    expect(v).toMatchObject({
      plate_number: 'E55-M-123',
      type: 'car',
      driver: { id: freeDriver, first_name: 'Novi' },
    });
    const edited = await t.request({
      method: 'PATCH',
      url: `/api/vehicles/${v.id}`,
      token: tokens.admin,
      payload: { type: 'scooter', driver_id: null },
    });
    expect(edited.json().data).toMatchObject({ type: 'scooter', driver: null });
    expect(
      (
        await t.request({
          method: 'PATCH',
          url: `/api/vehicles/${v.id}`,
          token: tokens.dispatcher,
          payload: { type: 'car' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/vehicles/${v.id}`, token: tokens.admin })).statusCode,
    ).toBe(204);
    expect(
      (await t.request({ method: 'GET', url: `/api/vehicles/${v.id}`, token: tokens.admin })).statusCode,
    ).toBe(404);
  });

  it('treats plates that differ in case, spaces and dashes as the same plate', async () => {
    const before = await count();
    const [existing] = await t.database.db.select().from(vehicles).limit(1);
    const variant = (existing?.plate_number ?? '').toLowerCase().replaceAll('-', ' ');
    const res = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      lang: 'en',
      payload: { plate_number: variant, type: 'car' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors).toEqual({ plate_number: ['A vehicle with this plate number already exists'] });
    expect(await count()).toBe(before);
  });

  it('refuses a driver who already has a vehicle, a non-driver, and bad input', async () => {
    const [withVehicle] = await t.database.db.select().from(vehicles).limit(1);
    const taken = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      lang: 'en',
      payload: { plate_number: 'Z99-Z-999', type: 'car', driver_id: withVehicle?.driver_id },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ driver_id: ['This driver already uses another vehicle'] });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    const notDriver = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      lang: 'en',
      payload: { plate_number: 'Z99-Z-998', type: 'car', driver_id: admin?.id },
    });
    expect(notDriver.json().errors).toEqual({ driver_id: ['Choose an existing driver'] });
    const bad = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      lang: 'en',
      payload: { plate_number: '!!', type: 'tank' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      plate_number: ['Use letters, digits, spaces and dashes'],
      type: ['Choose one of the offered values'],
    });
  });

  it("shows a vehicle's type in the caller's language in the header search", async () => {
    const [vehicle] = await t.database.db.select().from(vehicles).limit(1);
    const words = {
      bs: { bike: 'Bicikl', car: 'Automobil', scooter: 'Skuter' },
      en: { bike: 'Bike', car: 'Car', scooter: 'Scooter' },
    };
    for (const lang of ['bs', 'en'] as const) {
      const res = await t.request({
        method: 'GET',
        url: `/api/search?q=${encodeURIComponent(vehicle?.plate_number ?? '')}`,
        token: tokens.admin,
        lang,
      });
      expect(res.statusCode).toBe(200);
      const hit = res.json().data.find((h: { kind: string }) => h.kind === 'vehicle');
      expect(hit?.subtitle).toBe(words[lang][vehicle?.type ?? 'car']);
    }
  });

  it('moves a driver who uses another vehicle when asked, in one audited change', async () => {
    const [held] = await t.database.db.select().from(vehicles).where(isNotNull(vehicles.driver_id)).limit(1);
    const driverId = held?.driver_id ?? 0;
    const created = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      payload: { plate_number: 'M01-V-001', type: 'scooter', driver_id: driverId, move_driver: true },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().data.driver.id).toBe(driverId);
    const [old] = await t.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, held?.id ?? 0));
    expect(old?.driver_id).toBeNull();

    // And back onto the first vehicle through an edit.
    const moved = await t.request({
      method: 'PATCH',
      url: `/api/vehicles/${held?.id}`,
      token: tokens.admin,
      payload: { driver_id: driverId, move_driver: true },
    });
    expect(moved.statusCode).toBe(200);
    const [created2] = await t.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, created.json().data.id));
    expect(created2?.driver_id).toBeNull();
    const log = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'vehicles'), eq(auditLog.entity_id, String(created.json().data.id))));
    expect(log.map((e) => e.action).sort()).toEqual(['create', 'update']);

    // Without the flag the same driver is still refused, and nothing changes.
    const refused = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      payload: { plate_number: 'M01-V-002', type: 'car', driver_id: driverId },
    });
    expect(refused.statusCode).toBe(409);
    const [still] = await t.database.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.id, held?.id ?? 0));
    expect(still?.driver_id).toBe(driverId);
  });
});

describe('partial updates of vehicles', () => {
  it('a PATCH changes only the fields it names: the driver stays assigned', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/vehicles',
      token: tokens.admin,
      payload: { plate_number: 'P12-K-001', type: 'car', driver_id: freeDriver },
    });
    expect(created.statusCode, created.body).toBe(201);
    const url = `/api/vehicles/${created.json().data.id}`;
    const after = await expectPatchChangesOnly(t, tokens.admin as string, url, { type: 'scooter' });
    expect(after.driver).toMatchObject({ id: freeDriver });
  });
});
