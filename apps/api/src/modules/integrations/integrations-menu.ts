import {
  can,
  type IntegrationCategoryBody,
  type MenuReplaceBody,
  type MenuReplaceReport,
} from '@dostava/shared';
import { asc, eq, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { categories, products, restaurants } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import { getCategory } from '../categories/categories-service.js';
import { actorFor, type IntegrationCaller } from './integrations-auth.js';

/**
 * Menu writes from a point of sale (issue 40). Categories are one list shared by every restaurant, so
 * an integrator only names the ones it needs (found by name, added when missing) and never renames or
 * deletes one; products are its restaurant's own, matched by name within the restaurant.
 */

const key = (name: string) => name.toLocaleLowerCase('bs');

/** The category with this name (case-insensitive), added last when there is none. */
async function ensureCategory(
  tx: Db,
  actor: ActorContext,
  body: IntegrationCategoryBody,
): Promise<{ id: number; name: string; created: boolean }> {
  const found = async () =>
    (
      await tx
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(sql`lower(${categories.name}) = lower(${body.name})`)
    )[0];
  const existing = await found();
  if (existing) return { ...existing, created: false };
  const [last] = await tx.select({ p: max(categories.position) }).from(categories);
  // Another writer may add the same name meanwhile: the unique index keeps one, and we read it.
  const [row] = await tx
    .insert(categories)
    .values({ name: body.name, description: body.description ?? null, position: (last?.p ?? 0) + 1 })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const raced = await found();
    if (!raced) throw new Error('category neither inserted nor found');
    return { ...raced, created: false };
  }
  await audit(tx, actor, 'create', 'categories', row.id, null, row);
  return { id: row.id, name: row.name, created: true };
}

/** The integrator adding categories: the manager's rules of the first restaurant its key reaches. */
function menuActor(caller: IntegrationCaller, restaurantId: number): ActorContext {
  const actor = actorFor(caller, restaurantId, 'restaurant_manager');
  if (!can(actor, 'products.write', restaurantId)) throw new Forbidden();
  return actor;
}

export async function addCategory(db: Db, caller: IntegrationCaller, body: IntegrationCategoryBody) {
  const restaurantId = caller.restaurant_ids[0];
  if (restaurantId === undefined) throw new NotFound();
  const actor = menuActor(caller, restaurantId);
  const { id, created } = await db.transaction((tx) => ensureCategory(tx, actor, body));
  return { category: await getCategory(db, id), created };
}

/**
 * Makes the restaurant's menu the one given, in one transaction under the restaurant's row lock (two
 * replacements of one menu run one after the other): products are added or changed where they
 * differ, and those left out are taken off the menu (kept: past orders name them). Sending the same
 * menu again changes nothing and reports every product unchanged.
 */
export async function replaceMenu(
  db: Db,
  caller: IntegrationCaller,
  restaurantId: number,
  body: MenuReplaceBody,
): Promise<MenuReplaceReport> {
  const actor = menuActor(caller, restaurantId);
  return db.transaction(async (tx) => {
    const [restaurant] = await tx
      .select({ id: restaurants.id })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    if (!restaurant) throw new NotFound();
    const report: MenuReplaceReport = {
      restaurant_id: restaurantId,
      categories_created: [],
      products_created: [],
      products_updated: [],
      products_hidden: [],
      products_unchanged: 0,
    };
    const existing = await tx
      .select()
      .from(products)
      .where(eq(products.restaurant_id, restaurantId))
      .orderBy(asc(products.id))
      .for('update');
    const byName = new Map<string, (typeof existing)[number]>();
    for (const row of existing) if (!byName.has(key(row.name))) byName.set(key(row.name), row);
    const kept = new Set<number>();
    for (const category of body.categories) {
      const found = await ensureCategory(tx, actor, category);
      if (found.created) report.categories_created.push({ id: found.id, name: found.name });
      for (const item of category.products) {
        const wanted = {
          name: item.name,
          description: item.description ?? null,
          price: item.price,
          category_id: found.id,
          show_on_menu: item.show_on_menu,
        };
        const before = byName.get(key(item.name));
        if (!before) {
          const [row] = await tx
            .insert(products)
            .values({ restaurant_id: restaurantId, ...wanted })
            .returning();
          if (!row) throw new Error('product insert returned nothing');
          await audit(tx, actor, 'create', 'products', row.id, null, row);
          report.products_created.push({ id: row.id, name: row.name });
          continue;
        }
        kept.add(before.id);
        const changed = (['name', 'description', 'price', 'category_id', 'show_on_menu'] as const).filter(
          (field) => before[field] !== wanted[field],
        );
        if (!changed.length) {
          report.products_unchanged += 1;
          continue;
        }
        const [after] = await tx
          .update(products)
          .set({ ...wanted, updated_at: new Date() })
          .where(eq(products.id, before.id))
          .returning();
        await audit(tx, actor, 'update', 'products', before.id, before, after);
        report.products_updated.push({
          id: before.id,
          name: item.name,
          changed: changed.map((field) => (field === 'category_id' ? 'category' : field)),
        });
      }
    }
    for (const row of existing) {
      if (kept.has(row.id) || !row.show_on_menu) continue;
      const [after] = await tx
        .update(products)
        .set({ show_on_menu: false, updated_at: new Date() })
        .where(eq(products.id, row.id))
        .returning();
      await audit(tx, actor, 'update', 'products', row.id, row, after);
      report.products_hidden.push({ id: row.id, name: row.name });
    }
    return report;
  });
}
