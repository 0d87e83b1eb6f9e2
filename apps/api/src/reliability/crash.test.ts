import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../lib/sql.js';
import { call, signIn } from '../test/http.js';
import { integrityViolations } from '../test/integrity.js';
import {
  type ApiProcess,
  canRunPostgres,
  type Demo,
  openBackend,
  orderBody,
  startApi,
  until,
  useBackend,
  wait,
} from '../test/processes.js';

/**
 * The API process killed with SIGKILL in the middle of a stream of writes, then restarted: every
 * write it acknowledged is there, nothing is half-written, and the rollups still equal the orders.
 * On the embedded database (PGlite on disk, the `npm start` default) and on a PostgreSQL server.
 */
const kinds = canRunPostgres() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
if (!canRunPostgres()) console.warn('crash test: no PostgreSQL binaries here, only PGlite is crashed');

interface Acked {
  orders: { id: number; total: number; items: number }[];
  preparing: Set<number>;
  vehicles: { id: number; plate: string }[];
  points: string[];
  unexpected: string[];
}

/** Customers, a kitchen, an admin and a driver write as fast as they can until the process dies. */
async function writeUntilKilled(api: ApiProcess, demo: Demo, round: number): Promise<Acked> {
  const kitchen = demo.kitchens[0];
  if (!kitchen) throw new Error('the demo has no restaurant staff');
  const menu = demo.menus.get(kitchen.restaurant_id) ?? [];
  const customers = await Promise.all(
    demo.customers.slice(0, 6).map((email) => signIn(api.url, email, true)),
  );
  const manager = await signIn(api.url, kitchen.email);
  const admin = await signIn(api.url, 'admin@example.com');
  const driver = await signIn(api.url, 'driver@example.com', true);
  await call(api.url, 'POST', '/api/driver/shift/start', { token: driver }); // 409 when still open: fine

  const acked: Acked = { orders: [], preparing: new Set(), vehicles: [], points: [], unexpected: [] };
  let killed = false;
  const expect2xx = (what: string, res: { status: number; body: unknown }) => {
    if (killed && res.status === 0) return false;
    if (res.status >= 200 && res.status < 300) return true;
    acked.unexpected.push(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return false;
  };
  const queue: number[] = [];
  let n = 0;

  const customer = async (token: string) => {
    while (!killed) {
      const items = menu.slice(n % menu.length, (n % menu.length) + 1 + (n % 3)).map((p, i) => ({
        product_id: p.id,
        quantity: 1 + ((n + i) % 2),
      }));
      n++;
      const res = await call(api.url, 'POST', '/api/orders', {
        token,
        body: orderBody(kitchen.restaurant_id, items),
      });
      if (expect2xx('place an order', res)) {
        const order = res.body.data as { id: number; total: number; items: unknown[] };
        acked.orders.push({ id: order.id, total: order.total, items: order.items.length });
        queue.push(order.id);
      }
    }
  };
  const cook = async () => {
    while (!killed) {
      const id = queue.shift();
      if (id === undefined) {
        await wait(5); // timed on purpose: the kitchen looks at its queue again
        continue;
      }
      const res = await call(api.url, 'POST', `/api/orders/${id}/status`, {
        token: manager,
        body: { status: 'preparing_order' },
      });
      if (expect2xx('accept an order', res)) acked.preparing.add(id);
    }
  };
  const fleet = async () => {
    for (let i = 0; !killed; i++) {
      const plate = `K${round}-${i}-${Date.now() % 100000}`;
      const res = await call(api.url, 'POST', '/api/vehicles', {
        token: admin,
        body: { plate_number: plate, type: 'car' },
      });
      if (expect2xx('add a vehicle', res))
        acked.vehicles.push({ id: (res.body.data as { id: number }).id, plate });
    }
  };
  const base = Date.now() - 90_000;
  const track = async () => {
    for (let i = 0; !killed; i++) {
      const recorded_at = new Date(base + round * 20_000 + i).toISOString();
      const res = await call(api.url, 'POST', '/api/driver/locations', {
        token: driver,
        body: { points: [{ lat: 43.85 + i * 1e-5, lng: 18.41, recorded_at }] },
      });
      if (expect2xx('send a location', res)) acked.points.push(recorded_at);
    }
  };
  const writers = [...customers.map(customer), cook(), fleet(), track()];
  // Kill at a moment nobody chose: after some writes, at a random point of the stream.
  await until(
    () => acked.orders.length >= 15 * round && acked.preparing.size > 0,
    'writes to flow',
    undefined,
    10,
  );
  await wait(50 + Math.random() * 400); // timed on purpose: a kill at a moment nobody chose
  killed = true;
  await api.kill();
  await Promise.all(writers);
  return acked;
}

const inList = (values: (number | string)[], cast = '') =>
  sql.join(
    values.map((v) => sql`${v}${sql.raw(cast)}`),
    sql`, `,
  );

describe.each(kinds)('the API killed with SIGKILL mid-stream of writes (%s)', (kind) => {
  const setup = useBackend(kind);
  let api: ApiProcess | undefined;
  afterAll(() => api?.stop());

  it('keeps every acknowledged write, half-writes none, and serves on after a restart', async () => {
    const { backend, demo } = setup;
    const all: Acked[] = [];
    for (const round of [1, 2]) {
      api = await startApi(backend);
      const acked = await writeUntilKilled(api, demo, round);
      all.push(acked);
      expect(acked.unexpected, api.output()).toEqual([]);
      console.log(
        `crash (${kind}) round ${round}: killed after ${acked.orders.length} orders, ${acked.preparing.size} accepted, ${acked.vehicles.length} vehicles, ${acked.points.length} locations acknowledged`,
      );

      // The process is dead: read what it left behind directly.
      const database = await openBackend(backend);
      try {
        const db = database.db;
        expect(await integrityViolations(db)).toEqual([]);
        const ids = acked.orders.map((o) => o.id);
        const found = await rowsOf<{ id: number; total: number; items: number; status: string }>(
          db,
          sql`select o.id, o.total, (select count(*)::int from order_items i where i.order_id = o.id) items, o.status
            from orders o where o.id in (${inList(ids)})`,
        );
        const byId = new Map(found.map((o) => [o.id, o]));
        for (const order of acked.orders) {
          const row = byId.get(order.id);
          expect(row, `acknowledged order ${order.id}`).toBeDefined();
          expect({ total: row?.total, items: row?.items }).toEqual({
            total: order.total,
            items: order.items,
          });
          if (acked.preparing.has(order.id)) expect(row?.status, `order ${order.id}`).toBe('preparing_order');
        }
        const vehicles = await rowsOf<{ id: number; plate_number: string; audited: boolean }>(
          db,
          sql`select v.id, v.plate_number, exists (select 1 from audit_log a where a.entity = 'vehicles'
            and a.entity_id = v.id::text and a.action = 'create') audited
            from vehicles v where v.id in (${inList(acked.vehicles.map((v) => v.id))})`,
        );
        expect(vehicles.map((v) => [v.id, v.plate_number, v.audited]).sort()).toEqual(
          acked.vehicles.map((v) => [v.id, v.plate, true]).sort(),
        );
        const [points] = await rowsOf<{ n: number }>(
          db,
          sql`select count(distinct recorded_at)::int n from driver_locations
            where recorded_at in (${inList(acked.points, '::timestamptz')})`,
        );
        expect(points?.n).toBe(acked.points.length);
      } finally {
        await database.close();
      }
    }

    // Restarted on what the crashes left: every acknowledged order is served, and new writes work.
    api = await startApi(backend);
    const admin = await signIn(api.url, 'admin@example.com');
    for (const order of all.flatMap((a) => a.orders)) {
      const res = await call(api.url, 'GET', `/api/orders/${order.id}`, { token: admin });
      expect(res.status).toBe(200);
      expect((res.body.data as { total: number }).total).toBe(order.total);
    }
    const customer = await signIn(api.url, demo.customers[0] ?? '', true);
    const product = demo.menus.get(demo.kitchens[0]?.restaurant_id ?? 0)?.[0];
    const placed = await call(api.url, 'POST', '/api/orders', {
      token: customer,
      body: orderBody(
        demo.kitchens[0]?.restaurant_id ?? 0,
        [{ product_id: product?.id, quantity: 1 }],
        'card',
      ),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    await api.stop();
    api = undefined;
  });

  it('would notice a half-written order (the check itself can fail)', async () => {
    const database = await openBackend(setup.backend);
    try {
      const db = database.db;
      await db.execute(sql`
        insert into orders (restaurant_id, customer_id, status, payment_method, address, lat, lng,
          restaurant_amount, commission, delivery_costs, restaurant_total_amount, total, estimated_delivery_minutes)
        select restaurant_id, customer_id, 'created', payment_method, address, lat, lng, 100, 10, 300, 90, 400, 30
        from orders limit 1`);
      const broken = await integrityViolations(db);
      expect(broken.join('\n')).toMatch(/orders without items: 1/);
      expect(broken.join('\n')).toMatch(/status counters that differ/);
    } finally {
      await database.close();
    }
  });
});
