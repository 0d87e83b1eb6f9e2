import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, endShiftRequests, orders } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * Ending a shift and taking an order exclude each other: a driver who filed the request takes no
 * order, and one holding an order cannot file it. Raced in both orders of arrival, exactly one wins,
 * so no cash is ever delivered outside a shift total.
 */
let t: TestContext;
const tokens: Record<string, string> = {};
let driver = { id: 0, token: '' };
let orderId = 0;
const ROUNDS = 20;

beforeAll(async () => {
  t = await createTestContext();
  for (const who of ['admin', 'dispatcher'])
    tokens[who] = (await t.signIn(`${who}@example.com`)).access_token;
  const created = await t.request({
    method: 'POST',
    url: '/api/users',
    token: tokens.admin,
    payload: {
      first_name: 'Trkač',
      last_name: 'Smjene',
      email: 'trkac@vozaci.ba',
      role: 'driver',
      password: 'Zu7#mostarBridge',
    },
  });
  driver = {
    id: created.json().data.id,
    token: (await t.signIn('trkac@vozaci.ba', 'Zu7#mostarBridge')).access_token,
  };
  expect(
    (await t.request({ method: 'POST', url: '/api/driver/shift/start', token: driver.token })).statusCode,
  ).toBe(200);
  const [order] = await rowsOf<{ id: number; restaurant_id: number }>(
    t.database.db,
    sql`select id, restaurant_id from orders where status in ('preparing_order','ready_for_pickup') limit 1`,
  );
  orderId = order?.id ?? 0;
  // A driver takes an order not assigned to them only from the pool (decision 0027): open it here.
  const settings = (
    await t.request({ method: 'GET', url: '/api/dispatch/settings', token: tokens.admin })
  ).json().data;
  const { updated_at: _at, updated_by: _by, ...body } = settings;
  for (const [url, payload] of [
    ['/api/dispatch/settings', { ...body, driver_pool: true }],
    [`/api/restaurants/${order?.restaurant_id}/dispatch-mode`, { mode: 'suggest' }],
  ] as const)
    expect((await t.request({ method: 'PUT', url, token: tokens.admin, payload })).statusCode).toBe(200);
});
afterAll(() => t.close());

/** Back to the start line: the order waits for a driver, the driver is on shift with nothing pending. */
async function reset() {
  const db = t.database.db;
  await db
    .update(orders)
    .set({ driver_id: null, assigned_at: null, status: 'ready_for_pickup', dispatch_locked: false })
    .where(eq(orders.id, orderId));
  await db
    .update(endShiftRequests)
    .set({ status: 'rejected', reason: 'reset' })
    .where(and(eq(endShiftRequests.driver_id, driver.id), eq(endShiftRequests.status, 'pending')));
  await db.update(drivers).set({ shift_state: 'available' }).where(eq(drivers.user_id, driver.id));
}

const endShift = () =>
  t.request({
    method: 'POST',
    url: '/api/driver/end-shift',
    token: driver.token,
    lang: 'en',
    payload: { declared_amount: 0 },
  });
const accept = () =>
  t.request({
    method: 'POST',
    url: `/api/driver/orders/${orderId}/accept`,
    token: driver.token,
    lang: 'en',
    payload: {},
  });
const assign = () =>
  t.request({
    method: 'POST',
    url: `/api/orders/${orderId}/assign`,
    token: tokens.dispatcher,
    lang: 'en',
    payload: { driver_id: driver.id },
  });

const LOSER_MESSAGES = [
  'Finish or hand over the deliveries in progress before ending the shift.',
  'This driver has asked to end the shift and takes no new orders.',
];

describe.each([
  ['accepting', accept],
  ['being assigned', assign],
])('ending a shift while %s an order', (_, take) => {
  it(`lets exactly one win in ${ROUNDS} rounds, whichever arrives first`, async () => {
    const wrong: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      await reset();
      const [ending, taking] =
        round % 2 === 0
          ? await Promise.all([endShift(), take()])
          : await Promise.all([take(), endShift()]).then(([x, y]) => [y, x] as const);
      const ended = ending.statusCode === 201;
      const took = taking.statusCode === 200;
      const loser = ended ? taking : ending;
      // What the database holds must agree: never a pending request beside an order in hand.
      const [state] = await rowsOf<{ pending: number; held: number }>(
        t.database.db,
        sql`select
          (select count(*)::int from end_shift_requests where driver_id = ${driver.id} and status = 'pending') as pending,
          (select count(*)::int from orders where id = ${orderId} and driver_id = ${driver.id}) as held`,
      );
      if (
        ended === took ||
        ![409, 422].includes(loser.statusCode) ||
        !LOSER_MESSAGES.includes(loser.json().message) ||
        state?.pending !== (ended ? 1 : 0) ||
        state?.held !== (took ? 1 : 0)
      )
        wrong.push(`round ${round}: end-shift ${ending.statusCode}, take ${taking.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
