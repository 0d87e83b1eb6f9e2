import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { type Answer, call, signIn } from '../test/http.js';
import { integrityViolations } from '../test/integrity.js';
import {
  type ApiProcess,
  canRunPostgres,
  openBackend,
  orderBody,
  startApi,
  useBackend,
} from '../test/processes.js';

/**
 * Mixed staff traffic — admins and app managers reading every list and the dashboard, dispatchers
 * watching the board and the map, kitchens moving their orders, admins changing the fleet and the
 * menu, customers ordering and drivers sending locations — at 120 concurrent connections for a
 * bounded time. Zero 5xx, zero refusals of valid requests, and every acknowledged write is found
 * afterwards exactly as acknowledged.
 */
const SECONDS = Number(process.env.RELIABILITY_LOAD_SECONDS ?? 15);
const kinds = canRunPostgres() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

/** A small seeded generator: the same run of choices every time. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 2 ** 32;
    return state / 2 ** 32;
  };
}

interface Ledger {
  requests: number;
  statuses: Map<number, number>;
  failures: string[];
  latencies: number[];
  slowest: { ms: number; what: string }[];
  inFlight: number;
  maxInFlight: number;
  orders: Map<number, { total: number; status: string }>;
  vehicles: Map<number, string>;
  prices: Map<number, number>;
  points: Map<string, string[]>;
}

describe.each(kinds)('mixed staff traffic at 120 connections (%s)', (kind) => {
  const setup = useBackend(kind);
  let api: ApiProcess | undefined;
  beforeAll(async () => {
    api = await startApi(setup.backend);
  });
  afterAll(() => api?.stop());

  it(`answers ${SECONDS} s of it without a 5xx or a lost write`, async () => {
    if (!api) throw new Error('no API');
    const { backend, demo } = setup;
    const base = api.url;
    const ledger: Ledger = {
      requests: 0,
      statuses: new Map(),
      failures: [],
      latencies: [],
      slowest: [],
      inFlight: 0,
      maxInFlight: 0,
      orders: new Map(),
      vehicles: new Map(),
      prices: new Map(),
      points: new Map(),
    };
    let stopping = false;
    /** Every request of the run: counted, timed, and any answer but the expected one is a failure. */
    const request = async (
      what: string,
      method: string,
      url: string,
      token: string,
      body?: unknown,
      expected = method === 'POST' && url === '/api/orders' ? 201 : 200,
    ): Promise<Answer | undefined> => {
      ledger.inFlight++;
      ledger.maxInFlight = Math.max(ledger.maxInFlight, ledger.inFlight);
      const res = await call(base, method, url, { token, body });
      ledger.inFlight--;
      ledger.requests++;
      ledger.latencies.push(res.ms);
      if (res.ms > 2000) ledger.slowest.push({ ms: res.ms, what: `${method} ${url}` });
      ledger.statuses.set(res.status, (ledger.statuses.get(res.status) ?? 0) + 1);
      if (res.status !== expected) {
        ledger.failures.push(
          `${what}: ${method} ${url} → ${res.status} ${JSON.stringify(res.body).slice(0, 300)} ${res.error ?? ''}`,
        );
        return undefined;
      }
      return res;
    };

    const kitchens = demo.kitchens.filter((k) => (demo.menus.get(k.restaurant_id) ?? []).length > 0);
    const restaurants = [...new Set(kitchens.map((k) => k.restaurant_id))];
    const queues = new Map<number, number[]>(restaurants.map((r) => [r, []]));
    const adminToken = await signIn(base, 'admin@example.com');
    const appManager = await signIn(base, 'appmanager@example.com');
    const dispatcher = await signIn(base, 'dispatcher@example.com');
    const kitchenTokens = await Promise.all(kitchens.map((k) => signIn(base, k.email)));
    const customerTokens = await Promise.all(demo.customers.slice(0, 20).map((e) => signIn(base, e, true)));
    const driverEmails = demo.drivers.slice(0, 15);
    const driverTokens = await Promise.all(driverEmails.map((e) => signIn(base, e, true)));
    for (const token of driverTokens) await call(base, 'POST', '/api/driver/shift/start', { token });
    const ownedProducts = restaurants.flatMap((r) => demo.menus.get(r) ?? []).slice(-10);

    const vus: Promise<void>[] = [];
    const vu = (seed: number, step: (next: () => number, i: number) => Promise<unknown>) => {
      vus.push(
        (async () => {
          const next = random(seed);
          for (let i = 0; !stopping; i++) await step(next, i);
        })(),
      );
    };
    const pick = <T>(next: () => number, list: readonly T[]): T =>
      list[Math.floor(next() * list.length)] as T;
    const knownOrders = demo.orderIds;

    // Admins and app managers reading: enough of them to make 120 connections in all.
    const readers = Math.max(
      30,
      120 - (10 + customerTokens.length + kitchens.length + 10 + driverTokens.length),
    );
    const reads = [
      () => '/api/orders?per_page=20',
      (n: () => number) =>
        `/api/orders?page=${1 + Math.floor(n() * 10)}&per_page=20&sort=${pick(n, ['-created_at', 'total', '-total', 'status', 'order_number'])}`,
      (n: () => number) =>
        `/api/orders?status=${pick(n, ['delivered', 'created', 'cancelled', 'in_delivery'])}&per_page=50`,
      (n: () => number) => `/api/orders/${pick(n, knownOrders)}`,
      (n: () => number) =>
        `/api/dashboard?period=${pick(n, ['today', 'this_week', 'this_month', 'last_month', 'this_year'])}`,
      () => '/api/restaurants',
      (n: () => number) => `/api/users?page=${1 + Math.floor(n() * 3)}`,
      () => '/api/drivers',
      () => '/api/vehicles',
      () => '/api/categories',
      () => '/api/end-shift-requests',
      () => '/api/settlements',
      () => '/api/driver-meals',
      () => '/api/app-versions',
      () => '/api/audit-log',
      (n: () => number) => `/api/search?q=${pick(n, ['Ćev', 'D10', 'Ami', 'Bur'])}`,
    ];
    for (let i = 0; i < readers; i++)
      vu(100 + i, (n) => request('read', 'GET', pick(n, reads)(n), i % 5 === 0 ? appManager : adminToken));
    // 10 dispatchers on the board, the map and the cash register.
    for (let i = 0; i < 10; i++)
      vu(200 + i, (n) =>
        request(
          'dispatch',
          'GET',
          pick(n, ['/api/orders?active=true', '/api/drivers/locations', '/api/end-shift-requests']),
          dispatcher,
        ),
      );
    // 20 customers ordering from the restaurants whose kitchens are at work.
    for (const [c, token] of customerTokens.entries()) {
      vu(300 + c, async (n, i) => {
        const restaurant = restaurants[(c + i) % restaurants.length] ?? 0;
        const menu = demo.menus.get(restaurant) ?? [];
        const items = [pick(n, menu), pick(n, menu)]
          .filter((p, k, all) => all.findIndex((q) => q.id === p.id) === k)
          .map((p) => ({ product_id: p.id, quantity: 1 + Math.floor(n() * 3) }));
        const payment = pick(n, ['cash', 'card'] as const);
        const res = await request(
          'order',
          'POST',
          '/api/orders',
          token,
          orderBody(restaurant, items, payment),
        );
        const order = res?.body.data as { id: number; total: number } | undefined;
        if (order) {
          ledger.orders.set(order.id, { total: order.total, status: 'created' });
          queues.get(restaurant)?.push(order.id);
        }
      });
    }
    // Restaurant staff taking their restaurant's new orders through the kitchen.
    for (const [k, kitchen] of kitchens.entries()) {
      vu(400 + k, async (n) => {
        const id = queues.get(kitchen.restaurant_id)?.shift();
        if (id === undefined) {
          await request(
            'kitchen board',
            'GET',
            '/api/orders?active=true&per_page=20',
            kitchenTokens[k] ?? '',
          );
          return;
        }
        for (const status of ['preparing_order', 'ready_for_pickup']) {
          const res = await request('kitchen', 'POST', `/api/orders/${id}/status`, kitchenTokens[k] ?? '', {
            status,
          });
          if (!res) return;
          const order = ledger.orders.get(id);
          if (order) order.status = status;
          if (n() < 0.5) break;
        }
      });
    }
    // 10 admins changing the fleet and the menu (each owns one product's price).
    for (let i = 0; i < 10; i++) {
      const product = ownedProducts[i];
      vu(500 + i, async (n, j) => {
        if (j % 2 === 0 || !product) {
          const plate = `LD-${kind[0]?.toUpperCase()}${i}-${j}`;
          const res = await request(
            'fleet',
            'POST',
            '/api/vehicles',
            adminToken,
            { plate_number: plate, type: pick(n, ['bike', 'car', 'scooter']) },
            201,
          );
          const vehicle = res?.body.data as { id: number } | undefined;
          if (vehicle) ledger.vehicles.set(vehicle.id, plate);
        } else {
          const price = 100 + Math.floor(n() * 5000);
          const res = await request('menu', 'PATCH', `/api/products/${product.id}`, adminToken, { price });
          if (res) ledger.prices.set(product.id, price);
        }
      });
    }
    // 15 drivers sending their positions in batches.
    const started = Date.now() - 3_600_000;
    driverTokens.forEach((token, d) => {
      const email = driverEmails[d] ?? '';
      ledger.points.set(email, []);
      vu(600 + d, async (n, i) => {
        const points = Array.from({ length: 5 }, (_, p) => ({
          lat: 43.84 + n() * 0.03,
          lng: 18.35 + n() * 0.05,
          recorded_at: new Date(started + d * 100_000 + i * 5 + p).toISOString(),
        }));
        const res = await request('locations', 'POST', '/api/driver/locations', token, { points });
        if (res) ledger.points.get(email)?.push(...points.map((p) => p.recorded_at));
      });
    });

    const connections = vus.length;
    const t0 = Date.now();
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000)); // timed on purpose: the load's length
    stopping = true;
    await Promise.all(vus);
    const seconds = (Date.now() - t0) / 1000;
    await api.stop();
    api = undefined;

    const sorted = [...ledger.latencies].sort((x, y) => x - y);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    console.log(
      `load (${kind}): ${connections} connections (${ledger.maxInFlight} in flight at most), ${ledger.requests} requests in ${seconds.toFixed(1)} s (${(ledger.requests / seconds).toFixed(0)}/s), p50 ${at(0.5)} ms, p99 ${at(0.99)} ms; statuses ${JSON.stringify(Object.fromEntries(ledger.statuses))}; acknowledged ${ledger.orders.size} orders, ${ledger.vehicles.size} vehicles, ${ledger.prices.size} prices, ${[...ledger.points.values()].flat().length} locations`,
    );
    if (ledger.slowest.length)
      console.log(
        `slowest: ${ledger.slowest
          .sort((x, y) => y.ms - x.ms)
          .slice(0, 8)
          .map((x) => `${x.what} ${x.ms} ms`)
          .join('; ')}`,
      );
    expect(connections).toBeGreaterThanOrEqual(120);
    expect(ledger.maxInFlight).toBeGreaterThanOrEqual(100);
    expect(ledger.failures.slice(0, 20)).toEqual([]);
    expect([...ledger.statuses.keys()].filter((s) => s >= 500 || s === 0)).toEqual([]);
    expect(ledger.orders.size).toBeGreaterThan(0);

    // Every acknowledged write, exactly as acknowledged.
    const database = await openBackend(backend);
    try {
      const db = database.db;
      const list = (values: (number | string)[], cast = '') =>
        sql.join(
          values.map((v) => sql`${v}${sql.raw(cast)}`),
          sql`, `,
        );
      const orders = await rowsOf<{ id: number; total: number; status: string }>(
        db,
        sql`select id, total, status from orders where id in (${list([...ledger.orders.keys()])})`,
      );
      expect(new Map(orders.map((o) => [o.id, { total: o.total, status: o.status }]))).toEqual(ledger.orders);
      const vehicles = await rowsOf<{ id: number; plate_number: string }>(
        db,
        sql`select id, plate_number from vehicles where id in (${list([...ledger.vehicles.keys()])})`,
      );
      expect(new Map(vehicles.map((v) => [v.id, v.plate_number]))).toEqual(ledger.vehicles);
      if (ledger.prices.size) {
        const prices = await rowsOf<{ id: number; price: number }>(
          db,
          sql`select id, price from products where id in (${list([...ledger.prices.keys()])})`,
        );
        expect(new Map(prices.map((p) => [p.id, p.price]))).toEqual(ledger.prices);
      }
      for (const [email, points] of ledger.points) {
        if (!points.length) continue;
        const [row] = await rowsOf<{ n: number }>(
          db,
          sql`select count(distinct l.recorded_at)::int n from driver_locations l join users u on u.id = l.driver_id
            where u.email = ${email} and l.recorded_at in (${list(points, '::timestamptz')})`,
        );
        expect(row?.n, email).toBe(points.length);
      }
      expect(await integrityViolations(db)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
