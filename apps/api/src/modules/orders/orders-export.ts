import { and, desc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { orders, zones } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { csvExport, type ExportCell, type ExportColumn, xlsxExport } from '../../lib/export.js';
import {
  type OrderFilterQuery,
  type OrderRow,
  orderFilters,
  selectOrders,
  toListItem,
} from './orders-queries.js';

/** A row of the export: the list's item and the name of the zone that priced it (issue 37). */
type ListItem = ReturnType<typeof toListItem> & { zone: string };
const name = (p: { first_name: string; last_name: string } | null) =>
  p ? `${p.first_name} ${p.last_name}` : '';

/** The columns of the orders export, the same in the CSV and the spreadsheet. */
const COLUMNS: (ExportColumn & { value: (o: ListItem) => ExportCell })[] = [
  { header: 'order_number', type: 'text', width: 12, value: (o) => o.order_number },
  { header: 'created_at', type: 'time', value: (o) => new Date(o.created_at) },
  { header: 'status', type: 'text', width: 18, value: (o) => o.status },
  { header: 'restaurant', type: 'text', width: 28, value: (o) => o.restaurant.name },
  { header: 'buyer', type: 'text', value: (o) => name(o.buyer) },
  { header: 'driver', type: 'text', value: (o) => name(o.driver) },
  { header: 'quantity', type: 'integer', width: 10, value: (o) => o.quantity },
  { header: 'payment_method', type: 'text', width: 16, value: (o) => o.payment_method },
  { header: 'restaurant_amount', type: 'money', value: (o) => o.restaurant_amount },
  { header: 'delivery_costs', type: 'money', value: (o) => o.delivery_costs },
  { header: 'restaurant_total_amount', type: 'money', value: (o) => o.restaurant_total_amount },
  { header: 'total', type: 'money', value: (o) => o.total },
  { header: 'delivered_at', type: 'time', value: (o) => (o.delivered_at ? new Date(o.delivered_at) : null) },
  { header: 'zone', type: 'text', width: 20, value: (o) => o.zone },
];

const PAGE = 1000;

/** The filtered orders in pages of rows, read by keyset so millions of rows never sit in memory. */
async function* orderPages(db: Db, actor: ActorContext, query: OrderFilterQuery) {
  const base = orderFilters(actor, query);
  // The zones' names once (a few hundred at most); an order of a zone since deleted keeps its number.
  const zoneNames = new Map(
    (await db.select({ id: zones.id, name: zones.name }).from(zones)).map((z) => [z.id, z.name]),
  );
  const zoneOf = (id: number | null) => (id === null ? '' : (zoneNames.get(id) ?? `#${id}`));
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
      .limit(PAGE);
    if (page.length === 0) return;
    yield page.map((r) => {
      const o = { ...toListItem(r), zone: zoneOf(r.zone_id) };
      return COLUMNS.map((c) => c.value(o));
    });
    const last = page.at(-1);
    if (!last || page.length < PAGE) return;
    after = { created_at: last.created_at, id: last.id };
  }
}

/** The CSV of the filtered orders (byte-order mark, times on the operation's clock), streamed. */
export const exportOrdersCsv = (db: Db, actor: ActorContext, query: OrderFilterQuery, timeZone: string) =>
  csvExport(COLUMNS, orderPages(db, actor, query), timeZone);

/** The same orders as a spreadsheet, streamed. */
export const exportOrdersXlsx = (db: Db, actor: ActorContext, query: OrderFilterQuery, timeZone: string) =>
  xlsxExport('Orders', COLUMNS, orderPages(db, actor, query), timeZone);
