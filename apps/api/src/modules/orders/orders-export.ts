import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { csvRow } from '../../lib/csv.js';
import {
  type OrderFilterQuery,
  type OrderRow,
  orderFilters,
  selectOrders,
  toListItem,
} from './orders-queries.js';

/** The CSV of the filtered orders, read in pages by keyset so millions of rows never sit in memory. */
export async function* exportOrdersCsv(db: Db, actor: ActorContext, query: OrderFilterQuery) {
  const header = [
    'order_number',
    'created_at',
    'status',
    'restaurant',
    'buyer',
    'driver',
    'quantity',
    'payment_method',
    'restaurant_amount',
    'delivery_costs',
    'restaurant_total_amount',
    'total',
    'delivered_at',
  ];
  yield csvRow(header);
  const money = (minor: number) => (minor / 100).toFixed(2);
  const base = orderFilters(actor, query);
  let after: { created_at: Date; id: number } | null = null;
  for (;;) {
    const page: OrderRow[] = await selectOrders(db)
      .where(
        and(
          ...base,
          after
            ? sql`(${orders.created_at}, ${orders.id}) < (${after.created_at.toISOString()}::timestamptz, ${after.id})`
            : undefined,
        ),
      )
      .orderBy(desc(orders.created_at), desc(orders.id))
      .limit(1000);
    if (page.length === 0) return;
    let chunk = '';
    for (const r of page) {
      const o = toListItem(r);
      chunk += csvRow([
        o.order_number,
        o.created_at,
        o.status,
        o.restaurant.name,
        `${o.buyer.first_name} ${o.buyer.last_name}`,
        o.driver ? `${o.driver.first_name} ${o.driver.last_name}` : '',
        o.quantity,
        o.payment_method,
        money(o.restaurant_amount),
        money(o.delivery_costs),
        money(o.restaurant_total_amount),
        money(o.total),
        o.delivered_at ?? '',
      ]);
    }
    yield chunk;
    const last = page.at(-1);
    if (!last || page.length < 1000) return;
    after = { created_at: last.created_at, id: last.id };
  }
}
