import {
  type Actor,
  can,
  type User,
  type UserCreateBody,
  type UserUpdateBody,
  type userListQuery,
} from '@dostava/shared';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  auditLog,
  driverMeals,
  drivers,
  endShiftRequests,
  orders,
  restaurants,
  shifts,
  uploads,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import {
  BadRequest,
  Conflict,
  Forbidden,
  isUniqueViolation,
  NotFound,
  RuleBroken,
} from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { hashPassword, type PasswordOwner, passwordProblem } from '../../lib/passwords.js';
import { fullName, textSearch } from '../../lib/search.js';
import { readTogether, rowsOf } from '../../lib/sql.js';
import { revokeAllSessions } from '../auth/auth-service.js';
import { assertImage, imageOf } from '../uploads/uploads-service.js';

type ListQuery = z.output<typeof userListQuery>;

const columns = {
  id: users.id,
  first_name: users.first_name,
  last_name: users.last_name,
  email: users.email,
  phone: users.phone,
  role: users.role,
  restaurant_id: users.restaurant_id,
  restaurant_name: restaurants.name,
  is_active: users.is_active,
  image_id: uploads.id,
  image_file_name: uploads.file_name,
  created_at: users.created_at,
  updated_at: users.updated_at,
};
const selectUsers = (db: Db) =>
  db
    .select(columns)
    .from(users)
    .leftJoin(restaurants, eq(restaurants.id, users.restaurant_id))
    .leftJoin(uploads, eq(uploads.id, users.image_id));
type Row = Awaited<ReturnType<typeof selectUsers>>[number];

const toUser = ({ image_id, image_file_name, created_at, updated_at, ...rest }: Row): User => ({
  ...rest,
  image: imageOf(image_id, image_file_name),
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

/** Restaurant managers see and manage only the employees of their own restaurant. */
const managesEmployeesOnly = (actor: Actor) => actor.role === 'restaurant_manager';

/**
 * May the actor act on an account with these (current or intended) role and restaurant?
 * Admins: any. App Managers: any but Admin accounts. Restaurant managers: their own employees.
 */
function assertMayManage(actor: Actor, target: { role: User['role']; restaurant_id: number | null }) {
  if (actor.role === 'admin') return;
  if (actor.role === 'app_manager') {
    if (target.role === 'admin') throw new Forbidden('admin_protected', 'errors.admin_protected');
    return;
  }
  if (
    managesEmployeesOnly(actor) &&
    target.role === 'restaurant_employee' &&
    can(actor, 'employees.manage', target.restaurant_id)
  ) {
    return;
  }
  throw new Forbidden();
}

const sortColumns = {
  last_name: users.last_name,
  email: users.email,
  role: users.role,
  created_at: users.created_at,
};

export async function listUsers(db: Db, actor: ActorContext, query: ListQuery) {
  const filters: SQL[] = [];
  if (managesEmployeesOnly(actor)) {
    if (query.restaurant_id !== undefined && query.restaurant_id !== actor.restaurant_id)
      throw new Forbidden();
    filters.push(eq(users.role, 'restaurant_employee'), eq(users.restaurant_id, actor.restaurant_id ?? -1));
  }
  if (query.role) filters.push(eq(users.role, query.role));
  if (query.restaurant_id !== undefined) filters.push(eq(users.restaurant_id, query.restaurant_id));
  if (query.is_active !== undefined) filters.push(eq(users.is_active, query.is_active));
  const match = textSearch(query.q, [fullName(users), users.email]);
  if (match) filters.push(match);
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectUsers(db)
        .where(where)
        .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(users.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(users).where(where),
  ]);
  return {
    data: rows.map(toUser),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

async function findUser(db: Db, id: number): Promise<User> {
  const [row] = await selectUsers(db).where(eq(users.id, id));
  if (!row) throw new NotFound();
  return toUser(row);
}

export async function getUser(db: Db, actor: ActorContext, id: number): Promise<User> {
  const user = await findUser(db, id);
  // App Managers may look at Admin accounts; they just may not change them.
  if (actor.role !== 'admin' && actor.role !== 'app_manager') assertMayManage(actor, user);
  return user;
}

async function assertRestaurant(db: Db, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  const [found] = await db.select({ id: restaurants.id }).from(restaurants).where(eq(restaurants.id, id));
  if (!found) throw new BadRequest({ restaurant_id: ['validation.restaurant_unknown'] });
}

/** A new password, checked against the account as it will stand (its name and e-mail). */
function assertPassword(password: string | undefined, owner: PasswordOwner) {
  if (password === undefined) return;
  const problem = passwordProblem(password, owner);
  if (problem) throw new BadRequest({ password: [problem] });
}

const emailTaken = () =>
  new Conflict('email_taken', 'validation.email_taken', {}, { email: ['validation.email_taken'] });

export async function createUser(db: Db, actor: ActorContext, body: UserCreateBody): Promise<User> {
  assertMayManage(actor, { role: body.role, restaurant_id: body.restaurant_id ?? null });
  assertPassword(body.password, body);
  await assertRestaurant(db, body.restaurant_id);
  await assertImage(db, body.image_id);
  const password_hash = await hashPassword(body.password);
  try {
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          first_name: body.first_name,
          last_name: body.last_name,
          email: body.email,
          phone: body.phone ?? null,
          role: body.role,
          restaurant_id: body.restaurant_id ?? null,
          is_active: body.is_active,
          image_id: body.image_id ?? null,
          password_hash,
        })
        .returning();
      if (!row) throw new Error('user insert returned nothing');
      if (row.role === 'driver') await tx.insert(drivers).values({ user_id: row.id });
      await audit(tx, actor, 'create', 'users', row.id, null, row);
      return row.id;
    });
    return findUser(db, id);
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function updateUser(
  db: Db,
  actor: ActorContext,
  id: number,
  patch: UserUpdateBody,
): Promise<User> {
  const current = await findUser(db, id);
  assertMayManage(actor, current);
  const next = {
    role: patch.role ?? current.role,
    restaurant_id: patch.restaurant_id !== undefined ? patch.restaurant_id : current.restaurant_id,
  };
  assertMayManage(actor, next);
  // The role/restaurant rule holds for the resulting account, whichever fields the patch names.
  const isStaff = next.role === 'restaurant_manager' || next.role === 'restaurant_employee';
  if (isStaff && next.restaurant_id === null)
    throw new BadRequest({ restaurant_id: ['validation.restaurant_required'] });
  if (!isStaff && next.restaurant_id !== null) {
    if (patch.restaurant_id === undefined) next.restaurant_id = null;
    else throw new BadRequest({ restaurant_id: ['validation.restaurant_forbidden'] });
  }
  if (id === actor.user_id && (patch.is_active === false || (patch.role && patch.role !== current.role))) {
    throw new RuleBroken('cannot_change_self', 'errors.cannot_change_self');
  }
  assertPassword(patch.password, {
    first_name: patch.first_name ?? current.first_name,
    last_name: patch.last_name ?? current.last_name,
    email: patch.email ?? current.email,
  });
  await assertRestaurant(db, patch.restaurant_id);
  await assertImage(db, patch.image_id);
  const { password, ...fields } = patch;
  const password_hash = password ? await hashPassword(password) : undefined;
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
      if (!before) throw new NotFound();
      const [after] = await tx
        .update(users)
        .set({
          ...fields,
          restaurant_id: next.restaurant_id,
          ...(password_hash ? { password_hash } : {}),
          updated_at: new Date(),
        })
        .where(eq(users.id, id))
        .returning();
      if (after?.role === 'driver') await tx.insert(drivers).values({ user_id: id }).onConflictDoNothing();
      // A deactivated account, a new password, a new role or restaurant ends every session at once
      // (the access tokens carry the role and the restaurant).
      const movedRestaurant = next.restaurant_id !== before.restaurant_id;
      if (
        patch.is_active === false ||
        password_hash ||
        (patch.role && patch.role !== before.role) ||
        movedRestaurant
      ) {
        await revokeAllSessions(tx, id, patch.is_active === false ? 'deactivated' : 'account_changed');
      }
      await audit(tx, actor, 'update', 'users', id, before, after);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  return findUser(db, id);
}

/**
 * Has the account left traces that must keep pointing at it: log entries, orders placed or driven,
 * shifts (and their end-of-shift requests), meal claims? Each is a kept record whose foreign key the
 * database would refuse to break; asked under the account's row lock, which every new order, shift
 * or meal naming the account waits for.
 */
async function hasHistory(db: Db, id: number): Promise<boolean> {
  const [row] = await rowsOf<{ kept: boolean }>(
    db,
    sql`select exists (select 1 from ${auditLog} where ${auditLog.actor_id} = ${id})
      or exists (select 1 from ${orders} where ${orders.customer_id} = ${id})
      or exists (select 1 from ${orders} where ${orders.driver_id} = ${id})
      or exists (select 1 from ${shifts} where ${shifts.driver_id} = ${id})
      or exists (select 1 from ${endShiftRequests} where ${endShiftRequests.driver_id} = ${id})
      or exists (select 1 from ${driverMeals} where ${driverMeals.driver_id} = ${id}) as kept`,
  );
  return Boolean(row?.kept);
}

/**
 * Deletes an account, or deactivates it when it has a history, and says which it did.
 */
export async function deleteUser(
  db: Db,
  actor: ActorContext,
  id: number,
): Promise<'deleted' | 'deactivated'> {
  if (id === actor.user_id) throw new RuleBroken('cannot_delete_self', 'errors.cannot_delete_self');
  const current = await findUser(db, id);
  assertMayManage(actor, current);
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!before) throw new NotFound();
    if (await hasHistory(tx, id)) {
      await tx.update(users).set({ is_active: false, updated_at: new Date() }).where(eq(users.id, id));
      await revokeAllSessions(tx, id, 'deactivated');
      await audit(tx, actor, 'deactivate', 'users', id, before, { ...before, is_active: false });
      return 'deactivated' as const;
    }
    await tx.delete(users).where(eq(users.id, id));
    await audit(tx, actor, 'delete', 'users', id, before, null);
    return 'deleted' as const;
  });
}
