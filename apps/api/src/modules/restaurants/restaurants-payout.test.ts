import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, restaurants, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * The payout account a restaurant's settlements are paid into changes only through Admin or App
 * Manager: directly, or by approving a request the restaurant's manager files.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let own = 0; // the restaurant of manager@ and employee@
let other = 0; // manager2@'s restaurant
const FIRST = 'BA391290079401028494';
const SECOND = 'BA391540012010472992';
const THIRD = 'BA391540012020945888';
/** A calendar date `daysAgo` days before today in the operation's zone (whole days, across DST too). */
const day = (daysAgo: number) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Sarajevo' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee', 'manager2', 'driver']) {
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  }
  const db = t.database.db;
  own = (await db.select().from(users).where(eq(users.email, 'manager@example.com')))[0]?.restaurant_id ?? 0;
  other =
    (await db.select().from(users).where(eq(users.email, 'manager2@example.com')))[0]?.restaurant_id ?? 0;
  await db
    .update(restaurants)
    .set({ iban: FIRST })
    .where(inArray(restaurants.id, [own, other]));
});
afterAll(() => t.close());

const ibanOf = async (id: number) =>
  (await t.database.db.select({ iban: restaurants.iban }).from(restaurants).where(eq(restaurants.id, id)))[0]
    ?.iban;
const request = (who: string, restaurant: number, iban: string) =>
  t.request({
    method: 'POST',
    url: `/api/restaurants/${restaurant}/payout-requests`,
    token: tokens[who],
    lang: 'en',
    payload: { iban },
  });
const decide = (who: string, restaurant: number, id: number, action: 'approve' | 'reject', reason?: string) =>
  t.request({
    method: 'POST',
    url: `/api/restaurants/${restaurant}/payout-requests/${id}/${action}`,
    token: tokens[who],
    lang: 'en',
    payload: action === 'reject' ? { reason } : {},
  });
const list = (who: string, restaurant: number) =>
  t.request({
    method: 'GET',
    url: `/api/restaurants/${restaurant}/payout-requests`,
    token: tokens[who],
    lang: 'en',
  });
const audited = (entity: string, id: number, action: string) =>
  t.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entity_id, String(id)), eq(auditLog.action, action)));

describe('PATCH /api/restaurants/:id and the payout account', () => {
  it("refuses a manager's change of the IBAN with a translated 403 that points to a request", async () => {
    for (const lang of ['en', 'bs']) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/restaurants/${own}`,
        token: tokens.manager,
        lang,
        payload: { iban: SECOND, phone: '+387 33 100 200' },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe('payout_by_request');
      expect(res.json().message).toBe(
        lang === 'en'
          ? 'The payout account changes through a request that an Admin or App Manager approves.'
          : 'Račun za isplatu se mijenja zahtjevom koji odobrava Admin ili App Manager.',
      );
    }
    expect(await ibanOf(own)).toBe(FIRST);
    // Clearing it is a change as well.
    const cleared = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
      payload: { iban: '' },
    });
    expect(cleared.statusCode).toBe(403);
    expect(await ibanOf(own)).toBe(FIRST);
  });

  it('accepts the unchanged account sent back with the form, in any spacing', async () => {
    const res = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
      payload: { iban: 'BA39 1290 0794 0102 8494', phone: '+387 33 100 201' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ iban: FIRST, payout_request_pending: false });
  });

  it('lets Admin and App Manager change it directly, audited', async () => {
    for (const [who, iban] of [
      ['admin', SECOND],
      ['appmanager', FIRST],
    ] as const) {
      const res = await t.request({
        method: 'PATCH',
        url: `/api/restaurants/${other}`,
        token: tokens[who],
        payload: { iban },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await ibanOf(other)).toBe(iban);
    }
    const entries = await audited('restaurants', other, 'update');
    expect(entries.at(-1)?.after).toMatchObject({ iban: FIRST });
    expect(entries.at(-1)?.before).toMatchObject({ iban: SECOND });
  });
});

describe('payout requests', () => {
  let pending = 0;

  it('lets the manager file one for their own restaurant: pending, audited, the account unchanged', async () => {
    const res = await request('manager', own, 'ba39 1540 0120 1047 2992');
    expect(res.statusCode, res.body).toBe(201);
    const filed = res.json().data;
    expect(filed).toMatchObject({
      restaurant_id: own,
      status: 'pending',
      iban: SECOND,
      previous_iban: FIRST,
      requested_by: { name: expect.any(String) },
      decided_by: null,
      reason: null,
    });
    pending = filed.id;
    expect(await ibanOf(own)).toBe(FIRST);
    expect((await audited('restaurant_payout_requests', pending, 'create')).at(-1)?.after).toMatchObject({
      iban: SECOND,
      restaurant_id: own,
    });
    const restaurant = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
    });
    expect(restaurant.json().data).toMatchObject({ iban: FIRST, payout_request_pending: true });
  });

  it("shows the pending request to the restaurant's manager and to the operation, to nobody else", async () => {
    for (const who of ['manager', 'admin', 'appmanager']) {
      const res = await list(who, own);
      expect(res.statusCode, who).toBe(200);
      expect(res.json().data[0]).toMatchObject({ id: pending, status: 'pending', iban: SECOND });
    }
    // Bank details are for the manager and the operation (issue 32): the restaurant's own employee,
    // another restaurant's manager and the dispatcher are refused, in the caller's language.
    for (const who of ['employee', 'manager2', 'dispatcher']) {
      const res = await list(who, own);
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({
        error: 'forbidden',
        message: 'You do not have permission for this.',
      });
      expect(res.body, who).not.toContain(SECOND);
    }
    const bosnian = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}/payout-requests`,
      token: tokens.employee,
      lang: 'bs',
    });
    expect(bosnian.json().message).toBe('Nemate dozvolu za ovo.');
    // Nor does the restaurant itself hand the employee its account; its manager still reads it.
    const asEmployee = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}`,
      token: tokens.employee,
    });
    expect(asEmployee.statusCode).toBe(200);
    expect(asEmployee.json().data).toMatchObject({ id: own, iban: null });
    const asManager = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
    });
    expect(asManager.json().data).toMatchObject({ id: own, iban: FIRST });
    // An app token never opens a back-office route.
    expect((await list('driver', own)).statusCode).toBe(403);
    const flagged = await t.request({
      method: 'GET',
      url: '/api/restaurants?per_page=100',
      token: tokens.admin,
    });
    const rows: { id: number; payout_request_pending: boolean }[] = flagged.json().data;
    expect(rows.find((r) => r.id === own)?.payout_request_pending).toBe(true);
    expect(rows.find((r) => r.id === other)?.payout_request_pending).toBe(false);
  });

  it('keeps one request waiting at a time (409), and refuses every other filer', async () => {
    const again = await request('manager', own, THIRD);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      error: 'payout_request_pending',
      message: 'A change of the payout account is already waiting for approval.',
    });
    expect((await request('manager', other, THIRD)).statusCode).toBe(403);
    for (const who of ['employee', 'dispatcher', 'admin', 'appmanager']) {
      expect((await request(who, own, THIRD)).statusCode, who).toBe(403);
    }
    expect((await request('driver', own, THIRD)).statusCode).toBe(403);
  });

  it('validates the account and refuses asking for the account already in use', async () => {
    const bad = await request('manager2', other, 'BA39 1290 0794 0102 8495');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.iban).toEqual(['Enter a valid IBAN, for example BA39 1290 0794 0102 8494']);
    const blank = await request('manager2', other, ' ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.iban).toEqual(['This field is required']);
    const same = await request('manager2', other, 'BA39 1290 0794 0102 8494');
    expect(same.statusCode).toBe(422);
    expect(same.json().error).toBe('payout_unchanged');
    expect((await list('admin', other)).json().data).toEqual([]);
  });

  it('lets only Admin and App Manager decide, on the restaurant the request belongs to', async () => {
    for (const who of ['manager', 'employee', 'dispatcher', 'manager2']) {
      expect((await decide(who, own, pending, 'approve')).statusCode, who).toBe(403);
      expect((await decide(who, own, pending, 'reject', 'Ne')).statusCode, who).toBe(403);
    }
    // The request addressed under another restaurant does not exist there.
    expect((await decide('admin', other, pending, 'approve')).statusCode).toBe(404);
    expect((await decide('admin', own, 99999999, 'approve')).statusCode).toBe(404);
    expect(await ibanOf(own)).toBe(FIRST);
  });

  it('keeps settlements paying the current account until approval, and the new one after it', async () => {
    const settle = async (from: string, to: string) => {
      const created = await t.request({
        method: 'POST',
        url: '/api/settlements',
        token: tokens.admin,
        payload: { restaurant_id: own, from, to },
      });
      expect(created.statusCode, created.body).toBe(201);
      const approved = await t.request({
        method: 'POST',
        url: `/api/settlements/${created.json().data.id}/approve`,
        token: tokens.admin,
      });
      expect(approved.statusCode, approved.body).toBe(200);
      return approved.json().data.payee.iban as string | null;
    };
    // Periods long before the seed's settlements, so none overlaps.
    expect(await settle(day(400), day(394))).toBe(FIRST);

    const approved = await decide('appmanager', own, pending, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({
      status: 'approved',
      decided_by: { name: expect.any(String) },
      decided_at: expect.any(String),
    });
    expect(await ibanOf(own)).toBe(SECOND);
    expect(await settle(day(380), day(374))).toBe(SECOND);

    expect((await audited('restaurant_payout_requests', pending, 'approve')).length).toBe(1);
    const change = (await audited('restaurants', own, 'payout')).at(-1);
    expect(change).toMatchObject({ before: { iban: FIRST }, after: { iban: SECOND } });
    const restaurant = await t.request({
      method: 'GET',
      url: `/api/restaurants/${own}`,
      token: tokens.manager,
    });
    expect(restaurant.json().data.payout_request_pending).toBe(false);
    // Decided once: a second decision is a conflict.
    expect((await decide('admin', own, pending, 'approve')).statusCode).toBe(409);
    expect((await decide('admin', own, pending, 'reject', 'Kasno')).statusCode).toBe(409);
  });

  it('rejects with a reason on record; the account stays', async () => {
    const filed = (await request('manager', own, THIRD)).json().data;
    const noReason = await decide('admin', own, filed.id, 'reject', ' ');
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors.reason).toEqual(['This field is required']);
    const rejected = await decide('admin', own, filed.id, 'reject', 'Račun ne glasi na restoran');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', reason: 'Račun ne glasi na restoran' });
    expect(await ibanOf(own)).toBe(SECOND);
    expect((await audited('restaurant_payout_requests', filed.id, 'reject')).at(-1)?.after).toMatchObject({
      status: 'rejected',
      reason: 'Račun ne glasi na restoran',
    });
    expect((await decide('appmanager', own, filed.id, 'approve')).statusCode).toBe(409);
    expect(await ibanOf(own)).toBe(SECOND);
    // The manager sees the outcome, newest first.
    const seen = (await list('manager', own)).json().data;
    expect(seen.map((r: { status: string }) => r.status)).toEqual(['rejected', 'approved']);
  });

  it('lets exactly one of two simultaneous approvals win; the loser gets 409', async () => {
    const filed = (await request('manager', own, THIRD)).json().data;
    const answers = await Promise.all([
      decide('admin', own, filed.id, 'approve'),
      decide('appmanager', own, filed.id, 'approve'),
      decide('admin', own, filed.id, 'reject', 'Istovremeno'),
    ]);
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    const decided = (await list('admin', own)).json().data[0];
    expect(decided.id).toBe(filed.id);
    expect(['approved', 'rejected']).toContain(decided.status);
    expect(await ibanOf(own)).toBe(decided.status === 'approved' ? THIRD : SECOND);
    const decisions = [
      ...(await audited('restaurant_payout_requests', filed.id, 'approve')),
      ...(await audited('restaurant_payout_requests', filed.id, 'reject')),
    ];
    expect(decisions).toHaveLength(1);
  });
});

describe('a direct change while a request waits', () => {
  it('is not undone by approving the older request: 409 payout_changed, the request can still be rejected', async () => {
    await t.database.db.update(restaurants).set({ iban: FIRST }).where(eq(restaurants.id, other));
    const filed = await request('manager2', other, SECOND);
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.id as number;
    const direct = await t.request({
      method: 'PATCH',
      url: `/api/restaurants/${other}`,
      token: tokens.admin,
      payload: { iban: THIRD },
    });
    expect(direct.statusCode, direct.body).toBe(200);
    const approve = await decide('appmanager', other, id, 'approve');
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({
      error: 'payout_changed',
      message:
        'The payout account was changed after this request was filed: reject it, or ask the manager to file a new one.',
    });
    expect(await ibanOf(other)).toBe(THIRD);
    expect((await decide('admin', other, id, 'reject', 'Promijenjeno direktno')).statusCode).toBe(200);
    expect(await ibanOf(other)).toBe(THIRD);
  });
});
