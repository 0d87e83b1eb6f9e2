import {
  BOARD_COUNTERS,
  COUNTER_RULES,
  DISPATCH_MODES,
  type DispatchMode,
  dueAt,
  effectiveDispatchMode,
  isActiveStatus,
  isOnTheRoad,
  ORDER_STATUSES,
  waitsForDriver,
} from '@dostava/shared';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatchSettings, orders, restaurants, users } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/helpers.js';
import * as rules from './order-rules.js';

/**
 * Each order rule is stated twice, as a SQL fragment (the API's reads and writes) and as a pure
 * TypeScript twin in shared (the web's live cache, the planner): both run over the same table of
 * varied orders here, and must agree on every one.
 */
let t: TestContext;
let ids: number[] = [];
let restaurantIds: number[] = [];
const MODES: (DispatchMode | null)[] = [null, 'manual', 'suggest', 'automatic'];

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [customer] = await db.select().from(users).where(eq(users.email, 'customer@example.com'));
  const [driver] = await db.select().from(users).where(eq(users.email, 'driver@example.com'));
  restaurantIds = (await db.select({ id: restaurants.id }).from(restaurants).orderBy(restaurants.id))
    .slice(0, MODES.length)
    .map((r) => r.id);
  expect(restaurantIds).toHaveLength(MODES.length);
  for (const [i, id] of restaurantIds.entries())
    await db.update(restaurants).set({ dispatch_mode: MODES[i] }).where(eq(restaurants.id, id));
  if (!customer || !driver) throw new Error('demo accounts missing');

  // Every status × driver or not × locked or not × a problem or not × a risk or not × a promise past,
  // ahead or none × in its status a minute or an hour: each lane's edge is crossed somewhere.
  const now = Date.now();
  const minutes = (m: number) => new Date(now + m * 60_000);
  const rows: (typeof orders.$inferInsert)[] = [];
  let n = 0;
  for (const status of ORDER_STATUSES)
    for (const driverId of [null, driver.id])
      for (const locked of [false, true])
        for (const problem of [null, 'no_driver_on_shift'])
          for (const risk of [null, 'kitchen_slow'])
            for (const promised of [null, minutes(-30), minutes(30)])
              for (const age of [1, 60]) {
                rows.push({
                  restaurant_id: restaurantIds[n++ % restaurantIds.length] ?? 0,
                  customer_id: customer.id,
                  driver_id: driverId,
                  status,
                  status_changed_at: minutes(-age),
                  dispatch_locked: locked,
                  dispatch_problem: problem,
                  risk_reason: risk,
                  promised_at: promised,
                  payment_method: 'cash',
                  address: 'Titova 10, Sarajevo',
                  customer_phone: '+387 61 111 222',
                  lat: 43.86,
                  lng: 18.42,
                  restaurant_amount: 1000,
                  commission: 100,
                  delivery_costs: 300,
                  restaurant_total_amount: 900,
                  total: 1300,
                  estimated_delivery_minutes: 30,
                });
              }
  ids = (await db.insert(orders).values(rows).returning({ id: orders.id })).map((r) => r.id);
});
afterAll(() => t.close());

/** Reads the table with every fragment's verdict beside the columns the twins read. */
async function verdicts() {
  return t.database.db
    .select({
      id: orders.id,
      status: orders.status,
      driver_id: orders.driver_id,
      dispatch_locked: orders.dispatch_locked,
      dispatch_problem: orders.dispatch_problem,
      risk_reason: orders.risk_reason,
      promised_at: orders.promised_at,
      status_changed_at: orders.status_changed_at,
      restaurant_mode: restaurants.dispatch_mode,
      now: sql<number>`(extract(epoch from now()) * 1000)::float8`.mapWith(Number),
      due_at: sql<number>`(extract(epoch from ${rules.dueAt()}) * 1000)::float8`.mapWith(Number),
      terminal: rules.isTerminal().mapWith(Boolean),
      active: rules.isActive().mapWith(Boolean),
      on_the_road: rules.isOnTheRoad().mapWith(Boolean),
      waits: rules.waitsForDriver().mapWith(Boolean),
      mode: rules.dispatchModeOf(),
      ...(Object.fromEntries(
        BOARD_COUNTERS.map((c) => [
          `counter_${c}`,
          sql<boolean>`coalesce(${rules.COUNTER_SQL[c]}, false)`.mapWith(Boolean),
        ]),
      ) as Record<`counter_${(typeof BOARD_COUNTERS)[number]}`, ReturnType<typeof sql<boolean>>>),
    })
    .from(orders)
    .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
    .where(inArray(orders.id, ids));
}

describe('the order rules in SQL and in TypeScript', () => {
  for (const operation of ['manual', 'automatic'] as const)
    it(`agree on every order (the operation in ${operation} mode)`, async () => {
      await t.database.db.update(dispatchSettings).set({ mode: operation }).where(eq(dispatchSettings.id, 1));
      const rows = await verdicts();
      expect(rows).toHaveLength(ids.length);
      const disagreements: string[] = [];
      const check = (id: number, rule: string, inSql: unknown, inTs: unknown) => {
        if (inSql !== inTs)
          disagreements.push(`order ${id}: ${rule} is ${inSql} in SQL, ${inTs} in TypeScript`);
      };
      for (const r of rows) {
        check(r.id, 'terminal', r.terminal, !isActiveStatus(r.status));
        check(r.id, 'active', r.active, isActiveStatus(r.status));
        check(r.id, 'on the road', r.on_the_road, isOnTheRoad(r.status));
        check(r.id, 'waits for a driver', r.waits, waitsForDriver(r));
        check(
          r.id,
          'dispatch mode',
          r.mode,
          effectiveDispatchMode(DISPATCH_MODES.find((m) => m === r.restaurant_mode) ?? null, operation),
        );
        check(r.id, 'due at', r.due_at, dueAt(r));
        for (const c of BOARD_COUNTERS)
          check(r.id, `counter ${c}`, r[`counter_${c}`], COUNTER_RULES[c](r, r.now));
      }
      expect(disagreements.slice(0, 10)).toEqual([]);
      // The table crosses every edge: each rule is true for some orders and false for others.
      for (const c of BOARD_COUNTERS) {
        const counted = rows.filter((r) => r[`counter_${c}`]).length;
        expect(counted, c).toBeGreaterThan(0);
        expect(counted, c).toBeLessThan(rows.length);
      }
      expect(new Set(rows.map((r) => r.mode)).size).toBeGreaterThan(1);
      expect(rows.some((r) => r.waits) && rows.some((r) => !r.waits)).toBe(true);
    });
});
