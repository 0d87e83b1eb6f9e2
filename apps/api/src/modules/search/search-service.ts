import { can, isRestaurantRole, type SearchHit } from '@dostava/shared';
import { and, asc, eq, ilike, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, products, restaurants } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { escapeLike } from '../../lib/lists.js';

const LIMIT_PER_KIND = 8;

/** The header search: each kind the role may see, limited to what it may see. */
export async function search(db: Db, actor: ActorContext, q: string): Promise<SearchHit[]> {
  const pattern = `%${escapeLike(q)}%`;
  const ownRestaurant = isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : undefined;
  const kinds: Promise<SearchHit[]>[] = [];

  if (can(actor, 'restaurants.read')) {
    kinds.push(
      db
        .select({ id: restaurants.id, name: restaurants.name, address: restaurants.address })
        .from(restaurants)
        .where(
          and(
            or(ilike(restaurants.name, pattern), ilike(restaurants.address, pattern)),
            ownRestaurant === undefined ? undefined : eq(restaurants.id, ownRestaurant),
          ),
        )
        .orderBy(asc(restaurants.name))
        .limit(LIMIT_PER_KIND)
        .then((rows) =>
          rows.map((r) => ({
            kind: 'restaurant' as const,
            id: r.id,
            title: r.name,
            subtitle: r.address,
            path: `/restaurant/${r.id}`,
          })),
        ),
    );
  }
  if (can(actor, 'products.read')) {
    kinds.push(
      db
        .select({
          id: products.id,
          name: products.name,
          restaurant_id: products.restaurant_id,
          restaurant: restaurants.name,
        })
        .from(products)
        .innerJoin(restaurants, eq(restaurants.id, products.restaurant_id))
        .where(
          and(
            ilike(products.name, pattern),
            ownRestaurant === undefined ? undefined : eq(products.restaurant_id, ownRestaurant),
          ),
        )
        .orderBy(asc(products.name), asc(products.id))
        .limit(LIMIT_PER_KIND)
        .then((rows) =>
          rows.map((p) => ({
            kind: 'product' as const,
            id: p.id,
            title: p.name,
            subtitle: p.restaurant,
            path: `/restaurant/${p.restaurant_id}/edit-product/${p.id}`,
          })),
        ),
    );
  }
  if (can(actor, 'categories.write')) {
    kinds.push(
      db
        .select({ id: categories.id, name: categories.name, description: categories.description })
        .from(categories)
        .where(ilike(categories.name, pattern))
        .orderBy(asc(categories.position))
        .limit(LIMIT_PER_KIND)
        .then((rows) =>
          rows.map((c) => ({
            kind: 'category' as const,
            id: c.id,
            title: c.name,
            subtitle: c.description,
            path: `/edit-category/${c.id}`,
          })),
        ),
    );
  }
  return (await Promise.all(kinds)).flat();
}
