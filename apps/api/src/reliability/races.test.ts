import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, call, signIn } from '../test/http.js';
import { type ApiProcess, canRunPostgres, orderBody, startApi, useBackend } from '../test/processes.js';

/**
 * Race bursts over real sockets against the built server: the same write fired at once, and two
 * writes that exclude each other fired together, on PGlite and on PostgreSQL — there with two API
 * instances on one database, the calls spread over both, so only the database can decide. Exactly
 * one wins, every loser gets a translated 409 or 422, nothing answers 5xx.
 */
const kinds = canRunPostgres() ? (['pglite', 'postgres'] as const) : (['pglite'] as const);
const BURST = 50;
const ROUNDS = 10;

describe.each(kinds)('race bursts (%s)', (kind) => {
  const setup = useBackend(kind);
  let apis: ApiProcess[] = [];
  beforeAll(async () => {
    // PGlite is one process's database; PostgreSQL is shared by two instances.
    apis = await Promise.all((kind === 'postgres' ? [1, 2] : [1]).map(() => startApi(setup.backend)));
  });
  afterAll(() => Promise.all(apis.map((api) => api.stop())));

  /** The API instance for the i-th call: alternating when there are two. */
  const base = (i: number) => apis[i % apis.length]?.url ?? '';
  const statuses = (answers: Answer[]) => {
    const counts: Record<number, number> = {};
    for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
    return counts;
  };

  /** A new driver, off shift and without history, signed in to the driver app. */
  async function newDriver(admin: string, name: string) {
    const email = `${name}.${kind}@vozaci.ba`;
    const created = await call(base(0), 'POST', '/api/users', {
      token: admin,
      body: { first_name: 'Trkač', last_name: name, email, role: 'driver', password: 'Zu7#mostarBridge' },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = (created.body.data as { id: number }).id;
    const res = await call(base(0), 'POST', '/api/auth/app/sign-in', {
      body: { email, password: 'Zu7#mostarBridge' },
    });
    return { id, token: (res.body.data as { access_token: string }).access_token };
  }

  it(`opens one shift and one break out of ${BURST} simultaneous starts`, async () => {
    const admin = await signIn(base(0), 'admin@example.com');
    const driver = await newDriver(admin, 'nestrpljivi');
    for (const [url, error] of [
      ['/api/driver/shift/start', 'shift_open'],
      ['/api/driver/breaks/start', 'break_open'],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          call(base(i), 'POST', url, { token: driver.token, lang: 'en' }),
        ),
      );
      expect(statuses(answers), url).toEqual({ 200: 1, 409: BURST - 1 });
      expect(new Set(answers.filter((a) => a.status === 409).map((a) => a.body.error)), url).toEqual(
        new Set([error]),
      );
    }
  });

  it(`ends a shift or takes the order, never both, in ${ROUNDS} rounds each of accept and assign`, async () => {
    const { demo } = setup;
    const admin = await signIn(base(0), 'admin@example.com');
    const dispatcher = await signIn(base(0), 'dispatcher@example.com');
    const driver = await newDriver(admin, 'smjena');
    expect((await call(base(0), 'POST', '/api/driver/shift/start', { token: driver.token })).status).toBe(
      200,
    );
    // An order waiting for a driver: placed by a customer, accepted by its kitchen.
    const kitchen = demo.kitchens.find((k) => (demo.menus.get(k.restaurant_id) ?? []).length > 0);
    if (!kitchen) throw new Error('no kitchen with a menu in the demo data');
    const product = demo.menus.get(kitchen.restaurant_id)?.[0];
    const customer = await signIn(base(0), demo.customers[0] ?? '', true);
    const placed = await call(base(0), 'POST', '/api/orders', {
      token: customer,
      body: orderBody(kitchen.restaurant_id, [{ product_id: product?.id, quantity: 1 }]),
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const orderId = (placed.body.data as { id: number }).id;
    const staff = await signIn(base(0), kitchen.email);
    expect(
      (
        await call(base(0), 'POST', `/api/orders/${orderId}/status`, {
          token: staff,
          body: { status: 'preparing_order' },
        })
      ).status,
    ).toBe(200);
    // A driver takes an order not assigned to them only from the pool (decision 0027): open it.
    const settings = (await call(base(0), 'GET', '/api/dispatch/settings', { token: admin })).body
      .data as Record<string, unknown>;
    const { updated_at: _at, updated_by: _by, ...current } = settings;
    for (const [url, body] of [
      ['/api/dispatch/settings', { ...current, driver_pool: true }],
      [`/api/restaurants/${kitchen.restaurant_id}/dispatch-mode`, { mode: 'suggest' }],
    ] as const)
      expect((await call(base(0), 'PUT', url, { token: admin, body })).status).toBe(200);

    const takes = {
      accept: (i: number) =>
        call(base(i), 'POST', `/api/driver/orders/${orderId}/accept`, {
          token: driver.token,
          body: {},
          lang: 'en',
        }),
      assign: (i: number) =>
        call(base(i), 'POST', `/api/orders/${orderId}/assign`, {
          token: dispatcher,
          body: { driver_id: driver.id },
          lang: 'en',
        }),
    };
    const endShift = (i: number) =>
      call(base(i), 'POST', '/api/driver/end-shift', {
        token: driver.token,
        body: { declared_amount: 0 },
        lang: 'en',
      });
    const wrong: string[] = [];
    for (const [how, take] of Object.entries(takes)) {
      for (let round = 0; round < ROUNDS; round++) {
        // Both orders of arrival, and on two instances each side on either.
        const [ending, taking] =
          round % 2 === 0
            ? await Promise.all([endShift(round), take(round + 1)])
            : await Promise.all([take(round), endShift(round + 1)]).then(([x, y]) => [y, x] as const);
        const ended = ending.status === 201;
        const took = taking.status === 200;
        const loser = ended ? taking : ending;
        if (ended === took || ![409, 422].includes(loser.status) || !loser.body.message) {
          wrong.push(`${how} round ${round}: end-shift ${ending.status}, ${how} ${taking.status}`);
        }
        // Back to the start line through the API: staff reject the request or take the order back.
        if (ended) {
          const id = (ending.body.data as { id: number }).id;
          const rejected = await call(base(0), 'POST', `/api/end-shift-requests/${id}/reject`, {
            token: admin,
            body: { reason: 'race' },
          });
          expect(rejected.status).toBe(200);
        }
        if (took) {
          const unassigned = await call(base(0), 'POST', `/api/orders/${orderId}/unassign`, {
            token: dispatcher,
            body: {},
          });
          expect(unassigned.status).toBe(200);
          // Taken off by a person, the order is locked out of the pool: open it again.
          const unlocked = await call(base(0), 'POST', `/api/orders/${orderId}/dispatch-lock`, {
            token: dispatcher,
            body: { locked: false },
          });
          expect(unlocked.status).toBe(200);
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
