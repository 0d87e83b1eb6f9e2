import { can, isRestaurantRole, type Language, type SearchHit, translate } from '@dostava/shared';
import { and, asc, desc, eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, orders, products, restaurants, users, vehicles } from '../../db/schema/index.js';
import type { ActorContext } from '../../lib/audit.js';
import { codePart, fullName, looksLikeOrderNumber, textSearchPlaceholders } from '../../lib/search.js';
import { matchesUnlessNull, preparedShape } from '../../lib/sql.js';
import { historyScope } from '../orders/orders-queries.js';

const LIMIT_PER_KIND = 8;

/** A restaurant role's own restaurant, as the placeholder `own` (null for everyone else): one shape for all. */
const ownOnly = (column: SQLWrapper): SQL => matchesUnlessNull(column, 'own');

/**
 * The header search: each kind the role may see, limited to what it may see. Words the UI would
 * translate (a vehicle's type) come in the caller's language: the box shows subtitles as they are.
 */
export async function search(
  db: Db,
  actor: ActorContext,
  q: string,
  language: Language,
): Promise<SearchHit[]> {
  const ownRestaurant = isRestaurantRole(actor.role) ? (actor.restaurant_id ?? -1) : undefined;
  const kinds: Promise<SearchHit[]>[] = [];

  // Each kind is built once per shape (which words and codes the query has) and run with its values.
  const values = (found: { values: Record<string, string> }) => ({
    ...found.values,
    own: ownRestaurant ?? null,
  });
  if (can(actor, 'restaurants.read')) {
    const found = textSearchPlaceholders(q, [restaurants.name, restaurants.address]);
    kinds.push(
      preparedShape(db, `search.restaurants:${found.shape}`, () =>
        db
          .select({ id: restaurants.id, name: restaurants.name, address: restaurants.address })
          .from(restaurants)
          .where(and(found.where, ownOnly(restaurants.id)))
          .orderBy(asc(restaurants.name))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(values(found))
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
    const found = textSearchPlaceholders(q, [products.name]);
    kinds.push(
      preparedShape(db, `search.products:${found.shape}`, () =>
        db
          .select({
            id: products.id,
            name: products.name,
            restaurant_id: products.restaurant_id,
            restaurant: restaurants.name,
          })
          .from(products)
          .innerJoin(restaurants, eq(restaurants.id, products.restaurant_id))
          .where(and(found.where, ownOnly(products.restaurant_id)))
          .orderBy(asc(products.name), asc(products.id))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(values(found))
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
    const found = textSearchPlaceholders(q, [categories.name]);
    kinds.push(
      preparedShape(db, `search.categories:${found.shape}`, () =>
        db
          .select({ id: categories.id, name: categories.name, description: categories.description })
          .from(categories)
          .where(found.where)
          .orderBy(asc(categories.position))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(found.values)
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
  // Orders by (part of) their number: 'D100123', '0012', 'd1001'; the exact number first, then the
  // newest. Three characters at least: fewer would match most of a million orders.
  const number = codePart(q);
  if (can(actor, 'orders.read') && looksLikeOrderNumber(q) && number.length >= 3) {
    const found = textSearchPlaceholders(q, [], [{ column: orders.order_number }]);
    const scope = historyScope(actor);
    kinds.push(
      preparedShape(db, `search.orders:${found.shape}:${scope ? 'recent' : 'all'}`, () =>
        db
          .select({
            id: orders.id,
            order_number: orders.order_number,
            restaurant_id: orders.restaurant_id,
            restaurant: restaurants.name,
          })
          .from(orders)
          .innerJoin(restaurants, eq(restaurants.id, orders.restaurant_id))
          .where(and(found.where, ownOnly(orders.restaurant_id), scope))
          .orderBy(sql`${orders.order_number} = ${sql.placeholder('number')} desc`, desc(orders.id))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute({ ...values(found), number })
        .then((rows) =>
          rows.map((o) => ({
            kind: 'order' as const,
            id: o.id,
            title: o.order_number,
            subtitle: o.restaurant,
            path: `/orders/${o.id}`,
          })),
        ),
    );
  }
  if (can(actor, 'users.manage')) {
    const found = textSearchPlaceholders(q, [fullName(users), users.email]);
    kinds.push(
      preparedShape(db, `search.users:${found.shape}`, () =>
        db
          .select({
            id: users.id,
            first_name: users.first_name,
            last_name: users.last_name,
            email: users.email,
          })
          .from(users)
          .where(and(found.where, sql`${users.role} <> 'driver'`))
          .orderBy(asc(users.last_name), asc(users.id))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(found.values)
        .then((rows) =>
          rows.map((u) => ({
            kind: 'user' as const,
            id: u.id,
            title: `${u.first_name} ${u.last_name}`,
            subtitle: u.email,
            path: `/edit-user/${u.id}`,
          })),
        ),
    );
  }
  if (can(actor, 'drivers.read')) {
    const found = textSearchPlaceholders(q, [fullName(users)], [{ column: vehicles.plate_normalized }]);
    kinds.push(
      preparedShape(db, `search.drivers:${found.shape}`, () =>
        db
          .select({
            id: users.id,
            first_name: users.first_name,
            last_name: users.last_name,
            plate: vehicles.plate_number,
          })
          .from(users)
          .leftJoin(vehicles, eq(vehicles.driver_id, users.id))
          .where(and(eq(users.role, 'driver'), found.where))
          .orderBy(asc(users.last_name), asc(users.id))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(found.values)
        .then((rows) =>
          rows.map((d) => {
            const name = `${d.first_name} ${d.last_name}`;
            return {
              kind: 'driver' as const,
              id: d.id,
              title: name,
              subtitle: d.plate,
              path: `/drivers?q=${encodeURIComponent(name)}`,
            };
          }),
        ),
    );
  }
  if (can(actor, 'vehicles.write')) {
    const found = textSearchPlaceholders(q, [], [{ column: vehicles.plate_normalized }]);
    kinds.push(
      preparedShape(db, `search.vehicles:${found.shape}`, () =>
        db
          .select({ id: vehicles.id, plate: vehicles.plate_number, type: vehicles.type })
          .from(vehicles)
          .where(found.where)
          .orderBy(asc(vehicles.plate_normalized))
          .limit(LIMIT_PER_KIND)
          .prepare(''),
      )
        .execute(found.values)
        .then((rows) =>
          rows.map((v) => ({
            kind: 'vehicle' as const,
            id: v.id,
            title: v.plate,
            subtitle: translate(language, `vehicles.types.${v.type}`),
            path: `/edit-vehicle/${v.id}`,
          })),
        ),
    );
  }
  return (await Promise.all(kinds)).flat();
}
