import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  }, 120_000);
  afterAll(() => ctx?.close());

  it('places orders, moves drivers and stops cleanly', async () => {
    const token = (await ctx.signIn('admin@example.com')).access_token;
    const count = async () =>
      (await ctx.request({ method: 'GET', url: '/api/orders?per_page=1', token })).json().meta
        .total as number;
    const before = await count();
    const lines: string[] = [];
    const simulation = new Simulation(
      parseOptions(
        ['--url', url, '--drivers', '3', '--rate', '120', '--pace', '0.02', '--interval', '0.3'],
        {},
      ),
      (line) => lines.push(line),
    );
    await simulation.start();
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    await simulation.stop();

    expect(await count()).toBeGreaterThan(before);
    expect(lines.some((l) => / ordered D/.test(l))).toBe(true);
    expect(lines.some((l) => /accepted, preparing/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(/stopped: \d+ orders placed/);
    // The played drivers are on the map with fresh locations, none left on a break.
    const map = (await ctx.request({ method: 'GET', url: '/api/drivers/locations', token })).json().data as {
      shift_state: string;
      last_location_at: string | null;
    }[];
    const fresh = map.filter(
      (d) => d.last_location_at && Date.now() - Date.parse(d.last_location_at) < 15_000,
    );
    expect(fresh.length).toBeGreaterThanOrEqual(3);
    expect(lines.filter((l) => /error|failed/i.test(l))).toEqual([]);
  }, 60_000);
});
