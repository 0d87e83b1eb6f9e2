import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { products, users } from '../../db/schema/index.js';
import { EventBus } from '../../lib/bus.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

let t: TestContext;
let base = '';
const tokens: Record<string, string> = {};
let own = 0;
/** manager2's restaurant: another restaurant than `own`. */
let other = 0;
let productId = 0;

beforeAll(async () => {
  t = await createTestContext();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  for (const who of ['dispatcher', 'manager', 'manager2', 'employee', 'customer', 'driver'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const restaurantOf = async (email: string) =>
    (await t.database.db.select().from(users).where(eq(users.email, email)))[0]?.restaurant_id ?? 0;
  own = await restaurantOf('manager@example.com');
  other = await restaurantOf('manager2@example.com');
  productId =
    (await t.database.db.select().from(products).where(eq(products.restaurant_id, own)).limit(1))[0]?.id ?? 0;
});
afterAll(() => t.close());

/** Opens the event stream as a browser would (fetch + Bearer) and collects events until stopped. */
async function subscribe(token: string, lastEventId?: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: controller.signal,
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const events: { id?: string; event: string; data: Record<string, unknown> }[] = [];
  const reader = res.body?.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let ready: () => void = () => {};
  const isReady = new Promise<void>((resolve) => {
    ready = resolve;
  });
  (async () => {
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) return;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((l) => l && !l.startsWith(':'))
              .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 1).trim()]),
          );
          if (fields.event === 'ready') ready();
          else if (fields.event)
            events.push({ id: fields.id, event: fields.event, data: JSON.parse(fields.data ?? '{}') });
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // aborted
    }
  })();
  await isReady;
  return { events, close: () => controller.abort() };
}

/** Waits for what a stream must receive, with room for a loaded machine. */
const until = (check: () => boolean) =>
  vi.waitFor(
    () => {
      if (!check()) throw new Error('timed out waiting for an event');
    },
    { timeout: 20_000, interval: 20 },
  );

/**
 * Waits until `stream` has received an event published after everything before it: the bus hands an
 * event to every stream at once and each stream keeps the bus' order, so what a stream has not
 * received by then it never will (no fixed pause that a loaded machine might outlast).
 */
async function barrier(stream: { events: { event: string }[] }, restaurantId: number) {
  const marker = { id: 0, restaurant_id: restaurantId, snoozed: false, snoozed_until: null };
  await t.app.bus.publish({ type: 'product.snooze', restaurant_id: restaurantId, data: marker });
  await until(() => stream.events.some((e) => e.event === 'product.snooze'));
}

const placeOrder = () =>
  fetch(`${base}/api/orders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tokens.customer}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      restaurant_id: own,
      items: [{ product_id: productId, quantity: 1 }],
      address: 'Titova 1',
      phone: '+387 61 111 222',
      lat: 43.86,
      lng: 18.42,
      payment: 'card',
    }),
  }).then((r) => r.json() as Promise<{ data: { id: number } }>);

describe('who changed a kitchen (issue 36)', () => {
  const send = (method: string, url: string, token: string | undefined, body: unknown) =>
    fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  type Change = { event: string; data: Record<string, unknown> };
  const by = (e: Change) => (e.data.data as { changed_by: { name: string } | null }).changed_by?.name;

  it("tells its own staff and the dispatcher who changed busy, pause or hours; another restaurant's staff hear nothing", async () => {
    const manager = await subscribe(tokens.manager ?? '');
    const dispatcher = await subscribe(tokens.dispatcher ?? '');
    const stranger = await subscribe(tokens.manager2 ?? '');
    try {
      const busy = await send('PUT', `/api/restaurants/${own}/capacity`, tokens.dispatcher, {
        mode: 'busy',
        minutes: 20,
      });
      expect(busy.status).toBe(200);
      await until(() => manager.events.some((e) => e.event === 'restaurant.capacity'));
      const capacity = manager.events.find((e) => e.event === 'restaurant.capacity') as Change;
      expect(capacity.data).toMatchObject({ restaurant_id: own, data: { mode: 'busy', busy_minutes: 20 } });
      expect(by(capacity)).toBe('Lejla Begović');
      expect((capacity.data.data as { changed_by: { id: number } }).changed_by.id).toBeGreaterThan(0);

      const hours = { days: [{ weekday: 1, ranges: [{ opens: '00:00', closes: '00:00' }] }], exceptions: [] };
      // Forbidden: another restaurant's hours, the employee's, a dispatcher's; none is told as a change.
      expect((await send('PUT', `/api/restaurants/${other}/hours`, tokens.manager, hours)).status).toBe(403);
      expect((await send('PUT', `/api/restaurants/${own}/hours`, tokens.employee, hours)).status).toBe(403);
      expect((await send('PUT', `/api/restaurants/${own}/hours`, tokens.dispatcher, hours)).status).toBe(403);
      expect((await send('PUT', `/api/restaurants/${own}/hours`, tokens.manager, hours)).status).toBe(200);
      await until(() => dispatcher.events.some((e) => e.event === 'restaurant.hours'));
      await until(() => manager.events.some((e) => e.event === 'restaurant.hours'));
      const saved = manager.events.filter((e) => e.event === 'restaurant.hours');
      expect(saved).toHaveLength(1);
      expect(saved[0]?.data).toMatchObject({ restaurant_id: own, data: { restaurant_id: own } });
      expect(by(saved[0] as Change)).toBe('Haris Mehmedović');

      await barrier(stranger, other);
      expect(stranger.events.map((e) => e.event)).toEqual(['product.snooze']);
    } finally {
      await send('PUT', `/api/restaurants/${own}/capacity`, tokens.dispatcher, { mode: 'normal' });
      await send('PUT', `/api/restaurants/${own}/hours`, tokens.manager, { days: [], exceptions: [] });
      for (const s of [manager, dispatcher, stranger]) s.close();
    }
  });
});

describe('GET /api/events', () => {
  it('delivers a new order to the dispatcher and its restaurant, not to another restaurant', async () => {
    const dispatcher = await subscribe(tokens.dispatcher ?? '');
    const restaurant = await subscribe(tokens.manager ?? '');
    const stranger = await subscribe(tokens.manager2 ?? '');
    const { data } = await placeOrder();
    await until(() =>
      dispatcher.events.some(
        (e) =>
          e.event === 'order.created' &&
          e.data.data &&
          (e.data.data as { order_id: number }).order_id === data.id,
      ),
    );
    await until(() => restaurant.events.some((e) => e.event === 'order.created'));
    await barrier(stranger, other);
    expect(stranger.events.map((e) => e.event)).toEqual(['product.snooze']);
    for (const s of [dispatcher, restaurant, stranger]) s.close();
  });

  it('carries the order as a list row and what it was before, so a board applies it without a refetch', async () => {
    const dispatcher = await subscribe(tokens.dispatcher ?? '');
    const { data } = await placeOrder();
    const moved = await fetch(`${base}/api/orders/${data.id}/status`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.manager}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'preparing_order' }),
    });
    expect(moved.status).toBe(200);
    type Payload = {
      order_id: number;
      order: { id: number; status: string; restaurant: { id: number; name: string }; order_number: string };
      previous: { status: string; driver_id: number | null; status_changed_at: string } | null;
    };
    const of = (type: string) =>
      dispatcher.events.find(
        (e) => e.event === type && (e.data.data as Payload | undefined)?.order_id === data.id,
      )?.data.data as Payload | undefined;
    await until(() => !!of('order.created') && !!of('order.updated'));
    expect(of('order.created')).toMatchObject({
      order: { id: data.id, status: 'created', restaurant: { id: own } },
      previous: null,
    });
    expect(of('order.created')?.order.order_number).toMatch(/^D\d+$/);
    expect(of('order.updated')).toMatchObject({
      order: { id: data.id, status: 'preparing_order' },
      previous: { status: 'created', driver_id: null },
    });
    expect(Date.parse(of('order.updated')?.previous?.status_changed_at ?? '')).not.toBeNaN();
    dispatcher.close();
  });

  it('replays what a reconnecting client missed after Last-Event-ID, and asks for a resync when it is too old', async () => {
    const first = await subscribe(tokens.dispatcher ?? '');
    await placeOrder();
    await until(() => first.events.length > 0);
    const lastSeen = first.events.at(-1)?.id ?? '';
    first.close();
    const missed = await placeOrder();
    const again = await subscribe(tokens.dispatcher ?? '', lastSeen);
    await until(() =>
      again.events.some((e) => (e.data.data as { order_id?: number })?.order_id === missed.data.id),
    );
    again.close();
    const stale = await subscribe(tokens.dispatcher ?? '', 'no-such-id');
    await until(() => stale.events.some((e) => e.event === 'resync'));
    stale.close();
  });

  it('carries a driver location to the dispatcher, and not to restaurant staff', async () => {
    const dispatcher = await subscribe(tokens.dispatcher ?? '');
    const restaurant = await subscribe(tokens.manager ?? '');
    const res = await fetch(`${base}/api/driver/locations`, {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.driver}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        points: [{ lat: 43.8601, lng: 18.4302, recorded_at: new Date().toISOString() }],
      }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    await until(() =>
      dispatcher.events.some(
        (e) =>
          e.event === 'driver.updated' &&
          (e.data.data as { location?: { lat: number } }).location?.lat === 43.8601,
      ),
    );
    await barrier(restaurant, own);
    expect(restaurant.events.filter((e) => e.event === 'driver.updated')).toEqual([]);
    dispatcher.close();
    restaurant.close();
  });

  it('refuses app tokens and anonymous callers', async () => {
    expect((await fetch(`${base}/api/events`)).status).toBe(401);
    expect(
      (await fetch(`${base}/api/events`, { headers: { authorization: `Bearer ${tokens.customer}` } })).status,
    ).toBe(403);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('the Redis event bus', () => {
  it('carries an event published on one instance to a subscriber on another', async () => {
    const log = { warn: () => {}, info: () => {} };
    const a = new EventBus(process.env.TEST_REDIS_URL, log);
    const b = new EventBus(process.env.TEST_REDIS_URL, log);
    try {
      const received: string[] = [];
      b.subscribe((e) => received.push(e.type));
      // Published until the other instance hears it: its subscription is ready some moment after start.
      await vi.waitFor(
        async () => {
          await a.publish({
            type: 'product.snooze',
            restaurant_id: 1,
            data: { id: 1, restaurant_id: 1, snoozed: false, snoozed_until: null },
          });
          expect(received).toContain('product.snooze');
        },
        { timeout: 20_000, interval: 200 },
      );
    } finally {
      await a.close();
      await b.close();
    }
  });
});
