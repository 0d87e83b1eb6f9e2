import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.js';
import { parseOptions } from './schedule.js';
import { Simulation } from './simulation.js';

describe('simulator against a running API', () => {
  let ctx: TestContext;
  let url: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const address = ctx.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => ctx?.close());

  it('places orders, moves drivers and stops cleanly', async () => {
    const token = (await ctx.signIn('admin@example.com')).access_token;
    const count = async () =>
      (await ctx.request({ method: 'GET', url: '/api/orders?per_page=1', token })).json().meta
        .total as number;
    type Located = { id: number; shift_state: string; last_location_at: string | null };
    const located = async () =>
      (await ctx.request({ method: 'GET', url: '/api/drivers/locations', token })).json().data as Located[];
    const before = await count();
    const seenBefore = new Map((await located()).map((d) => [d.id, d.last_location_at]));
    const lines: string[] = [];
    const simulation = new Simulation(
      parseOptions(
        ['--url', url, '--drivers', '3', '--rate', '120', '--pace', '0.02', '--interval', '0.3'],
        {},
      ),
      (line) => lines.push(line),
    );
    await simulation.start();
    /** The played drivers: their location moved since the simulation started. */
    const moved = async () =>
      (await located()).filter((d) => d.last_location_at && d.last_location_at !== seenBefore.get(d.id));
    try {
      // Each step waits for what it needs, not for a time: on a loaded machine a kitchen's first
      // acceptance can take many times as long as on a quiet one.
      await vi.waitFor(
        async () => {
          expect(lines.some((l) => / ordered D/.test(l))).toBe(true);
          expect(lines.some((l) => /accepted, preparing/.test(l))).toBe(true);
          expect((await moved()).length).toBeGreaterThanOrEqual(3);
        },
        { timeout: 90_000, interval: 250 },
      );
    } finally {
      await simulation.stop();
    }

    expect(await count()).toBeGreaterThan(before);
    expect(lines.at(-1)).toMatch(/stopped: \d+ orders placed/);
    // The played drivers are on the map, none left on a break.
    const played = await moved();
    expect(played.length).toBeGreaterThanOrEqual(3);
    expect(played.filter((d) => d.shift_state === 'on_break')).toEqual([]);
    expect(lines.filter((l) => /error|failed/i.test(l))).toEqual([]);
  }, 180_000);
});
