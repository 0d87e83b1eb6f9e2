import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * Revocation takes effect at once: after logout, deactivation, deletion, a role or password change,
 * the access tokens already handed out stop working on the next request (not after their lifetime),
 * and the user's open event streams close.
 */
let t: TestContext;
let admin = '';
let base = '';
beforeAll(async () => {
  t = await createTestContext();
  admin = (await t.signIn('admin@example.com')).access_token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

let n = 0;
async function newAccount(role: string, over: object = {}) {
  const email = `revoke.${++n}.${Date.now()}@example.ba`;
  const res = await t.request({
    method: 'POST',
    url: '/api/users',
    token: admin,
    payload: { first_name: 'Opoziv', last_name: `${n}`, email, role, password: STRONG, ...over },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().data.id as number, email };
}
const STRONG = 'Kx9!vrelo-Bosne';
const me = (token: string) => t.request({ method: 'GET', url: '/api/auth/me', token, lang: 'en' });
const expectRevoked = async (token: string) => {
  const res = await me(token);
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({
    error: 'session_revoked',
    message: 'Your session has ended. Please sign in again.',
  });
};

describe('revocation takes effect at once', () => {
  it('logout ends that session’s access token, not the user’s other sessions', async () => {
    const { email } = await newAccount('dispatcher');
    const first = await t.signIn(email, STRONG);
    const second = await t.signIn(email, STRONG);
    expect((await me(first.access_token)).statusCode).toBe(200); // now remembered as active
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: first.access_token,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await expectRevoked(first.access_token);
    const orders = await t.request({ method: 'GET', url: '/api/active-orders', token: first.access_token });
    expect([401, 404]).toContain(orders.statusCode);
    expect((await me(second.access_token)).statusCode).toBe(200);
  });

  it('deactivation, a role change and a new password end every session of the account', async () => {
    const deactivated = await newAccount('dispatcher');
    const s1 = await t.signIn(deactivated.email, STRONG);
    expect((await me(s1.access_token)).statusCode).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/users/${deactivated.id}`,
      token: admin,
      payload: { is_active: false },
    });
    await expectRevoked(s1.access_token);

    const promoted = await newAccount('dispatcher');
    const s2 = await t.signIn(promoted.email, STRONG);
    expect((await me(s2.access_token)).statusCode).toBe(200);
    await t.request({
      method: 'PATCH',
      url: `/api/users/${promoted.id}`,
      token: admin,
      payload: { role: 'app_manager' },
    });
    await expectRevoked(s2.access_token);

    const changer = await newAccount('dispatcher');
    const here = await t.signIn(changer.email, STRONG);
    const elsewhere = await t.signIn(changer.email, STRONG);
    expect((await me(elsewhere.access_token)).statusCode).toBe(200);
    const changed = await t.request({
      method: 'POST',
      url: '/api/auth/change-password',
      token: here.access_token,
      payload: {
        current_password: STRONG,
        new_password: 'Vrbas#Kanjon-77',
        confirm_password: 'Vrbas#Kanjon-77',
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await expectRevoked(elsewhere.access_token);
    expect((await me(here.access_token)).statusCode).toBe(200);
  });

  it('a deleted user’s live token gets 401 on every route, assign and status included (never a 500)', async () => {
    const dispatcher = await newAccount('dispatcher');
    const driver = await newAccount('driver');
    const staff = await t.signIn(dispatcher.email, STRONG);
    const app = await t.signIn(driver.email, STRONG);
    expect((await me(staff.access_token)).statusCode).toBe(200);
    for (const id of [dispatcher.id, driver.id]) {
      const res = await t.request({ method: 'DELETE', url: `/api/users/${id}`, token: admin });
      expect(res.json().result).toBe('deleted');
    }
    expect(await t.database.db.select().from(users).where(eq(users.id, dispatcher.id))).toHaveLength(0);
    for (const [token, url, payload] of [
      [staff.access_token, '/api/orders/1/assign', { driver_id: driver.id }],
      [staff.access_token, '/api/orders/1/status', { status: 'cancelled', reason: 'x' }],
      [app.access_token, '/api/driver/orders/1/status', { status: 'delivered' }],
      [app.access_token, '/api/driver/shift/start', {}],
    ] as const) {
      const res = await t.request({ method: 'POST', url, token, payload, lang: 'en' });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(401);
      expect(res.json().error).toBe('session_revoked');
    }
  });

  it('closes the open event stream of a session that ends', async () => {
    const { email } = await newAccount('dispatcher');
    const session = await t.signIn(email, STRONG);
    const controller = new AbortController();
    // A stream the server failed to close must not keep the test file open (a limit, not a wait:
    // generous enough for a loaded machine, below the test's own).
    const timer = setTimeout(() => controller.abort(), 20_000);
    const res = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${session.access_token}` },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    const reader = res.body?.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('event: ready')) text += decoder.decode((await reader?.read())?.value);
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: session.access_token,
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    // The server ends the stream: the reader reaches its end (a stream left open would time out).
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) break;
      text += decoder.decode(chunk.value);
    }
    clearTimeout(timer);
    expect(controller.signal.aborted).toBe(false);
    expect(text).toContain('event: revoked');
  });
});
