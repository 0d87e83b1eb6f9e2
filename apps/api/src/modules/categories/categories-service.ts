import type { Category, CategoryBody, CategoryPositionsBody, categoryListQuery } from '@dostava/shared';
import { asc, count, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { categories, products } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { textSearch } from '../../lib/search.js';
import { readTogether } from '../../lib/sql.js';

type ListQuery = z.output<typeof categoryListQuery>;

// Written out in full: inside a subquery, drizzle would leave the columns unqualified.
const productsCount = sql<number>`(select count(*)::int from "products" p where p."category_id" = "categories"."id")`;
const columns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  position: categories.position,
  products_count: productsCount,
  created_at: categories.created_at,
  updated_at: categories.updated_at,
};
const selectCategories = (db: Db) => db.select(columns).from(categories);
type Row = Awaited<ReturnType<typeof selectCategories>>[number];

const toCategory = ({ created_at, updated_at, ...rest }: Row): Category => ({
  ...rest,
  products_count: Number(rest.products_count),
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

const sortColumns = {
  position: categories.position,
  name: categories.name,
  created_at: categories.created_at,
};

export async function listCategories(db: Db, query: ListQuery) {
  const where = textSearch(query.q, [categories.name]);
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectCategories(db)
        .where(where)
        .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(categories.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(categories).where(where),
  ]);
  return {
    data: rows.map(toCategory),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

export async function getCategory(db: Db, id: number): Promise<Category> {
  const [row] = await selectCategories(db).where(eq(categories.id, id));
  if (!row) throw new NotFound();
  return toCategory(row);
}

const nameTaken = () =>
  new Conflict('name_taken', 'validation.name_taken', {}, { name: ['validation.name_taken'] });

export async function createCategory(db: Db, actor: ActorContext, body: CategoryBody): Promise<Category> {
  try {
    const id = await db.transaction(async (tx) => {
      const [last] = await tx.select({ p: max(categories.position) }).from(categories);
      const [row] = await tx
        .insert(categories)
        .values({
          name: body.name,
          description: body.description,
          position: body.position ?? (last?.p ?? 0) + 1,
        })
        .returning();
      if (!row) throw new Error('category insert returned nothing');
      await audit(tx, actor, 'create', 'categories', row.id, null, row);
      return row.id;
    });
    return getCategory(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

export async function updateCategory(db: Db, actor: ActorContext, id: number, patch: Partial<CategoryBody>) {
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
      if (!before) throw new NotFound();
      const [after] = await tx
        .update(categories)
        .set({ ...patch, updated_at: new Date() })
        .where(eq(categories.id, id))
        .returning();
      await audit(tx, actor, 'update', 'categories', id, before, after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
  return getCategory(db, id);
}

export async function deleteCategory(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(categories).where(eq(categories.id, id)).for('update');
    if (!before) throw new NotFound();
    const [used] = await tx.select({ n: count() }).from(products).where(eq(products.category_id, id));
    if (used && used.n > 0)
      throw new Conflict('category_in_use', 'errors.category_in_use', { count: used.n });
    await tx.delete(categories).where(eq(categories.id, id));
    await audit(tx, actor, 'delete', 'categories', id, before, null);
  });
}

/**
 * Saves a new order of all categories in one transaction. The list must name every category exactly
 * once, so two staff reordering at the same time cannot interleave into a broken order.
 */
export async function reorderCategories(db: Db, actor: ActorContext, body: CategoryPositionsBody) {
  await db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: categories.id, position: categories.position })
      .from(categories)
      .for('update');
    const known = new Set(existing.map((c) => c.id));
    if (existing.length !== body.ids.length || body.ids.some((id) => !known.has(id))) {
      throw new BadRequest({ ids: ['validation.positions_mismatch'] });
    }
    const order = body.ids;
    await tx
      .update(categories)
      .set({
        position: sql`(array_position(${sql.param(order)}::int[], ${categories.id}))`,
        updated_at: new Date(),
      })
      .where(inArray(categories.id, order));
    await audit(
      tx,
      actor,
      'reorder',
      'categories',
      null,
      existing.sort((a, b) => a.position - b.position).map((c) => c.id),
      order,
    );
  });
}
