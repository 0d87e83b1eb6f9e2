import type { NotificationSettings } from '@dostava/shared';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/bus.js';
import { distanceKm } from '../../lib/geo.js';
import type { JobQueue } from '../../lib/jobs.js';
import { record } from './notifications-service.js';

/** The drivers' orders on the road are read again at most this often (or when one of them changes). */
const ROAD_TTL_MS = 15_000;

interface Deps {
  db: Db;
  bus: EventBus;
  jobs: JobQueue;
  settings: () => Promise<NotificationSettings>;
  timeZone: string;
  log: { warn: (obj: object, msg: string) => void };
}

export const sendKey = (orderId: number) => `notify:${orderId}`;

/**
 * What the order's own transaction cannot see, learned from the bus once the change has committed:
 * the send of what a write recorded (a job per order), "late" (the prediction passes the promise) and
 * "arriving" (the driver's position near the door). Every instance hears every event; the unique row
 * per order and event and the job's singleton key make the second instance's work a no-op.
 */
export function watchOrders({ db, bus, jobs, settings, timeZone, log }: Deps): () => void {
  const road = new Map<
    number,
    { until: number; orders: Promise<{ id: number; customer_id: number; lat: number; lng: number }[]> }
  >();
  const schedule = (orderId: number) =>
    jobs.schedule('notification-send', { order_id: orderId }, new Date(), sendKey(orderId));
  const fail = (error: unknown) => log.warn({ err: error }, 'customer notification not recorded');

  const onRoad = (driverId: number) => {
    const now = Date.now();
    const hit = road.get(driverId);
    if (hit && hit.until > now) return hit.orders;
    const loaded = db
      .select({ id: orders.id, customer_id: orders.customer_id, lat: orders.lat, lng: orders.lng })
      .from(orders)
      .where(and(eq(orders.driver_id, driverId), eq(orders.status, 'in_delivery')));
    road.set(driverId, { until: now + ROAD_TTL_MS, orders: loaded });
    loaded.catch(() => road.delete(driverId));
    return loaded;
  };

  return bus.subscribe((event) => {
    if (event.type === 'order.created' || event.type === 'order.updated') {
      const { order, previous } = event.data;
      for (const driver of [order.driver?.id, previous?.driver_id]) if (driver != null) road.delete(driver);
      const work = async () => {
        if (event.data.status) await schedule(event.data.order_id);
        // Late: the prediction passes the promise by more than the setting, while it is still open.
        if (
          order.promised_at &&
          order.predicted_delivery_at &&
          !['delivered', 'cancelled', 'declined', 'returned'].includes(order.status)
        ) {
          const s = await settings();
          const lateBy = (Date.parse(order.predicted_delivery_at) - Date.parse(order.promised_at)) / 60_000;
          if (lateBy > s.late_minutes) {
            const [row] = await db
              .select({ id: orders.id, customer_id: orders.customer_id })
              .from(orders)
              .where(eq(orders.id, order.id));
            if (row && (await record(db, row, 'late', s, timeZone, new Date()))) await schedule(row.id);
          }
        }
      };
      work().catch(fail);
    } else if (event.type === 'driver.updated' && 'location' in event.data) {
      const { driver_id, location } = event.data;
      const work = async () => {
        const carried = await onRoad(driver_id);
        if (!carried.length) return;
        const s = await settings();
        for (const o of carried) {
          if (distanceKm(location, { lat: o.lat, lng: o.lng }) * 1000 > s.arriving_meters) continue;
          if (await record(db, o, 'arriving', s, timeZone, new Date())) await schedule(o.id);
        }
      };
      work().catch(fail);
    }
  });
}
