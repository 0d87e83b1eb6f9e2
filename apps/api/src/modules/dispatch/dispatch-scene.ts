import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, drivers, products, restaurants, users } from '../../db/schema/index.js';

/** Where the dispatch tests' restaurant stands (Sarajevo). */
export const HERE = { lat: 43.8563, lng: 18.4131 };

/** On shift, free, seen just now `offset` degrees north of the restaurant (0.002° ≈ 220 m). */
export async function placeDriver(db: Db, id: number, offset: number) {
  await db
    .update(drivers)
    .set({ shift_state: 'available', lat: HERE.lat + offset, lng: HERE.lng, last_location_at: new Date() })
    .where(eq(drivers.user_id, id));
}

/**
 * The dispatch tests' scene: a restaurant of their own with one product on its menu, every seeded driver
 * off shift (they would take the tests' orders), and the first `count` drivers on shift beside the
 * restaurant, nearest first.
 */
export async function dispatchScene(db: Db, name: string, count: number) {
  const [restaurant] = await db
    .insert(restaurants)
    .values({ name, address: 'Ferhadija 1', phone: '+387 33 000 000', percentage: 10, ...HERE })
    .returning({ id: restaurants.id });
  const [category] = await db.select({ id: categories.id }).from(categories).limit(1);
  const [product] = await db
    .insert(products)
    .values({
      restaurant_id: restaurant?.id ?? 0,
      category_id: category?.id ?? 0,
      name: 'Burek',
      price: 500,
      show_on_menu: true,
    })
    .returning({ id: products.id });
  await db.update(drivers).set({ shift_state: 'off_shift' });
  const near = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.role, 'driver'))
    .orderBy(users.id)
    .limit(count);
  for (const [i, d] of near.entries()) await placeDriver(db, d.id, 0.002 * (i + 1));
  return { restaurant: restaurant?.id ?? 0, product: product?.id ?? 0, near };
}
