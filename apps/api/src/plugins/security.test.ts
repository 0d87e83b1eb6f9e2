import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.js';

/**
 * Every answer carries the security headers: the refusals of the hooks (401, 403, 429), the
 * not-found handler and the error handler included, not only the answers of the routes.
 */
let t: TestContext;
const RATE_LIMIT = 40;
beforeAll(async () => {
  t = await createTestContext({ RATE_LIMIT_MAX: String(RATE_LIMIT) });
});
afterAll(() => t.close());

function expectSecurityHeaders(res: LightMyRequestResponse, what: string) {
  expect(res.headers['content-security-policy'], what).toContain("frame-ancestors 'none'");
  expect(res.headers['content-security-policy'], what).toContain("default-src 'self'");
  expect(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect(res.headers['x-frame-options'], what).toBe('SAMEORIGIN');
  expect(res.headers['strict-transport-security'], what).toBeTruthy();
  expect(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect(res.headers['cross-origin-opener-policy'], what).toBe('same-origin');
  expect(res.headers['x-request-id'], what).toBeTruthy();
}

describe('security headers on every answer', () => {
  it('are on the refusals of the auth hook, the not-found and the error handler', async () => {
    const customer = (await t.signIn('customer@example.com')).access_token;
    const cases: [string, Parameters<TestContext['request']>[0], number][] = [
      ['no token', { method: 'GET', url: '/api/users' }, 401],
      ['a bad token', { method: 'GET', url: '/api/users', token: 'not-a-token' }, 401],
      ['an app token in the back office', { method: 'GET', url: '/api/users', token: customer }, 403],
      ['an unknown API path', { method: 'GET', url: '/api/nope' }, 404],
      ['an unknown page without the web build', { method: 'GET', url: '/nope' }, 404],
      ['an unknown method', { method: 'DELETE', url: '/api/health' }, 404],
      [
        'a wrong password',
        {
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: { email: 'admin@example.com', password: 'Wrong!Pass1' },
        },
        401,
      ],
      ['invalid input', { method: 'POST', url: '/api/auth/sign-in', payload: { email: 'x' } }, 400],
      [
        'malformed JSON',
        {
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: '{"email":',
          headers: { 'content-type': 'application/json' },
        },
        400,
      ],
      [
        'an unsupported content type',
        {
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: 'x',
          headers: { 'content-type': 'text/x-nope' },
        },
        415,
      ],
      [
        'a body too large',
        {
          method: 'POST',
          url: '/api/auth/sign-in',
          payload: 'x'.repeat(2 * 1024 * 1024),
          headers: { 'content-type': 'application/json' },
        },
        413,
      ],
      ['a malformed path', { method: 'GET', url: '/api/products/%E0%A4%A' }, 400],
      ['a success', { method: 'GET', url: '/api/health' }, 200],
    ];
    for (const [what, request, status] of cases) {
      const res = await t.request(request);
      expect(res.statusCode, `${what}: ${res.body.slice(0, 200)}`).toBe(status);
      expectSecurityHeaders(res, what);
      if (status !== 200)
        expect(Object.keys(res.json()), what).toEqual(expect.arrayContaining(['message', 'error']));
    }
  });

  it('are on the 429 of the rate limit', async () => {
    let res: LightMyRequestResponse | undefined;
    for (let i = 0; i <= RATE_LIMIT + 1; i++) {
      res = await t.request({ method: 'GET', url: '/api/config' });
      if (res.statusCode === 429) break;
    }
    expect(res?.statusCode).toBe(429);
    if (res) expectSecurityHeaders(res, '429');
  });
});
