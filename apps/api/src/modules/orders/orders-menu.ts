import { MAX_ORDER_AMOUNT, msg, type OrderCreateBody } from '@dostava/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products, restaurants } from '../../db/schema/index.js';
import { BadRequest } from '../../lib/errors.js';
import { readTogether } from '../../lib/sql.js';
import { snoozedNow } from '../products/products-service.js';

export interface MenuLine {
  product_id: number;
  name: string;
  unit_price: number;
  quantity: number;
}

/**
 * The restaurant and the items priced from its menu (never from the request): each item must be on
 * its menu (400 naming the item), the amount under the maximum. Placing an order and quoting its
 * delivery both read the basket here, so a quote's basket is the order's.
 */
export async function menuBasket(db: Db, body: Pick<OrderCreateBody, 'restaurant_id' | 'items'>) {
  const ids = [...new Set(body.items.map((i) => i.product_id))];
  const [[restaurant], menu] = await readTogether(db, [
    () => db.select().from(restaurants).where(eq(restaurants.id, body.restaurant_id)),
    () =>
      db
        .select({ id: products.id, name: products.name, price: products.price, snoozed: snoozedNow })
        .from(products)
        .where(
          and(
            eq(products.restaurant_id, body.restaurant_id),
            eq(products.show_on_menu, true),
            inArray(products.id, ids),
          ),
        ),
  ]);
  if (!restaurant) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
  const byId = new Map(menu.map((p) => [p.id, p]));
  const errors: Record<string, string[]> = {};
  body.items.forEach((item, index) => {
    if (!byId.has(item.product_id)) errors[`items.${index}.product_id`] = ['validation.not_on_menu'];
  });
  if (Object.keys(errors).length) throw new BadRequest(errors);
  const lines: MenuLine[] = body.items.map((item) => {
    const product = byId.get(item.product_id);
    if (!product) throw new Error('unreachable: checked above');
    return { product_id: product.id, name: product.name, unit_price: product.price, quantity: item.quantity };
  });
  const itemsAmount = lines.reduce((sum, l) => sum + l.unit_price * l.quantity, 0);
  if (itemsAmount > MAX_ORDER_AMOUNT)
    throw new BadRequest({ items: [msg('validation.order_too_large', { max: MAX_ORDER_AMOUNT / 100 })] });
  return { restaurant, byId, lines, itemsAmount };
}
