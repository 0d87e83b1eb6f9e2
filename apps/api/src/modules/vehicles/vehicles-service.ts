import { normalizePlate, type Vehicle, type VehicleBody, type vehicleListQuery } from '@dostava/shared';
import { and, asc, count, desc, eq, ne, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users, vehicles } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, isUniqueViolation, NotFound } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { fullName, textSearch } from '../../lib/search.js';
import { readTogether } from '../../lib/sql.js';

type ListQuery = z.output<typeof vehicleListQuery>;

const columns = {
  id: vehicles.id,
  plate_number: vehicles.plate_number,
  type: vehicles.type,
  driver_id: users.id,
  driver_first_name: users.first_name,
  driver_last_name: users.last_name,
  created_at: vehicles.created_at,
  updated_at: vehicles.updated_at,
};
const selectVehicles = (db: Db) =>
  db.select(columns).from(vehicles).leftJoin(users, eq(users.id, vehicles.driver_id));
type Row = Awaited<ReturnType<typeof selectVehicles>>[number];

const toVehicle = ({
  driver_id,
  driver_first_name,
  driver_last_name,
  created_at,
  updated_at,
  ...rest
}: Row): Vehicle => ({
  ...rest,
  driver:
    driver_id !== null
      ? { id: driver_id, first_name: driver_first_name ?? '', last_name: driver_last_name ?? '' }
      : null,
  created_at: created_at.toISOString(),
  updated_at: updated_at.toISOString(),
});

const sortColumns = {
  plate_number: vehicles.plate_normalized,
  type: vehicles.type,
  created_at: vehicles.created_at,
};

export async function listVehicles(db: Db, query: ListQuery) {
  const filters: SQL[] = [];
  if (query.type) filters.push(eq(vehicles.type, query.type));
  const match = textSearch(query.q, [fullName(users)], [{ column: vehicles.plate_normalized }]);
  if (match) filters.push(match);
  const where = filters.length ? and(...filters) : undefined;
  const column = sortColumns[query.sort.replace(/^-/, '') as keyof typeof sortColumns];
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectVehicles(db)
        .where(where)
        .orderBy(query.sort.startsWith('-') ? desc(column) : asc(column), asc(vehicles.id))
        .limit(limit)
        .offset(offset),
    () =>
      db.select({ n: count() }).from(vehicles).leftJoin(users, eq(users.id, vehicles.driver_id)).where(where),
  ]);
  return {
    data: rows.map(toVehicle),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

export async function getVehicle(db: Db, id: number): Promise<Vehicle> {
  const [row] = await selectVehicles(db).where(eq(vehicles.id, id));
  if (!row) throw new NotFound();
  return toVehicle(row);
}

async function assertDriver(db: Db, driverId: number | null | undefined) {
  if (driverId === null || driverId === undefined) return;
  const [found] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, driverId), eq(users.role, 'driver')));
  if (!found) throw new BadRequest({ driver_id: ['validation.driver_unknown'] });
}

/** Frees the driver from the vehicle they use now (not `keep`), when the form asked to move them. */
async function moveDriverOff(
  tx: Db,
  actor: ActorContext,
  driverId: number | null | undefined,
  keep?: number,
) {
  if (driverId === null || driverId === undefined) return;
  const held = await tx
    .select()
    .from(vehicles)
    .where(and(eq(vehicles.driver_id, driverId), keep === undefined ? undefined : ne(vehicles.id, keep)))
    .for('update');
  for (const before of held) {
    const [after] = await tx
      .update(vehicles)
      .set({ driver_id: null, updated_at: new Date() })
      .where(eq(vehicles.id, before.id))
      .returning();
    await audit(tx, actor, 'update', 'vehicles', before.id, before, after);
  }
}

function conflictOf(error: unknown): never {
  if (isUniqueViolation(error, 'vehicles_plate_unique')) {
    throw new Conflict(
      'plate_taken',
      'validation.plate_taken',
      {},
      { plate_number: ['validation.plate_taken'] },
    );
  }
  if (isUniqueViolation(error, 'vehicles_driver_unique')) {
    throw new Conflict(
      'driver_has_vehicle',
      'validation.driver_has_vehicle',
      {},
      { driver_id: ['validation.driver_has_vehicle'] },
    );
  }
  throw error;
}

export async function createVehicle(db: Db, actor: ActorContext, body: VehicleBody): Promise<Vehicle> {
  await assertDriver(db, body.driver_id);
  try {
    const id = await db.transaction(async (tx) => {
      if (body.move_driver) await moveDriverOff(tx, actor, body.driver_id);
      const [row] = await tx
        .insert(vehicles)
        .values({
          plate_number: body.plate_number.toUpperCase(),
          plate_normalized: normalizePlate(body.plate_number),
          type: body.type,
          driver_id: body.driver_id ?? null,
        })
        .returning();
      if (!row) throw new Error('vehicle insert returned nothing');
      await audit(tx, actor, 'create', 'vehicles', row.id, null, row);
      return row.id;
    });
    return getVehicle(db, id);
  } catch (error) {
    return conflictOf(error);
  }
}

export async function updateVehicle(db: Db, actor: ActorContext, id: number, patch: Partial<VehicleBody>) {
  await assertDriver(db, patch.driver_id);
  try {
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update');
      if (!before) throw new NotFound();
      if (patch.move_driver) await moveDriverOff(tx, actor, patch.driver_id, id);
      const [after] = await tx
        .update(vehicles)
        .set({
          ...(patch.plate_number !== undefined
            ? {
                plate_number: patch.plate_number.toUpperCase(),
                plate_normalized: normalizePlate(patch.plate_number),
              }
            : {}),
          ...(patch.type !== undefined ? { type: patch.type } : {}),
          ...(patch.driver_id !== undefined ? { driver_id: patch.driver_id } : {}),
          updated_at: new Date(),
        })
        .where(eq(vehicles.id, id))
        .returning();
      await audit(tx, actor, 'update', 'vehicles', id, before, after);
    });
  } catch (error) {
    conflictOf(error);
  }
  return getVehicle(db, id);
}

export async function deleteVehicle(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(vehicles).where(eq(vehicles.id, id)).for('update');
    if (!before) throw new NotFound();
    await tx.delete(vehicles).where(eq(vehicles.id, id));
    await audit(tx, actor, 'delete', 'vehicles', id, before, null);
  });
}
