import {
  ETA_DEFAULTS,
  evaluateFee,
  mergeFees,
  type OrderStatus,
  type PaymentMethod,
  roadMetres,
} from '@dostava/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { distanceKm } from '../../lib/geo.js';
import { orderAmounts } from '../../modules/orders/orders-amounts.js';
import type { Db } from '../client.js';
import {
  driverBreaks,
  drivers,
  orderItems,
  orderStatusHistory,
  orders,
  products,
  restaurants,
  shifts,
  users,
} from '../schema/index.js';
import { DEMO_GLOBAL_FEES } from './zones.js';

/** A small deterministic generator, so every seeded database tells the same story. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const weighted = <T>(pairs: readonly (readonly [T, number])[]): T => {
    const total = pairs.reduce((s, [, w]) => s + w, 0);
    let r = next() * total;
    for (const [value, w] of pairs) {
      r -= w;
      if (r <= 0) return value;
    }
    return (pairs.at(-1) as readonly [T, number])[0];
  };
  return { next, int, pick, weighted };
}

const STREETS: readonly [string, number, number][] = [
  ['Titova', 43.8587, 18.4187],
  ['Zmaja od Bosne', 43.8546, 18.3983],
  ['Ferhadija', 43.859, 18.4245],
  ['Alipašina', 43.8622, 18.4078],
  ['Patriotske lige', 43.8652, 18.4121],
  ['Grbavička', 43.8483, 18.4013],
  ['Hamze Hume', 43.8522, 18.3912],
  ['Džemala Bijedića', 43.8478, 18.3565],
  ['Safeta Hadžića', 43.8416, 18.3421],
  ['Bulevar Meše Selimovića', 43.8507, 18.3782],
  ['Branilaca Sarajeva', 43.8576, 18.4209],
  ['Kranjčevićeva', 43.8569, 18.4103],
  ['Hasana Kikića', 43.8618, 18.4001],
  ['Koševo', 43.8701, 18.4089],
  ['Vrbanja', 43.8541, 18.4082],
];

// When customers order: lunch and dinner peaks, busier at the weekend.
const HOURS: readonly (readonly [number, number])[] = [
  [8, 2],
  [9, 3],
  [10, 4],
  [11, 8],
  [12, 12],
  [13, 11],
  [14, 8],
  [15, 5],
  [16, 5],
  [17, 7],
  [18, 11],
  [19, 13],
  [20, 11],
  [21, 7],
  [22, 4],
  [23, 2],
];
const WEEKDAY_WEIGHT = [1.25, 0.85, 0.85, 0.9, 1.0, 1.3, 1.4]; // Sunday … Saturday

const FINAL: readonly (readonly [OrderStatus, number])[] = [
  ['delivered', 88],
  ['cancelled', 4],
  ['declined', 3],
  ['returned', 2],
];
const PATHS: Record<string, OrderStatus[]> = {
  delivered: ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery', 'delivered'],
  cancelled: ['created', 'preparing_order', 'cancelled'],
  declined: ['created', 'declined'],
  returned: ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery', 'no_answer', 'returned'],
  created: ['created'],
  preparing_order: ['created', 'preparing_order'],
  ready_for_pickup: ['created', 'preparing_order', 'ready_for_pickup'],
  in_delivery: ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery'],
  no_answer: ['created', 'preparing_order', 'ready_for_pickup', 'in_delivery', 'no_answer'],
};
const STEP_MINUTES: Partial<Record<OrderStatus, readonly [number, number]>> = {
  preparing_order: [1, 6],
  ready_for_pickup: [12, 30],
  in_delivery: [2, 12],
  delivered: [8, 30],
  no_answer: [8, 20],
  returned: [5, 15],
  cancelled: [3, 20],
  declined: [1, 5],
};
const REASONS: Partial<Record<OrderStatus, string>> = {
  cancelled: 'Kupac je otkazao narudžbu telefonom',
  declined: 'Kuhinja je preopterećena',
  returned: 'Kupac se nije javljao na vrata ni telefon',
};

export interface OrderSeedOptions {
  /** How many past orders; a handful of active ones are added on top. */
  count: number;
  days: number;
  now?: Date;
}

/** Months of orders in every status, and a few active ones on the board with drivers on shift. */
const DEMO_FEES = mergeFees(DEMO_GLOBAL_FEES);

export async function seedOrders(db: Db, options: OrderSeedOptions) {
  const rnd = random(20261122);
  const now = options.now ?? new Date();
  const restaurantRows = await db.select().from(restaurants);
  const menu = await db
    .select({
      id: products.id,
      restaurant_id: products.restaurant_id,
      name: products.name,
      price: products.price,
    })
    .from(products)
    .where(eq(products.show_on_menu, true));
  const byRestaurant = new Map<number, typeof menu>();
  for (const p of menu) byRestaurant.set(p.restaurant_id, [...(byRestaurant.get(p.restaurant_id) ?? []), p]);
  const customerIds = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'customer'))).map(
    (r) => r.id,
  );
  const driverIds = (await db.select({ id: users.id }).from(users).where(eq(users.role, 'driver'))).map(
    (r) => r.id,
  );
  const staffByRestaurant = new Map<number, number>();
  for (const s of await db
    .select({ id: users.id, restaurant_id: users.restaurant_id })
    .from(users)
    .where(inArray(users.role, ['restaurant_manager', 'restaurant_employee']))) {
    if (s.restaurant_id !== null) staffByRestaurant.set(s.restaurant_id, s.id);
  }
  if (!restaurantRows.length || !customerIds.length || !driverIds.length) return;
  const restaurantWeights = restaurantRows.map((r, i) => [r, 1 + ((i * 7) % 5)] as const);

  type Planned = {
    order: typeof orders.$inferInsert;
    items: Omit<typeof orderItems.$inferInsert, 'order_id'>[];
    history: Omit<typeof orderStatusHistory.$inferInsert, 'order_id'>[];
  };

  const plan = (created: Date, final: OrderStatus, driverId: number | null): Planned => {
    const restaurant = rnd.weighted(restaurantWeights);
    const dishes = byRestaurant.get(restaurant.id) ?? [];
    const lines = Array.from({ length: rnd.int(1, 4) }, () => rnd.pick(dishes));
    const merged = new Map<
      number,
      { product_id: number; name: string; unit_price: number; quantity: number }
    >();
    for (const d of lines) {
      const line = merged.get(d.id) ?? { product_id: d.id, name: d.name, unit_price: d.price, quantity: 0 };
      line.quantity += rnd.int(1, 2);
      merged.set(d.id, line);
    }
    const items = [...merged.values()];
    const [street, lat, lng] = rnd.pick(STREETS);
    const point = { lat: lat + (rnd.next() - 0.5) * 0.006, lng: lng + (rnd.next() - 0.5) * 0.008 };
    const km =
      restaurant.lat !== null && restaurant.lng !== null
        ? distanceKm({ lat: restaurant.lat, lng: restaurant.lng }, point)
        : null;
    const basket = items.reduce((s, i) => s + i.unit_price * i.quantity, 0);
    // Priced by the demo's fee rule, on the road the default travel model rides (decision 0035).
    const fee = evaluateFee(DEMO_FEES, {
      road_m: roadMetres(km ?? 0, ETA_DEFAULTS.detour_factor),
      basket,
      at: created,
      timeZone: 'Europe/Sarajevo',
    });
    if (!fee.ok) throw new Error('the demo fee rule has no minimum order');
    const amounts = {
      ...orderAmounts(basket, restaurant.percentage, fee.total),
      estimated_delivery_minutes: 25 + Math.round((km ?? 2) * 3),
    };
    const path = PATHS[final] ?? ['created'];
    let at = created;
    const history: Planned['history'] = [];
    const times: Partial<Record<OrderStatus, Date>> = {};
    path.forEach((status, i) => {
      if (i > 0) {
        const [min, max] = STEP_MINUTES[status] ?? [1, 5];
        // Some kitchens are slower than others (up to half again), so on-time differs by restaurant.
        const pace = status === 'ready_for_pickup' ? 1 + (restaurant.id % 4) * 0.15 : 1;
        at = new Date(at.getTime() + Math.round(rnd.int(min, max) * pace) * 60_000);
      }
      times[status] = at;
      const byKitchen =
        status === 'preparing_order' || status === 'ready_for_pickup' || status === 'declined';
      const byDriver =
        status === 'in_delivery' || status === 'delivered' || status === 'no_answer' || status === 'returned';
      history.push({
        from_status: i === 0 ? null : (path[i - 1] ?? null),
        to_status: status,
        actor_id: byKitchen ? (staffByRestaurant.get(restaurant.id) ?? null) : byDriver ? driverId : null,
        actor_role: byKitchen
          ? 'restaurant_employee'
          : byDriver
            ? 'driver'
            : status === 'created'
              ? 'customer'
              : 'dispatcher',
        reason: REASONS[status] ?? null,
        created_at: at,
      });
    });
    const usesDriver = path.includes('in_delivery');
    return {
      order: {
        restaurant_id: restaurant.id,
        customer_id: rnd.pick(customerIds),
        driver_id: usesDriver || final === 'ready_for_pickup' ? driverId : null,
        status: final,
        payment_method: (rnd.next() < 0.6 ? 'cash' : 'card') as PaymentMethod,
        address: `${street} ${rnd.int(1, 120)}, Sarajevo`,
        lat: point.lat,
        lng: point.lng,
        note:
          rnd.next() < 0.15
            ? rnd.pick([
                'Bez luka, molim',
                'Zvono ne radi, nazovite',
                'Treći sprat, lijevo',
                'Dodatni prilog',
              ])
            : null,
        ...amounts,
        driver_request_time: times.preparing_order ?? null,
        assigned_at: usesDriver ? (times.ready_for_pickup ?? times.preparing_order ?? null) : null,
        picked_up_at: times.in_delivery ?? null,
        delivered_at: times.delivered ?? null,
        // The promise made at placement: a kitchen and road allowance that grows with the distance.
        promised_at: new Date(created.getTime() + (58 + Math.round((km ?? 2) * 4)) * 60_000),
        created_at: created,
        status_changed_at: at,
        version: path.length - 1,
      },
      items,
      history,
    };
  };

  const insert = async (batch: Planned[]) => {
    if (!batch.length) return;
    const ids = await db
      .insert(orders)
      .values(batch.map((p) => p.order))
      .returning({ id: orders.id });
    const items = batch.flatMap((p, i) => p.items.map((item) => ({ ...item, order_id: ids[i]?.id ?? 0 })));
    const history = batch.flatMap((p, i) => p.history.map((h) => ({ ...h, order_id: ids[i]?.id ?? 0 })));
    for (let i = 0; i < items.length; i += 2000) await db.insert(orderItems).values(items.slice(i, i + 2000));
    for (let i = 0; i < history.length; i += 2000)
      await db.insert(orderStatusHistory).values(history.slice(i, i + 2000));
  };

  // The past, oldest first, so ids and order numbers grow with time.
  const dayMs = 86_400_000;
  const times: Date[] = [];
  for (let i = 0; i < options.count; i++) {
    let created: Date;
    do {
      const day = new Date(now.getTime() - rnd.int(1, options.days) * dayMs);
      const hour = rnd.weighted(HOURS);
      created = new Date(day);
      created.setUTCHours(hour - 1, rnd.int(0, 59), rnd.int(0, 59), 0);
    } while (rnd.next() > (WEEKDAY_WEIGHT[created.getUTCDay()] ?? 1) / 1.4);
    times.push(created);
  }
  times.sort((a, b) => a.getTime() - b.getTime());
  let batch: Planned[] = [];
  for (const created of times) {
    batch.push(plan(created, rnd.weighted(FINAL), rnd.pick(driverIds)));
    if (batch.length === 500) {
      await insert(batch);
      batch = [];
    }
  }
  await insert(batch);

  // Tonight's board: drivers on shift, and orders in every active status.
  const onShift = driverIds.slice(0, 16);
  await db.update(drivers).set({ shift_state: 'available' }).where(inArray(drivers.user_id, onShift));
  const shiftStart = new Date(now.getTime() - 3 * 3_600_000);
  await db.insert(shifts).values(onShift.map((driver_id) => ({ driver_id, started_at: shiftStart })));
  // Where they are now: around the old town and Marijin Dvor, updated in the last few minutes.
  for (const [i, driverId] of onShift.entries()) {
    const [, lat, lng] = STREETS[i % STREETS.length] ?? STREETS[0] ?? ['', 43.8563, 18.4131];
    await db
      .update(drivers)
      // The last one has just started and has not sent a location yet.
      .set(
        i === 15
          ? { lat: null, lng: null, last_location_at: null }
          : {
              lat: lat + (rnd.next() - 0.5) * 0.004,
              lng: lng + (rnd.next() - 0.5) * 0.006,
              last_location_at: new Date(now.getTime() - rnd.int(5, 240) * 1000),
            },
      )
      .where(eq(drivers.user_id, driverId));
  }
  // Past breaks: a lunch break most days for the first drivers.
  const breaks = [];
  for (const driverId of driverIds.slice(0, 8)) {
    for (let d = 1; d <= 14; d++) {
      const start = new Date(now.getTime() - d * 86_400_000);
      start.setUTCHours(rnd.int(10, 14), rnd.int(0, 59), 0, 0);
      breaks.push({
        driver_id: driverId,
        started_at: start,
        ended_at: new Date(start.getTime() + rnd.int(10, 40) * 60_000),
      });
    }
  }
  await db.insert(driverBreaks).values(breaks);
  const active: [OrderStatus, number][] = [
    ['created', 38],
    ['created', 3],
    ['preparing_order', 22],
    ['preparing_order', 9],
    ['ready_for_pickup', 30],
    ['in_delivery', 35],
    ['in_delivery', 20],
    ['no_answer', 48],
  ];
  const board = active.map(([status, minutesAgo], i) => {
    const driverId =
      status === 'in_delivery' || status === 'no_answer' || status === 'ready_for_pickup'
        ? (onShift[i] ?? null)
        : null;
    return plan(new Date(now.getTime() - minutesAgo * 60_000), status, driverId);
  });
  // Active orders keep their steps in the past, ending a few minutes ago at most.
  for (const p of board) {
    const shift = Math.max(0, (p.order.status_changed_at as Date).getTime() - (now.getTime() - 60_000));
    if (shift > 0) {
      for (const h of p.history) h.created_at = new Date((h.created_at as Date).getTime() - shift);
      for (const key of [
        'created_at',
        'status_changed_at',
        'driver_request_time',
        'assigned_at',
        'picked_up_at',
        'promised_at',
      ] as const) {
        const value = p.order[key];
        if (value instanceof Date) p.order[key] = new Date(value.getTime() - shift);
      }
    }
  }
  await insert(board);
  // Earlier tonight: orders the drivers on shift have already delivered (their cash is in the bag).
  const tonight = Array.from({ length: 24 }, (_, i) => {
    const p = plan(new Date(now.getTime() - rnd.int(85, 170) * 60_000), 'delivered', onShift[i % 12] ?? null);
    return p;
  }).sort((a, b) => (a.order.created_at as Date).getTime() - (b.order.created_at as Date).getTime());
  await insert(tonight);
  const delivering = board
    .map((p) => p.order)
    .filter((o) => o.driver_id && (o.status === 'in_delivery' || o.status === 'no_answer'));
  for (const o of delivering) {
    await db
      .update(drivers)
      .set({ shift_state: 'delivering' })
      .where(and(eq(drivers.user_id, o.driver_id as number)));
  }
}
