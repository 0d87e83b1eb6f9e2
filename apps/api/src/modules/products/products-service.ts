import {
  can,
  type Menu,
  type Product,
  type ProductBody,
  type ProductPatchBody,
  type productListQuery,
} from '@dostava/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { categories, products, restaurants, uploads } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Forbidden, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { textSearch } from '../../lib/search.js';
import { readTogether } from '../../lib/sql.js';
import { orderingStateOf } from '../restaurants/restaurants-hours.js';
import { assertImage, imageOf } from '../uploads/uploads-service.js';

type ListQuery = z.output<typeof productListQuery>;

const columns = {
  id: products.id,
  restaurant_id: products.restaurant_id,
  name: products.name,
  description: products.description,
  price: products.price,
  show_on_menu: products.show_on_menu,
  snoozed: products.snoozed,
  snoozed_until: products.snoozed_until,
  category_id: categories.id,
  category_name: categories.name,
  image_id: uploads.id,
  image_file_name: uploads.file_name,
  created_at: products.created_at,
  updated_at: products.updated_at,
};
const selectProducts = (db: Db) =>
  db
    .select(columns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .leftJoin(uploads, eq(uploads.id, products.image_id));
type Row = Awaited<ReturnType<typeof selectProducts>>[number];

const toProduct = ({
  category_id,
  category_name,
  image_id,
  image_file_name,
  snoozed_until,
  created_at,
  updated_at,
  ...rest
}: Row): Product => ({
  ...rest,
  snoozed_until: snoozed_until?.toISOString() ?? null,
  category: { id: category_id, name: category_name },
  image: imageOf(image_id, image_file_name),
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

async function assertRestaurant(db: Db, id: number) {
  const [found] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id));
  if (!found) throw new NotFound();
}

async function assertCategory(db: Db, id: number | undefined) {
  if (id === undefined) return;
  const [found] = await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
  if (!found) throw new BadRequest({ category_id: ['validation.category_unknown'] });
}

export async function listProducts(db: Db, actor: ActorContext, restaurantId: number, query: ListQuery) {
  if (!can(actor, 'products.read', restaurantId)) throw new Forbidden();
  await assertRestaurant(db, restaurantId);
  const filters: SQL[] = [eq(products.restaurant_id, restaurantId)];
  const match = textSearch(query.q, [products.name, products.description]);
  if (match) filters.push(match);
  if (query.category_id !== undefined) filters.push(eq(products.category_id, query.category_id));
  if (query.show_on_menu !== undefined) filters.push(eq(products.show_on_menu, query.show_on_menu));
  const where = and(...filters);
  const direction = query.sort.startsWith('-') ? desc : asc;
  const field = query.sort.replace(/^-/, '');
  const order =
    field === 'category'
      ? [direction(categories.position), asc(products.name)]
      : [
          direction(
            { name: products.name, price: products.price, created_at: products.created_at }[field] ??
              products.name,
          ),
        ];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectProducts(db)
        .where(where)
        .orderBy(...order, asc(products.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(products).where(where),
  ]);
  return {
    data: rows.map(toProduct),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

export async function findProduct(db: Db, id: number): Promise<Product> {
  const [row] = await selectProducts(db).where(eq(products.id, id));
  if (!row) throw new NotFound();
  return toProduct(row);
}

export async function getProduct(db: Db, actor: ActorContext, id: number): Promise<Product> {
  const product = await findProduct(db, id);
  if (!can(actor, 'products.read', product.restaurant_id)) throw new Forbidden();
  return product;
}

export async function createProduct(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  body: ProductBody,
): Promise<Product> {
  if (!can(actor, 'products.write', restaurantId)) throw new Forbidden();
  await assertRestaurant(db, restaurantId);
  await assertCategory(db, body.category_id);
  await assertImage(db, body.image_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(products)
      .values({
        restaurant_id: restaurantId,
        category_id: body.category_id,
        name: body.name,
        description: body.description,
        price: body.price,
        show_on_menu: body.show_on_menu,
        image_id: body.image_id ?? null,
      })
      .returning();
    if (!row) throw new Error('product insert returned nothing');
    await audit(tx, actor, 'create', 'products', row.id, null, row);
    return row.id;
  });
  return findProduct(db, id);
}

/**
 * Managers (and admins) edit everything; restaurant employees may only switch show on menu.
 */
export async function updateProduct(
  db: Db,
  actor: ActorContext,
  id: number,
  patch: ProductPatchBody,
): Promise<Product> {
  const current = await findProduct(db, id);
  const onlyToggle = Object.keys(patch).every((key) => key === 'show_on_menu');
  const permission = onlyToggle ? 'products.toggle' : 'products.write';
  if (!can(actor, permission, current.restaurant_id)) throw new Forbidden();
  await assertCategory(db, patch.category_id);
  await assertImage(db, patch.image_id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFound();
    const [after] = await tx
      .update(products)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(products.id, id))
      .returning();
    await audit(tx, actor, 'update', 'products', id, before, after);
  });
  return findProduct(db, id);
}

export async function deleteProduct(db: Db, actor: ActorContext, id: number): Promise<void> {
  const current = await findProduct(db, id);
  if (!can(actor, 'products.write', current.restaurant_id)) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFound();
    await tx.delete(products).where(eq(products.id, id));
    await audit(tx, actor, 'delete', 'products', id, before, null);
  });
}

/** The customer app's menu: products shown on the menu, grouped by category in position order. */
/** A product out of stock now: snoozed, and its snooze has not ended by itself. */
export const snoozedNow = sql<boolean>`(${products.snoozed} and (${products.snoozed_until} is null or ${products.snoozed_until} > now()))`;

export async function menu(db: Db, restaurantId: number, timeZone: string): Promise<Omit<Menu, 'delivers'>> {
  const [restaurant] = await db
    .select({ id: restaurants.id, name: restaurants.name })
    .from(restaurants)
    .where(eq(restaurants.id, restaurantId));
  if (!restaurant) throw new NotFound();
  const ordering = await orderingStateOf(db, restaurantId, timeZone);
  if (!ordering) throw new NotFound();
  const rows = await db
    .select({
      category_id: categories.id,
      category_name: categories.name,
      category_description: categories.description,
      id: products.id,
      name: products.name,
      description: products.description,
      price: products.price,
      image_id: uploads.id,
      image_file_name: uploads.file_name,
      snoozed: snoozedNow,
      snoozed_until: products.snoozed_until,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.category_id))
    .leftJoin(uploads, eq(uploads.id, products.image_id))
    .where(and(eq(products.restaurant_id, restaurantId), eq(products.show_on_menu, true)))
    .orderBy(asc(categories.position), asc(categories.id), asc(products.name), asc(products.id));
  const groups: Menu['categories'] = [];
  for (const row of rows) {
    let group = groups.at(-1);
    if (!group || group.id !== row.category_id) {
      group = {
        id: row.category_id,
        name: row.category_name,
        description: row.category_description,
        products: [],
      };
      groups.push(group);
    }
    group.products.push({
      id: row.id,
      name: row.name,
      description: row.description,
      price: row.price,
      image: imageOf(row.image_id, row.image_file_name),
      snoozed: row.snoozed,
      snoozed_until: row.snoozed && row.snoozed_until ? row.snoozed_until.toISOString() : null,
    });
  }
  return { restaurant, ordering, categories: groups };
}
