import { afterEach, describe, expect, it, vi } from 'vitest';
import { TokenService } from './tokens.js';

const claims = {
  user_id: 7,
  role: 'dispatcher' as const,
  restaurant_id: null,
  session_id: 3,
  audience: 'backoffice' as const,
};

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies a token, and again from memory, with the same claims', async () => {
    const tokens = new TokenService('s'.repeat(40), 600);
    const before = Math.floor(Date.now() / 1000);
    const token = await tokens.sign(claims);
    const verified = await tokens.verify(token);
    if (typeof verified === 'string') throw new Error(verified);
    // The claims, and when the token expires (an event stream ends then).
    const { exp, ...rest } = verified;
    expect(rest).toEqual(claims);
    expect(exp).toBeGreaterThanOrEqual(before + 600);
    expect(exp).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 600);
    expect(await tokens.verify(token)).toEqual(verified);
  });

  it('refuses a token whose signature or payload was altered, even after the genuine one was verified', async () => {
    const tokens = new TokenService('s'.repeat(40), 600);
    const token = await tokens.sign(claims);
    await tokens.verify(token);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()), role: 'admin' }),
    ).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBe('invalid');
    // The first character carries six whole bits of the MAC; the last ones may carry bits a decoder
    // ignores (so "…AA" in place of "…AB" could be the same signature, about one run in a thousand).
    const sig = signature ?? '';
    const altered = `${sig.startsWith('A') ? 'B' : 'A'}${sig.slice(1)}`;
    expect(await tokens.verify(`${header}.${payload}.${altered}`)).toBe('invalid');
    expect(await new TokenService('t'.repeat(40), 600).verify(token)).toBe('invalid');
  });

  it('says expired once the lifetime is over, whether the token was remembered or not', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const tokens = new TokenService('s'.repeat(40), 60);
    const remembered = await tokens.sign(claims);
    const unseen = await tokens.sign({ ...claims, session_id: 4 });
    const expiring = { ...claims, exp: Date.parse('2026-11-23T10:01:00Z') / 1000 };
    expect(await tokens.verify(remembered)).toEqual(expiring);
    vi.setSystemTime(new Date('2026-11-23T10:00:59Z'));
    expect(await tokens.verify(remembered)).toEqual(expiring);
    vi.setSystemTime(new Date('2026-11-23T10:01:00Z'));
    expect(await tokens.verify(remembered)).toBe('expired');
    expect(await tokens.verify(unseen)).toBe('expired');
  });
});
