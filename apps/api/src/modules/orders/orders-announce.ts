import {
  DISPATCH_PROBLEMS,
  type OrderBefore,
  type OrderChangeNote,
  type OrderListItem,
  orderListItemSchema,
  RISK_REASONS,
} from '@dostava/shared';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { EventBus } from '../../lib/bus.js';
import { selectOrders, toListItem } from './orders-queries.js';

/** What an order was before a change, as read from its row: enough for a board to move it out of its lanes. */
export type OrderRowBefore = Pick<typeof orders.$inferSelect, 'status' | 'driver_id' | 'status_changed_at'> &
  Partial<Pick<typeof orders.$inferSelect, 'dispatch_problem' | 'risk_reason' | 'promised_at'>>;

/** One changed order to announce. */
export interface OrderNews {
  id: number;
  type?: 'order.created' | 'order.updated';
  /**
   * What it was before: its row as read before the change, null for a new order, or `unmoved` for a
   * change that moved neither its status nor its driver (an offer, a problem, a prediction), with what
   * did move (its dispatch problem, its risk) as it was, where that is known.
   */
  previous:
    | OrderRowBefore
    | null
    | { unmoved: Partial<Pick<OrderRowBefore, 'dispatch_problem' | 'risk_reason' | 'promised_at'>> };
  note: OrderChangeNote;
  /** The order as a list row when the caller has it already (a command read it back); else it is read. */
  order?: OrderListItem;
}

/** How many orders one read brings back. */
const CHUNK = 500;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : d === null ? null : undefined);
const problemOf = (p: string | null | undefined) =>
  p === undefined ? undefined : (DISPATCH_PROBLEMS.find((x) => x === p) ?? null);
const riskOf = (r: string | null | undefined) =>
  r === undefined ? undefined : (RISK_REASONS.find((x) => x === r) ?? null);

function beforeOf(order: OrderListItem, previous: OrderNews['previous']): OrderBefore | null {
  if (previous === null) return null;
  if ('unmoved' in previous) {
    const { unmoved } = previous;
    return {
      status: order.status,
      driver_id: order.driver?.id ?? null,
      status_changed_at: order.status_changed_at,
      dispatch_problem: problemOf(
        unmoved.dispatch_problem === undefined ? order.dispatch_problem : unmoved.dispatch_problem,
      ),
      risk_reason: riskOf(unmoved.risk_reason === undefined ? order.risk_reason : unmoved.risk_reason),
      promised_at: unmoved.promised_at === undefined ? order.promised_at : iso(unmoved.promised_at),
    };
  }
  return {
    status: previous.status,
    driver_id: previous.driver_id,
    status_changed_at: previous.status_changed_at.toISOString(),
    dispatch_problem: problemOf(previous.dispatch_problem),
    risk_reason: riskOf(previous.risk_reason),
    promised_at: iso(previous.promised_at),
  };
}

/** The list row of an order read in full (a command's answer): the event carries the row, not the detail. */
export const listRowOf = (order: OrderListItem): OrderListItem =>
  Object.fromEntries(
    Object.keys(orderListItemSchema.shape).map((key) => [key, order[key as keyof OrderListItem]]),
  ) as OrderListItem;

/**
 * The one way order changes reach the live views (decision 0008): each order goes out as its list row
 * with what it was before, so an open board moves it between lanes without asking the server again;
 * then each driver whose orders changed, once. Rows the caller does not have are read in one query per
 * CHUNK orders, whoever announces: a command (one order), a dispatch round or the ETA pass (many).
 * An order gone meanwhile is skipped.
 */
export async function announceOrders(
  db: Db,
  bus: EventBus,
  news: readonly OrderNews[],
  drivers: readonly (number | null)[] = [],
) {
  const missing = [...new Set(news.filter((n) => !n.order).map((n) => n.id))];
  const rows = new Map<number, OrderListItem>();
  for (let i = 0; i < missing.length; i += CHUNK) {
    const ids = missing.slice(i, i + CHUNK);
    for (const row of await selectOrders(db).where(inArray(orders.id, ids)))
      rows.set(row.id, toListItem(row));
  }
  for (const item of news) {
    const order = item.order ?? rows.get(item.id);
    if (!order) continue;
    await bus.publish({
      type: item.type ?? 'order.updated',
      restaurant_id: order.restaurant.id,
      data: { order_id: order.id, ...item.note, order, previous: beforeOf(order, item.previous) },
    });
  }
  for (const driverId of new Set(drivers))
    if (driverId !== null)
      await bus.publish({ type: 'driver.updated', restaurant_id: null, data: { driver_id: driverId } });
}
