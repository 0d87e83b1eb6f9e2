import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema/index.js';
import { TokenService } from '../../lib/tokens.js';
import { createTestContext, DEMO_PASSWORD, type TestContext } from '../../test/helpers.js';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, lang?: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/sign-in',
    payload: { email, password },
    ...(lang ? { lang } : {}),
  });

describe('sign-in', () => {
  it('admits every staff role with the user and both tokens', async () => {
    for (const email of ['admin', 'appmanager', 'dispatcher', 'manager', 'employee']) {
      const res = await signIn(`${email}@example.com`, DEMO_PASSWORD);
      expect(res.statusCode).toBe(200);
      const { data } = res.json();
      expect(data.access_token).toMatch(/^ey/);
      expect(data.refresh_token.length).toBeGreaterThan(30);
      expect(data.user.email).toBe(`${email}@example.com`);
    }
  });

  it('matches the email case-insensitively', async () => {
    expect((await signIn('ADMIN@Example.com', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('refuses a wrong password with the seed message in bs (default) and en', async () => {
    const bs = await signIn('admin@example.com', 'Wrong!Pass1');
    expect(bs.statusCode).toBe(401);
    expect(bs.json()).toEqual({ message: 'Prijava nije uspjela.', error: 'login_failed' });
    const en = await signIn('admin@example.com', 'Wrong!Pass1', 'en');
    expect(en.json().message).toBe('Login failed.');
  });

  it('refuses an unknown account exactly like a wrong password', async () => {
    const res = await signIn('nobody@example.com', DEMO_PASSWORD, 'en');
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Login failed.');
  });

  it('refuses drivers and customers from the back office with the seed message', async () => {
    for (const email of ['driver@example.com', 'customer@example.com']) {
      const res = await signIn(email, DEMO_PASSWORD, 'en');
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'You need to be admin to login.', error: 'not_admin' });
    }
  });

  it('admits drivers and customers through the app sign-in only, and their tokens do not open the back office', async () => {
    const staff = await t.request({
      method: 'POST',
      url: '/api/auth/app/sign-in',
      payload: { email: 'admin@example.com', password: DEMO_PASSWORD },
    });
    expect(staff.statusCode).toBe(403);
    const driver = await t.signIn('driver@example.com');
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', token: driver.access_token })).json().data.role,
    ).toBe('driver');
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants', token: driver.access_token })).statusCode,
    ).toBe(403);
  });

  it('refuses an inactive account', async () => {
    await t.database.db
      .update(users)
      .set({ is_active: false })
      .where(eq(users.email, 'manager2@example.com'));
    const res = await signIn('manager2@example.com', DEMO_PASSWORD, 'en');
    expect(res.statusCode).toBe(401);
    await t.database.db.update(users).set({ is_active: true }).where(eq(users.email, 'manager2@example.com'));
  });

  it('answers bad input with field errors in the caller language', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: { email: 'not-an-email' },
      lang: 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'validation_failed',
      errors: { email: ['Must be a valid email'], password: ['Password is required'] },
    });
    const bs = await t.request({ method: 'POST', url: '/api/auth/sign-in', payload: {} });
    expect(bs.json().errors).toEqual({ email: ['Email je obavezan'], password: ['Lozinka je obavezna'] });
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/sign-in',
      payload: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });
});

describe('tokens', () => {
  it('rejects requests without, with tampered and with expired tokens', async () => {
    expect((await t.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(401);
    const { access_token } = await t.signIn('employee@example.com');
    const [h, p, s] = access_token.split('.');
    const claims = JSON.parse(Buffer.from(p as string, 'base64url').toString());
    // An employee promoting themselves to admin without the key.
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'admin' })).toString('base64url');
    expect(
      (await t.request({ method: 'GET', url: '/api/restaurants', token: `${h}.${forged}.${s}` })).statusCode,
    ).toBe(401);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', token: `${h}.${forged}.${s}` })).statusCode,
    ).toBe(401);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/api/auth/me',
          token: `${h}.${p}.${(s as string).slice(0, -4)}AAAA`,
        })
      ).statusCode,
    ).toBe(401);

    const expired = await new TokenService(t.config.jwtSecret, -10).sign({
      user_id: Number(claims.sub),
      role: 'restaurant_employee',
      restaurant_id: claims.rid,
      session_id: claims.sid,
      audience: 'backoffice',
    });
    const res = await t.request({ method: 'GET', url: '/api/auth/me', token: expired, lang: 'en' });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('token_expired');
  });

  it('rotates refresh tokens; reusing a spent one revokes the whole family', async () => {
    const first = await t.signIn('admin@example.com');
    const refresh = (token: string) =>
      t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token: token } });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const next = second.json().data;
    expect(next.refresh_token).not.toBe(first.refresh_token);
    expect(
      (await t.request({ method: 'GET', url: '/api/auth/me', token: next.access_token })).statusCode,
    ).toBe(200);

    // The stolen first token comes back: refused, and the thief's and owner's current token die with it.
    expect((await refresh(first.refresh_token)).statusCode).toBe(401);
    expect((await refresh(next.refresh_token)).statusCode).toBe(401);
  });

  it('lets only one of two concurrent uses of a refresh token win', async () => {
    const { refresh_token } = await t.signIn('admin@example.com');
    const results = await Promise.all(
      [1, 2].map(() => t.request({ method: 'POST', url: '/api/auth/refresh', payload: { refresh_token } })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('logout revokes the refresh token server-side', async () => {
    const s = await t.signIn('dispatcher@example.com');
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: s.access_token,
      payload: { refresh_token: s.refresh_token },
    });
    expect(out.statusCode).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: s.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
  });

  it('a revoked session (deactivated user) cannot refresh', async () => {
    const s = await t.signIn('employee@example.com');
    await t.database.db
      .update(users)
      .set({ is_active: false })
      .where(eq(users.email, 'employee@example.com'));
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: s.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    await t.database.db.update(users).set({ is_active: true }).where(eq(users.email, 'employee@example.com'));
  });
});

describe('profile, password and sessions', () => {
  it('reads and edits the own profile; a taken email is a 409 with a field message', async () => {
    const { access_token } = await t.signIn('manager@example.com');
    const me = (await t.request({ method: 'GET', url: '/api/auth/me', token: access_token })).json().data;
    expect(me).toMatchObject({ email: 'manager@example.com', role: 'restaurant_manager', image: null });
    expect(me.restaurant_id).toBeTypeOf('number');

    const ok = await t.request({
      method: 'PATCH',
      url: '/api/auth/me',
      token: access_token,
      payload: { first_name: 'Hari', last_name: 'Mehmedović', email: 'manager@example.com' },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.first_name).toBe('Hari');

    const taken = await t.request({
      method: 'PATCH',
      url: '/api/auth/me',
      token: access_token,
      lang: 'en',
      payload: { first_name: 'Hari', last_name: 'M', email: 'ADMIN@example.com' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().errors).toEqual({ email: ['This email is already in use'] });
  });

  it('enforces the password policy, the leak list and the current password', async () => {
    const { access_token } = await t.signIn('appmanager@example.com');
    const change = (body: object) =>
      t.request({
        method: 'POST',
        url: '/api/auth/change-password',
        token: access_token,
        lang: 'en',
        payload: body,
      });

    const weak = await change({
      current_password: DEMO_PASSWORD,
      new_password: 'short',
      confirm_password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.new_password).toContain('Password must be at least 8 characters');

    const mismatch = await change({
      current_password: DEMO_PASSWORD,
      new_password: 'Kx9!trueLong',
      confirm_password: 'other',
    });
    expect(mismatch.json().errors.confirm_password).toEqual(['Passwords must match']);

    for (const leaked of ['P@ssw0rd', 'Password1!', 'Qwerty123!']) {
      const res = await change({
        current_password: DEMO_PASSWORD,
        new_password: leaked,
        confirm_password: leaked,
      });
      expect(res.statusCode, leaked).toBe(400);
      expect(res.json().errors.new_password).toEqual([
        'The given password has appeared in a data leak. Please choose a different password.',
      ]);
    }

    // Issue 22: the user's own name and e-mail (Emir Kovačević, appmanager@…) count as they do on
    // creation, and so do the seasons and months of the staff's language.
    for (const guessable of ['Kovacevic#Emir7', 'Appmanager#2026', 'Ljeto2026!', 'Septembar2026!']) {
      const res = await change({
        current_password: DEMO_PASSWORD,
        new_password: guessable,
        confirm_password: guessable,
      });
      expect(res.statusCode, guessable).toBe(400);
      expect(res.json().errors.new_password, guessable).toEqual([
        'This password is too easy to guess. Use a longer one with words that do not belong together.',
      ]);
    }

    const wrong = await change({
      current_password: 'Nope!1234',
      new_password: 'Zu7#mostarBridge',
      confirm_password: 'Zu7#mostarBridge',
    });
    expect(wrong.json().errors.current_password).toEqual(['The current password is not correct']);

    const other = await t.signIn('appmanager@example.com');
    const ok = await change({
      current_password: DEMO_PASSWORD,
      new_password: 'Zu7#mostarBridge',
      confirm_password: 'Zu7#mostarBridge',
    });
    expect(ok.statusCode).toBe(200);
    // Other devices are signed out; the new password works.
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: other.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    await t.signIn('appmanager@example.com', 'Zu7#mostarBridge');
  });

  it('lists own sessions and signs out one or all others', async () => {
    const a = await t.signIn('dispatcher@example.com');
    const b = await t.signIn('dispatcher@example.com');
    const list = (await t.request({ method: 'GET', url: '/api/auth/sessions', token: a.access_token })).json()
      .data;
    expect(list.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    const bId = list.find((s: { current: boolean }) => !s.current).id;

    const admin = await t.signIn('admin@example.com');
    // Nobody signs out somebody else's session.
    expect(
      (await t.request({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, token: admin.access_token }))
        .statusCode,
    ).toBe(404);
    expect(
      (await t.request({ method: 'DELETE', url: `/api/auth/sessions/${bId}`, token: a.access_token }))
        .statusCode,
    ).toBe(204);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: b.refresh_token },
        })
      ).statusCode,
    ).toBe(401);

    const c = await t.signIn('dispatcher@example.com');
    expect(
      (await t.request({ method: 'POST', url: '/api/auth/sessions/revoke-others', token: a.access_token }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/auth/refresh',
          payload: { refresh_token: c.refresh_token },
        })
      ).statusCode,
    ).toBe(401);
    const [own] = await t.database.db.select().from(sessions).where(eq(sessions.user_id, list[0].id));
    expect(own).toBeUndefined();
  });
});

describe('rate limiting', () => {
  it('limits sign-in attempts per account', async () => {
    const limited = await createTestContext({ SIGN_IN_MAX_PER_ACCOUNT: '3' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await limited.request({
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'admin@example.com', password: 'x' },
          lang: 'en',
        });
        codes.push(res.statusCode);
        if (res.statusCode === 429)
          expect(res.json().message).toBe('Too many attempts. Please wait a moment and try again.');
      }
      expect(codes).toEqual([401, 401, 401, 429, 429]);
      // Another account from the same address is not blocked by the first one's limit.
      const other = await limited.request({
        method: 'POST',
        url: '/api/auth/sign-in',
        payload: { email: 'manager@example.com', password: DEMO_PASSWORD },
      });
      expect(other.statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
