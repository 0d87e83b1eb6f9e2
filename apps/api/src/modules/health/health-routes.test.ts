import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/** Alive versus ready, and the Prometheus metrics on their own port. */
let t: TestContext;
let base = '';
beforeAll(async () => {
  t = await createTestContext({ METRICS_PORT: '0' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

const scrape = async () => {
  const url = t.app.metrics?.url;
  if (!url) throw new Error('metrics are off');
  const res = await fetch(url);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/plain');
  return res.text();
};
/** The value of one series, e.g. `dostava_orders_active{lane="all"}`. */
const value = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

describe('liveness and readiness', () => {
  it('says alive, and ready only while migrated, reachable and not draining', async () => {
    const live = await t.request({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ status: 'alive' });
    const ready = await t.request({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', db: 'up', migrations: 'done', draining: false });

    t.app.lifecycle.draining = true;
    try {
      const draining = await t.request({ method: 'GET', url: '/api/health/ready' });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toMatchObject({ status: 'not_ready', draining: true });
      expect((await t.request({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
      // Still serving, and telling kept-alive clients to go elsewhere.
      const served = await t.request({ method: 'GET', url: '/api/health' });
      expect(served.statusCode).toBe(200);
      expect(served.headers.connection).toBe('close');
    } finally {
      t.app.lifecycle.draining = false;
    }
  });
});

describe('metrics', () => {
  it('are not on the public port', async () => {
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    expect((await fetch(`${base}/api/metrics`)).status).toBe(404);
  });

  it('count requests by route template, method and status', async () => {
    const { access_token } = await t.signIn('admin@example.com');
    for (const id of [1, 2, 3])
      await t.request({ method: 'GET', url: `/api/orders/${id}`, token: access_token });
    await t.request({ method: 'GET', url: '/api/orders/1', token: 'nonsense' });
    const text = await scrape();
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/orders/:id",status_code="200"}',
      ),
    ).toBe(3);
    expect(
      value(
        text,
        'http_request_duration_seconds_count{method="GET",route="/api/orders/:id",status_code="401"}',
      ),
    ).toBe(1);
    expect(text).toContain(
      'http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/orders/:id"',
    );
    expect(text).toContain('process_resident_memory_bytes');
  });

  it('say what the operation and its dependencies are doing', async () => {
    const text = await scrape();
    const all = value(text, 'dostava_orders_active{lane="all"}') ?? -1;
    const { access_token } = await t.signIn('admin@example.com');
    const lanes = (await t.request({ method: 'GET', url: '/api/orders/lanes', token: access_token })).json();
    expect(all).toBe(lanes.data.all);
    expect(value(text, 'dostava_orders_active{lane="problems"}')).toBe(lanes.data.problems);
    expect(value(text, 'dostava_orders_late')).toBeGreaterThanOrEqual(0);
    expect(value(text, 'dostava_drivers_on_shift')).toBeGreaterThanOrEqual(
      value(text, 'dostava_drivers_free') ?? 0,
    );
    expect(value(text, 'dostava_redis_state{state="off"}')).toBe(1);
    expect(value(text, 'dostava_redis_state{state="up"}')).toBe(0);
    expect(value(text, 'dostava_db_up')).toBe(1);
    expect(text).toContain('dostava_db_connections{state="used"}');
    expect(text).toContain('dostava_db_waiting');
  });

  it('count open event streams and the events sent to them', async () => {
    const { access_token } = await t.signIn('dispatcher@example.com');
    const controller = new AbortController();
    const res = await fetch(`${base}/api/events`, {
      headers: { authorization: `Bearer ${access_token}` },
      signal: controller.signal,
    });
    const reader = res.body?.getReader();
    let text = '';
    while (!text.includes('event: ready')) text += new TextDecoder().decode((await reader?.read())?.value);
    const before = await scrape();
    expect(value(before, 'dostava_event_streams_open')).toBe(1);
    const sentBefore = value(before, 'dostava_events_sent_total') ?? 0;
    await t.app.bus.publish({
      type: 'product.snooze',
      restaurant_id: 1,
      data: { id: 1, restaurant_id: 1, snoozed: false, snoozed_until: null },
    });
    while (!text.includes('product.snooze')) text += new TextDecoder().decode((await reader?.read())?.value);
    const after = await scrape();
    expect(value(after, 'dostava_events_sent_total')).toBe(sentBefore + 1);
    expect(value(after, 'dostava_bus_events_total{via="local"}')).toBeGreaterThanOrEqual(1);
    controller.abort();
    await vi.waitFor(async () => expect(value(await scrape(), 'dostava_event_streams_open')).toBe(0), {
      timeout: 20_000,
      interval: 20,
    });
  });
});
