import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TokenService } from '../lib/tokens.js';
import { createTestContext, type TestContext } from '../test/helpers.js';

/**
 * A live stream lives no longer than the access it was opened with, and never holds up a shutdown:
 * it ends with `expired` at its token's expiry, and with `reconnect` when the server closes.
 */
let t: TestContext;
let base = '';
beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

/** Reads a stream to its end (or until `limitMs`), returning what came and whether the server ended it. */
async function readAll(token: string, limitMs: number, whenReady?: () => Promise<unknown>) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), limitMs);
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let readyHandled = false;
  let ended = false;
  try {
    for (;;) {
      const chunk = await reader?.read();
      if (!chunk || chunk.done) {
        ended = true;
        break;
      }
      text += decoder.decode(chunk.value);
      if (!readyHandled && text.includes('event: ready')) {
        readyHandled = true;
        void whenReady?.();
      }
    }
  } catch {
    // Aborted: the server kept the stream open past the limit.
  }
  clearTimeout(timer);
  return { text, ended };
}

describe('the event stream ends with its access', () => {
  it('closes with `expired` when its access token expires', async () => {
    const { access_token } = await t.signIn('dispatcher@example.com');
    const claims = await t.app.tokens.verify(access_token);
    if (typeof claims === 'string') throw new Error(claims);
    // The same session, with a token that lives five seconds (the configured minimum is 30): time
    // enough for a loaded machine to open the stream before it runs out.
    const short = await new TokenService(t.config.jwtSecret, 5).sign(claims);
    const { text, ended } = await readAll(short, 60_000);
    // Ended by the server at the token's expiry: no heartbeat (every 15 s) came first.
    expect(ended).toBe(true);
    expect(text).toContain('event: ready');
    expect(text).toContain('event: expired');
    expect(text).not.toContain(': ping');
    // The same session goes on with a fresh token.
    expect((await t.request({ method: 'GET', url: '/api/auth/me', token: access_token })).statusCode).toBe(
      200,
    );
  });

  it('tells open streams to reconnect and lets the server close at once', async () => {
    const { access_token } = await t.signIn('admin@example.com');
    let closing: Promise<unknown> = Promise.resolve();
    const { text, ended } = await readAll(access_token, 60_000, () => {
      closing = t.app.close();
      return closing;
    });
    // The server ended the stream itself (a stream that held the close up would run to the limit
    // and be cut by the client), and the close then completes.
    expect(ended).toBe(true);
    expect(text).toContain('event: reconnect');
    expect(text).not.toContain(': ping');
    await closing;
  });
});
