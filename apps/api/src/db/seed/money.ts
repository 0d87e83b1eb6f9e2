import { and, eq, isNull, sql } from 'drizzle-orm';
import type { ActorContext } from '../../lib/audit.js';
import {
  approveSettlement,
  createPaymentOrders,
  createSettlement,
} from '../../modules/settlements/settlements-service.js';
import type { Db } from '../client.js';
import { driverMeals, endShiftRequests, restaurants, shifts, users } from '../schema/index.js';

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The money side of the demo: closed shifts of the past week with collected and rejected cash,
 * two requests waiting tonight, driver meals, and settlements of past fortnights (some approved).
 */
export async function seedMoney(db: Db, timeZone: string, now = new Date()) {
  const [admin] = await db.select().from(users).where(eq(users.email, 'admin@example.com'));
  const driverIds = (
    await db.select({ id: users.id }).from(users).where(eq(users.role, 'driver')).orderBy(users.id)
  ).map((r) => r.id);
  const restaurantIds = (
    await db.select({ id: restaurants.id }).from(restaurants).orderBy(restaurants.id)
  ).map((r) => r.id);
  if (!admin || driverIds.length < 20 || !restaurantIds.length) return;

  // Closed shifts of the last seven days for drivers who are off shift now.
  let n = 0;
  for (let d = 7; d >= 1; d--) {
    for (const driverId of driverIds.slice(16, 26)) {
      const start = new Date(now.getTime() - d * 86_400_000);
      start.setUTCHours(8, 0, 0, 0);
      const end = new Date(start.getTime() + 12 * 3_600_000);
      const [shift] = await db
        .insert(shifts)
        .values({ driver_id: driverId, started_at: start, ended_at: end })
        .returning();
      if (!shift) continue;
      const rejected = n++ % 9 === 4;
      await db.execute(sql`
        insert into ${endShiftRequests} (driver_id, shift_id, shift_total, orders_count, declared_amount, status, reason, handled_by, handled_at, created_at)
        select ${driverId}, ${shift.id}, coalesce(sum(o.total), 0)::int, count(*)::int,
          greatest(coalesce(sum(o.total), 0)::int - ${rejected ? 2000 : 0}, 0),
          ${rejected ? 'rejected' : 'collected'}::end_shift_status,
          ${rejected ? 'Nedostaje 20,00 KM' : null}, ${admin.id}, ${end.toISOString()}::timestamptz + interval '15 minutes',
          ${end.toISOString()}::timestamptz
        from "orders" o
        where o.driver_id = ${driverId} and o.status = 'delivered' and o.payment_method = 'cash'
          and o.delivered_at >= ${start.toISOString()}::timestamptz and o.delivered_at < ${end.toISOString()}::timestamptz`);
    }
  }
  // Two drivers on shift tonight have handed in their cash and wait; one of them is 5 KM short.
  for (const [i, driverId] of driverIds.slice(3, 5).entries()) {
    const [open] = await db
      .select()
      .from(shifts)
      .where(and(eq(shifts.driver_id, driverId), isNull(shifts.ended_at)));
    if (!open) continue;
    await db.execute(sql`
      insert into ${endShiftRequests} (driver_id, shift_id, shift_total, orders_count, declared_amount)
      select ${driverId}, ${open.id}, coalesce(sum(o.total), 0)::int, count(*)::int, greatest(coalesce(sum(o.total), 0)::int - ${i === 1 ? 500 : 0}, 0)
      from "orders" o
      where o.driver_id = ${driverId} and o.status = 'delivered' and o.payment_method = 'cash'
        and o.delivered_at >= ${open.started_at.toISOString()}::timestamptz`);
  }
  // Meals drivers took at restaurants over the last two months.
  await db.insert(driverMeals).values(
    Array.from({ length: 80 }, (_, i) => ({
      driver_id: driverIds[(i * 7) % driverIds.length] ?? driverIds[0] ?? 0,
      restaurant_id: restaurantIds[(i * 5) % restaurantIds.length] ?? restaurantIds[0] ?? 0,
      date: day(new Date(now.getTime() - ((i % 60) + 1) * 86_400_000)),
      amount: 500 + ((i * 137) % 1100),
      created_by: admin.id,
    })),
  );
  // Settlements of two past fortnights for the first restaurants; the older ones approved and paid.
  const actor: ActorContext = { user_id: admin.id, role: 'admin', restaurant_id: null };
  for (const restaurantId of restaurantIds.slice(0, 6)) {
    const older = await createSettlement(
      db,
      actor,
      {
        restaurant_id: restaurantId,
        from: day(new Date(now.getTime() - 45 * 86_400_000)),
        to: day(new Date(now.getTime() - 32 * 86_400_000)),
      },
      timeZone,
    );
    await approveSettlement(db, actor, older.id);
    await createPaymentOrders(db, actor, older.id);
    await createSettlement(
      db,
      actor,
      {
        restaurant_id: restaurantId,
        from: day(new Date(now.getTime() - 31 * 86_400_000)),
        to: day(new Date(now.getTime() - 18 * 86_400_000)),
      },
      timeZone,
    );
  }
}
