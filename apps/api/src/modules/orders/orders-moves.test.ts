import { ORDER_STATUSES, type OrderStatus, type Role } from '@dostava/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, users } from '../../db/schema/index.js';
import { DEMO_ACCOUNTS } from '../../db/seed/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';

/**
 * Every status move × every role, through the API: each move the table below does not list for a
 * role is refused, each it lists is made. The table is written out here on purpose, not derived from
 * the shared state machine: a move that becomes allowed by mistake (a driver from ready for pickup
 * straight to delivered) turns this red.
 */
const MACHINE: [OrderStatus, OrderStatus][] = [
  ['created', 'preparing_order'],
  ['created', 'declined'],
  ['created', 'cancelled'],
  ['preparing_order', 'ready_for_pickup'],
  ['preparing_order', 'cancelled'],
  ['ready_for_pickup', 'in_delivery'],
  ['ready_for_pickup', 'cancelled'],
  ['in_delivery', 'delivered'],
  ['in_delivery', 'no_answer'],
  ['in_delivery', 'returned'],
  ['no_answer', 'in_delivery'],
  ['no_answer', 'returned'],
];
const KITCHEN: [OrderStatus, OrderStatus][] = [
  ['created', 'preparing_order'],
  ['created', 'declined'],
  ['preparing_order', 'ready_for_pickup'],
];
const DRIVER: [OrderStatus, OrderStatus][] = [
  ['ready_for_pickup', 'in_delivery'],
  ['in_delivery', 'delivered'],
  ['in_delivery', 'no_answer'],
  ['in_delivery', 'returned'],
  ['no_answer', 'in_delivery'],
  ['no_answer', 'returned'],
];
const ALLOWED: Record<Role, [OrderStatus, OrderStatus][]> = {
  admin: MACHINE,
  app_manager: MACHINE,
  dispatcher: MACHINE,
  restaurant_manager: KITCHEN,
  restaurant_employee: KITCHEN,
  driver: DRIVER,
  customer: [],
};
/** The demo account of each role (one each in the seed). */
const emailOf = (role: Role) => DEMO_ACCOUNTS.find((account) => account.role === role)?.email ?? '';

let t: TestContext;
let orderId = 0;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [manager] = await db
    .select()
    .from(users)
    .where(eq(users.email, emailOf('restaurant_manager')));
  const [driver] = await db
    .select()
    .from(users)
    .where(eq(users.email, emailOf('driver')));
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.restaurant_id, manager?.restaurant_id ?? 0), eq(products.show_on_menu, true)))
    .limit(1);
  const customer = await t.signIn(emailOf('customer'));
  const placed = await t.request({
    method: 'POST',
    url: '/api/orders',
    token: customer.access_token,
    payload: {
      restaurant_id: manager?.restaurant_id,
      items: [{ product_id: product?.id, quantity: 1 }],
      address: 'Titova 10, Sarajevo',
      phone: '+387 61 111 222',
      lat: 43.86,
      lng: 18.42,
      payment: 'cash',
    },
  });
  expect(placed.statusCode).toBe(201);
  orderId = placed.json().data.id;
  // The driver holds it throughout: every role reaches it, and a driver's move is on their own order.
  await db.update(orders).set({ driver_id: driver?.id }).where(eq(orders.id, orderId));
});
afterAll(() => t.close());

/** Puts the order in `status` directly (the move under test is the only one made through the API). */
const putIn = (status: OrderStatus) =>
  t.database.db
    .update(orders)
    .set({ status, status_changed_at: new Date(), version: sql`${orders.version} + 1` })
    .where(eq(orders.id, orderId));

describe('status moves: every pair of statuses for every role', () => {
  for (const role of Object.keys(ALLOWED) as Role[])
    it(`${role}: exactly the moves of its table are allowed`, async () => {
      const { access_token } = await t.signIn(emailOf(role));
      const url =
        role === 'driver' ? `/api/driver/orders/${orderId}/status` : `/api/orders/${orderId}/status`;
      const wrong: string[] = [];
      for (const from of ORDER_STATUSES)
        for (const to of ORDER_STATUSES) {
          await putIn(from);
          const res = await t.request({
            method: 'POST',
            url,
            token: access_token,
            lang: 'en',
            payload: { status: to, reason: 'test' },
          });
          const allowed = ALLOWED[role].some(([f, s]) => f === from && s === to);
          // A refusal is the role's (403) or the machine's (422 transition_not_allowed), never a change.
          const refused =
            res.statusCode === 403 ||
            (res.statusCode === 422 && res.json().error === 'transition_not_allowed');
          if (allowed ? res.statusCode !== 200 : !refused)
            wrong.push(
              `${from} → ${to}: ${res.statusCode} ${allowed ? '(should be allowed)' : '(should be refused)'}`,
            );
          if (!allowed && refused) {
            const [now] = await t.database.db
              .select({ status: orders.status })
              .from(orders)
              .where(eq(orders.id, orderId));
            if (now?.status !== from)
              wrong.push(`${from} → ${to}: refused but the order moved to ${now?.status}`);
          }
        }
      expect(wrong).toEqual([]);
    });
});
