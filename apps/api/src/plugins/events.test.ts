import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TokenService } from '../lib/tokens.js';
import { createTestContext, type TestContext } from '../test/helpers.js';
import { SLOW_STREAM_BYTES } from './events.js';

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

describe('a stream whose reader falls behind', () => {
  it('is told to reconnect once its unsent events pass the bound, after every event it was sent', async () => {
    const { access_token } = await t.signIn('dispatcher@example.com');
    // A raw connection that stops reading once the stream is ready: the kernel's buffers fill, then
    // the server's.
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      text += chunk;
    });
    socket.write(
      `GET /api/events HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${access_token}\r\n\r\n`,
    );
    await vi.waitFor(() => expect(text).toContain('event: ready'), { timeout: 30_000 });
    socket.pause();
    // Far more than the kernel's socket buffers and the bound together; a stream kept open would
    // hold all of it in the server's memory.
    const event = {
      type: 'driver.updated' as const,
      restaurant_id: null,
      data: { driver_id: 1, shift_state: 'available' as const },
    };
    const frame = 200;
    const count = Math.ceil((24 * 1024 * 1024 + SLOW_STREAM_BYTES) / frame);
    for (let i = 0; i < count; i++) await t.app.bus.publish(event);
    socket.resume();
    // The response ends (the connection itself is kept alive for the next request).
    await vi.waitFor(() => expect(text).toMatch(/event: reconnect\ndata: \{\}\n\n\r\n0\r\n\r\n$/), {
      timeout: 60_000,
    });
    // Every event it was written came before the reconnect, in order and none twice: the client
    // resumes after the last one from the bus's buffer (or is told to resync).
    const ids = [...text.matchAll(/^id: (.+)$/gm)].map((m) => m[1]);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.length).toBeLessThan(count);
    expect(new Set(ids).size).toBe(ids.length);
    expect(text.lastIndexOf('event: driver.updated')).toBeLessThan(text.indexOf('event: reconnect'));
    socket.destroy();
  });
});

describe('the event stream ends with its access', () => {
  it('closes with `expired` when its access token expires', async () => {
    const { access_token } = await t.signIn('dispatcher@example.com');
    const claims = await t.app.tokens.verify(access_token);
    if (typeof claims === 'string') throw new Error(claims);
    // The same session, with a token that lives five seconds (the configured minimum is 30): time
    // enough for a loaded machine to open the stream before it runs out.
    const short = await new TokenService(t.config.jwtSecret, 5).sign(claims);
    const { text, ended } = await readAll(short, 60_000);
    // Ended by the server at the token's expiry: `expired` is written by the stream's own timer only
    // (a session found gone at a heartbeat ends it as `revoked`). The heartbeat is one timer for every
    // stream of the instance, so a ping may come before the end or not: it says nothing here (a CI run
    // on a loaded machine met one).
    expect(ended).toBe(true);
    expect(text).toContain('event: ready');
    expect(text).toContain('event: expired');
    expect(text).not.toContain('event: revoked');
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
    await closing;
  });
});
