import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EventStream, LINGER_MS, MAX_BACKOFF_MS, STALL_MS, type StreamMessage } from './event-stream';
import { clearSession, getSession, setTokens } from './session';
import { toasts } from './toast';

vi.mock('./toast', () => ({ toasts: { error: vi.fn(), success: vi.fn() } }));

interface Connection {
  headers: Record<string, string>;
  /** Bytes from the server. */
  send(text: string): void;
  /** The server closes the stream. */
  end(): void;
  /** Whether the client cancelled its reader (closed the connection). */
  cancelled: boolean;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A fake API behind a stubbed fetch: each GET /api/events opens a stream the test writes to, unless
 * `refuseEvents` answers instead; POST /api/auth/refresh answers with `refresh`.
 */
function fakeServer() {
  const encoder = new TextEncoder();
  const server = {
    connections: [] as Connection[],
    refuseEvents: null as null | (() => Promise<Response>),
    refresh: (): Response => json(200, { data: { access_token: 'a2', refresh_token: 'r2' } }),
    fetch: vi.fn(async (input: RequestInfo | URL): Promise<Response> => {
      const request = input instanceof Request ? input : new Request(input);
      const url = new URL(request.url).pathname;
      if (url === '/api/auth/refresh') return server.refresh();
      if (url !== '/api/events') throw new Error(`unexpected request ${url}`);
      if (server.refuseEvents) return server.refuseEvents();
      let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
      const connection: Connection = {
        headers: Object.fromEntries(request.headers),
        send: (text) => controller?.enqueue(encoder.encode(text)),
        end: () => controller?.close(),
        cancelled: false,
      };
      const body = new ReadableStream<Uint8Array>({
        start: (c) => {
          controller = c;
        },
        cancel: () => {
          connection.cancelled = true;
        },
      });
      server.connections.push(connection);
      return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream' } });
    }),
    /** The newest connection. */
    get last(): Connection {
      const connection = server.connections.at(-1);
      if (!connection) throw new Error('no connection was opened');
      return connection;
    },
    eventCalls: () =>
      server.fetch.mock.calls.filter(
        ([input]) => input instanceof Request && input.url.endsWith('/api/events'),
      ).length,
  };
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

/** Lets the stream's promises (fetch, reads) run; timers move only when a test advances them. */
async function settle() {
  for (let i = 0; i < 10; i += 1) await vi.advanceTimersByTimeAsync(0);
}

const READY = 'event: ready\ndata: {}\n\n';
const orderFrame = (id: string, orderId: number) =>
  `id: ${id}\nevent: order.updated\ndata: ${JSON.stringify({
    id,
    type: 'order.updated',
    restaurant_id: 1,
    data: { order_id: orderId, status: 'preparing_order' },
    at: '2026-01-01T10:00:00.000Z',
  })}\n\n`;

let stream: EventStream;
let server: ReturnType<typeof fakeServer>;
let messages: StreamMessage[];
const unsubscribers: (() => void)[] = [];

function listen(): () => void {
  const stop = stream.listen((message) => messages.push(message));
  unsubscribers.push(stop);
  return stop;
}

beforeEach(() => {
  vi.useFakeTimers();
  // No jitter: each backoff is exactly its nominal delay.
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  setTokens({ access_token: 'a1', refresh_token: 'r1' });
  server = fakeServer();
  stream = new EventStream();
  messages = [];
});

afterEach(async () => {
  // Every listener leaves; after the linger the stream stops and its loop ends.
  for (const stop of unsubscribers.splice(0)) stop();
  await vi.advanceTimersByTimeAsync(LINGER_MS);
  vi.useRealTimers();
  clearSession();
});

describe('EventStream', () => {
  it('opens one connection with the token and hands parsed events to every listener', async () => {
    listen();
    const other: StreamMessage[] = [];
    unsubscribers.push(stream.listen((message) => other.push(message)));
    await settle();

    expect(server.connections).toHaveLength(1);
    expect(server.last.headers).toMatchObject({ Authorization: 'Bearer a1', Accept: 'text/event-stream' });
    expect(server.last.headers['Last-Event-ID']).toBeUndefined();
    expect(stream.getState().status).toBe('connecting');

    server.last.send(`retry: 3000\n\n${READY}`);
    await settle();
    expect(stream.getState().status).toBe('connected');
    expect(messages).toEqual([]); // the first `ready` is not a reconnect: nothing to refetch

    server.last.send(orderFrame('7', 42));
    // A frame split across reads, with CRLF line ends.
    server.last.send('id: 8\r\nevent: order.cre');
    server.last.send(
      `ated\r\ndata: {"id":"8","type":"order.created","restaurant_id":2,"data":{"order_id":43},"at":"x"}\r\n\r\n`,
    );
    await settle();
    expect(messages).toEqual([
      {
        kind: 'event',
        event: expect.objectContaining({ id: '7', data: { order_id: 42, status: 'preparing_order' } }),
      },
      { kind: 'event', event: expect.objectContaining({ id: '8', type: 'order.created', restaurant_id: 2 }) },
    ]);
    expect(other).toEqual(messages);
  });

  it('skips malformed and unknown frames, passes a resync on and counts a ping as a sign of life', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();
    const readyAt = stream.getState().lastEventAt;

    vi.setSystemTime(Date.now() + 15_000);
    server.last.send(': ping\n\n');
    server.last.send('id: 9\nevent: order.updated\ndata: {not json\n\n');
    server.last.send('event: something.else\ndata: {}\n\n');
    server.last.send('event: resync\ndata: {}\n\n');
    await settle();

    expect(messages).toEqual([{ kind: 'resync' }]);
    expect(stream.getState().lastEventAt).toBe((readyAt ?? 0) + 15_000);
  });

  it('reconnects with doubling backoff up to 30 s, resumes after the last id and asks for a resync', async () => {
    listen();
    await settle();
    server.last.send(READY + orderFrame('7', 42));
    await settle();
    messages = [];

    server.last.end();
    await settle();
    expect(stream.getState().status).toBe('reconnecting');

    // The network is down from here on: each attempt fails at once and the wait doubles.
    server.refuseEvents = () => Promise.reject(new TypeError('Failed to fetch'));
    const delays = [1000, 2000, 4000, 8000, 16000, MAX_BACKOFF_MS, MAX_BACKOFF_MS];
    for (const delay of delays) {
      const calls = server.eventCalls();
      await vi.advanceTimersByTimeAsync(delay - 1);
      expect(server.eventCalls()).toBe(calls);
      await vi.advanceTimersByTimeAsync(1);
      await settle();
      expect(server.eventCalls()).toBe(calls + 1);
    }
    expect(stream.getState().status).toBe('reconnecting');
    expect(toasts.error).not.toHaveBeenCalled(); // the stream's failures are shown by its status, not toasts

    // The network is back: the next attempt resumes after event 7, and `ready` asks for a resync.
    server.refuseEvents = null;
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    await settle();
    expect(server.connections).toHaveLength(2);
    expect(server.last.headers['Last-Event-ID']).toBe('7');
    server.last.send(READY);
    await settle();
    expect(stream.getState().status).toBe('connected');
    expect(messages).toEqual([{ kind: 'resync' }]);

    // A successful connection resets the backoff.
    server.last.end();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.connections).toHaveLength(3);
  });

  it('retries at once when the browser comes back online', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();
    server.last.end();
    await settle();
    expect(server.connections).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    await settle();
    expect(server.connections).toHaveLength(2);
  });

  it('drops a connection silent for 40 s and opens a new one', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();

    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    server.last.send(': ping\n\n'); // a ping restarts the count
    await settle();
    await vi.advanceTimersByTimeAsync(STALL_MS - 1);
    expect(server.connections).toHaveLength(1);
    expect(server.last.cancelled).toBe(false);
    expect(stream.getState().status).toBe('connected');

    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.connections[0]?.cancelled).toBe(true);
    expect(stream.getState().status).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.connections).toHaveLength(2);
  });

  it('after `expired` reconnects at once with a fresh token and resumes without a refetch', async () => {
    listen();
    await settle();
    server.last.send(READY + orderFrame('7', 42));
    await settle();
    messages = [];

    // The access token ran out: the server says so and closes; the next request refreshes it.
    server.refuseEvents = async () => {
      server.refuseEvents = null;
      return json(401, { error: 'token_expired' });
    };
    server.last.send('event: expired\ndata: {}\n\n');
    server.last.end();
    await settle();
    expect(server.connections).toHaveLength(2);
    expect(server.last.headers.Authorization).toBe('Bearer a2');
    expect(server.last.headers['Last-Event-ID']).toBe('7');
    server.last.send(READY + orderFrame('8', 43));
    await settle();
    expect(stream.getState().status).toBe('connected');
    expect(messages.map((m) => m.kind)).toEqual(['event']);

    // An end without a word is a lost connection: the wait and the refetch are back.
    server.last.end();
    await settle();
    expect(server.connections).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.connections).toHaveLength(3);
    server.last.send(READY);
    await settle();
    expect(messages.at(-1)).toEqual({ kind: 'resync' });
  });

  it('after `reconnect` (the instance drains) tries at once only once, then backs off', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();
    server.refuseEvents = () => Promise.reject(new TypeError('Failed to fetch'));
    server.last.send('event: reconnect\ndata: {}\n\n');
    server.last.end();
    await settle();
    expect(server.eventCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.eventCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    await settle();
    expect(server.eventCalls()).toBe(3);
  });

  it('after a `revoked` close, a refused reconnect ends the stream for good', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();

    // The session was ended elsewhere (logout, deactivation): the server says so and closes.
    server.refuseEvents = async () => json(401, { error: 'unauthorized' });
    server.refresh = () => json(401, { error: 'invalid_refresh_token' });
    server.last.send('event: revoked\ndata: {}\n\n');
    server.last.end();
    await settle();
    expect(messages).toEqual([]);

    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.eventCalls()).toBe(2);
    expect(
      server.fetch.mock.calls.filter(
        ([input]) => input instanceof Request && input.url.endsWith('/api/auth/refresh'),
      ),
    ).toHaveLength(1);
    expect(getSession().token).toBeNull();
    expect(toasts.error).toHaveBeenCalledWith('errors.refresh_failed', { toastId: 'refresh_failed' });
    expect(stream.getState().status).toBe('reconnecting');

    // No more attempts, however long the screen stays open.
    await vi.advanceTimersByTimeAsync(10 * MAX_BACKOFF_MS);
    expect(server.eventCalls()).toBe(2);
  });

  it('ends at once when the reconnect is refused: a later listener starts a new stream straight away', async () => {
    listen();
    await settle();
    server.last.send(READY);
    await settle();
    server.refuseEvents = async () => json(401, { error: 'unauthorized' });
    server.refresh = () => json(401, { error: 'invalid_refresh_token' });
    server.last.end();
    await settle();
    await vi.advanceTimersByTimeAsync(1000);
    await settle();
    expect(server.eventCalls()).toBe(2);

    // Signed in again (as another tab would): the next screen to listen connects without a wait.
    setTokens({ access_token: 'b1', refresh_token: 's1' });
    server.refuseEvents = null;
    listen();
    await settle();
    expect(server.eventCalls()).toBe(3);
    expect(server.last.headers.Authorization).toBe('Bearer b1');
  });

  it('stops on a 403 without trying again', async () => {
    server.refuseEvents = async () => json(403, { error: 'forbidden' });
    listen();
    await settle();
    await vi.advanceTimersByTimeAsync(10 * MAX_BACKOFF_MS);
    expect(server.eventCalls()).toBe(1);
    expect(stream.getState().status).toBe('reconnecting');
  });

  it('does not connect when signed out', async () => {
    clearSession();
    listen();
    await settle();
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    expect(server.fetch).not.toHaveBeenCalled();
  });

  it('keeps the connection 5 s after the last listener leaves, then closes it and starts afresh', async () => {
    const first = listen();
    await settle();
    server.last.send(READY + orderFrame('7', 42));
    await settle();

    first();
    await vi.advanceTimersByTimeAsync(LINGER_MS - 1);
    const second = listen(); // the next screen, within the linger: the same connection
    await settle();
    expect(server.connections).toHaveLength(1);
    expect(server.last.cancelled).toBe(false);

    second();
    await vi.advanceTimersByTimeAsync(LINGER_MS);
    await settle();
    expect(server.last.cancelled).toBe(true);
    expect(stream.getState().status).toBe('connecting');
    await vi.advanceTimersByTimeAsync(MAX_BACKOFF_MS);
    expect(server.connections).toHaveLength(1);

    // A later listener opens a fresh connection: no Last-Event-ID, and its `ready` is a first one.
    messages = [];
    listen();
    await settle();
    expect(server.connections).toHaveLength(2);
    expect(server.last.headers['Last-Event-ID']).toBeUndefined();
    server.last.send(READY);
    await settle();
    expect(messages).toEqual([]);
  });
});
