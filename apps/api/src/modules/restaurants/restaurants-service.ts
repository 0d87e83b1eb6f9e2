import {
  can,
  type DispatchMode,
  type OrderingState,
  type Restaurant,
  type RestaurantBody,
  type restaurantListQuery,
} from '@dostava/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  driverMeals,
  orders,
  restaurantPayoutRequests,
  restaurants,
  settlements,
  uploads,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { Conflict, Forbidden, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { textSearch } from '../../lib/search.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import { assertImage, imageOf } from '../uploads/uploads-service.js';
import { orderingStates } from './restaurants-hours.js';

type ListQuery = z.output<typeof restaurantListQuery>;

const columns = {
  id: restaurants.id,
  name: restaurants.name,
  address: restaurants.address,
  phone: restaurants.phone,
  web_address: restaurants.web_address,
  iban: restaurants.iban,
  payout_request_pending: sql<boolean>`exists (select 1 from ${restaurantPayoutRequests} pr
    where pr.restaurant_id = ${restaurants.id} and pr.status = 'pending')`,
  percentage: restaurants.percentage,
  lat: restaurants.lat,
  lng: restaurants.lng,
  paused_until: restaurants.paused_until,
  busy_minutes: restaurants.busy_minutes,
  busy_until: restaurants.busy_until,
  dispatch_mode: sql<DispatchMode | null>`${restaurants.dispatch_mode}`,
  created_at: restaurants.created_at,
  updated_at: restaurants.updated_at,
  image_id: uploads.id,
  image_file_name: uploads.file_name,
};

const selectRestaurants = (db: Db) =>
  db.select(columns).from(restaurants).leftJoin(uploads, eq(uploads.id, restaurants.image_id));
type Row = Awaited<ReturnType<typeof selectRestaurants>>[number];

/** The page's rows with whether each takes orders now (their hours read in one query). */
async function toRestaurants(db: Db, rows: Row[], timeZone: string): Promise<Restaurant[]> {
  const states = await orderingStates(db, rows, timeZone);
  return rows.map((row) => toRestaurant(row, states.get(row.id)));
}

function toRestaurant(
  { image_id, image_file_name, created_at, updated_at, paused_until, busy_minutes, busy_until, ...rest }: Row,
  ordering: OrderingState | undefined,
): Restaurant {
  if (!ordering) throw new Error('unreachable: every row has its state');
  return {
    ...rest,
    percentage: Number(rest.percentage),
    image: imageOf(image_id, image_file_name),
    ordering,
    created_at: created_at.toISOString(),
    updated_at: updated_at.toISOString(),
  };
}

const sortColumns = {
  name: restaurants.name,
  created_at: restaurants.created_at,
  percentage: restaurants.percentage,
};

export async function listRestaurants(db: Db, query: ListQuery, timeZone: string) {
  const filters: SQL[] = [];
  const match = textSearch(query.q, [restaurants.name, restaurants.address, restaurants.phone]);
  if (match) filters.push(match);
  const where = filters.length ? and(...filters) : undefined;
  const desc_ = query.sort.startsWith('-');
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectRestaurants(db)
        .where(where)
        .orderBy(desc_ ? desc(column) : asc(column), asc(restaurants.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(restaurants).where(where),
  ]);
  return {
    data: await toRestaurants(db, rows, timeZone),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

async function findRestaurant(db: Db, id: number, timeZone: string): Promise<Restaurant> {
  const rows = await selectRestaurants(db).where(eq(restaurants.id, id));
  const [restaurant] = await toRestaurants(db, rows, timeZone);
  if (!restaurant) throw new NotFound();
  return restaurant;
}

export async function getRestaurant(
  db: Db,
  actor: ActorContext,
  id: number,
  timeZone: string,
): Promise<Restaurant> {
  if (!can(actor, 'restaurants.read', id)) throw new Forbidden();
  const restaurant = await findRestaurant(db, id, timeZone);
  // Bank details are for the manager and the operation: an employee reads the rest.
  return can(actor, 'restaurants.payout_read', id) ? restaurant : { ...restaurant, iban: null };
}

export async function createRestaurant(
  db: Db,
  actor: ActorContext,
  body: RestaurantBody,
  timeZone: string,
): Promise<Restaurant> {
  await assertImage(db, body.image_id);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(restaurants)
      .values({
        name: body.name,
        address: body.address,
        phone: body.phone,
        web_address: body.web_address,
        iban: body.iban ?? null,
        percentage: body.percentage,
        lat: body.lat ?? null,
        lng: body.lng ?? null,
        image_id: body.image_id ?? null,
      })
      .returning();
    if (!row) throw new Error('restaurant insert returned nothing');
    await audit(tx, actor, 'create', 'restaurants', row.id, null, row);
    return row.id;
  });
  return findRestaurant(db, id, timeZone);
}

export async function updateRestaurant(
  db: Db,
  actor: ActorContext,
  id: number,
  patch: Partial<RestaurantBody>,
  timeZone: string,
): Promise<Restaurant> {
  if (!can(actor, 'restaurants.update', id)) throw new Forbidden();
  await assertImage(db, patch.image_id);
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for('update');
    if (!before) throw new NotFound();
    // The form sends the commission back unchanged; only a different value is a change of it.
    const changesCommission =
      patch.percentage !== undefined && Number(patch.percentage) !== Number(before.percentage);
    if (changesCommission && !can(actor, 'restaurants.commission')) {
      throw new Forbidden('commission_admin_only', 'errors.commission_admin_only');
    }
    // The payout account likewise: the manager's form sends it back unchanged, and a change of it
    // goes through a payout request (restaurants-payout.ts) that Admin or App Manager decides.
    const changesPayout = patch.iban !== undefined && (patch.iban ?? null) !== before.iban;
    if (changesPayout && !can(actor, 'restaurants.payout')) {
      throw new Forbidden('payout_by_request', 'errors.payout_by_request');
    }
    const [after] = await tx
      .update(restaurants)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(restaurants.id, id))
      .returning();
    await audit(tx, actor, 'update', 'restaurants', id, before, after);
  });
  return findRestaurant(db, id, timeZone);
}

export async function deleteRestaurant(db: Db, actor: ActorContext, id: number): Promise<void> {
  if (!can(actor, 'restaurants.delete', id)) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(restaurants).where(eq(restaurants.id, id)).for('update');
    if (!before) throw new NotFound();
    const [staff] = await tx.select({ n: count() }).from(users).where(eq(users.restaurant_id, id));
    if (staff && staff.n > 0)
      throw new Conflict('restaurant_in_use', 'errors.restaurant_in_use', { count: staff.n });
    // Orders, settlements and meal claims are the books: they keep their restaurant. Asked under the
    // row lock above, which a new order or claim naming the restaurant waits for.
    const [kept] = await rowsOf<{ history: boolean }>(
      tx,
      sql`select exists (select 1 from ${orders} where ${orders.restaurant_id} = ${id})
        or exists (select 1 from ${settlements} where ${settlements.restaurant_id} = ${id})
        or exists (select 1 from ${driverMeals} where ${driverMeals.restaurant_id} = ${id}) as history`,
    );
    if (kept?.history) throw new Conflict('has_history', 'errors.restaurant_has_history');
    await tx.delete(restaurants).where(eq(restaurants.id, id));
    await audit(tx, actor, 'delete', 'restaurants', id, before, null);
  });
}
