import { randomInt } from 'node:crypto';
import {
  can,
  type DriverProof,
  type OrderProof,
  type ProofInput,
  type ProofKind,
  type ProofPhotoBody,
  type ProofSettings,
  type ProofSettingsBody,
  privateImageUrl,
  requiredProof,
} from '@dostava/shared';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  orderProofs,
  orders,
  proofSettings,
  restaurantProofKinds,
  restaurants,
  uploads,
  users,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, Conflict, Forbidden, NotFound, RuleBroken } from '../../lib/errors.js';
import { assertReachable } from '../orders/orders-queries.js';

type OrderRow = typeof orders.$inferSelect;

/** The one settings row, created with its defaults the first time it is read. */
async function settingsRow(db: Db) {
  const [row] = await db.select().from(proofSettings).where(eq(proofSettings.id, 1));
  if (row) return row;
  await db.insert(proofSettings).values({ id: 1 }).onConflictDoNothing();
  const [created] = await db.select().from(proofSettings).where(eq(proofSettings.id, 1));
  if (!created) throw new Error('proof settings missing');
  return created;
}

export async function readSettings(db: Db): Promise<ProofSettings> {
  const row = await settingsRow(db);
  const own = await db
    .select({
      restaurant_id: restaurantProofKinds.restaurant_id,
      name: restaurants.name,
      kind: restaurantProofKinds.kind,
    })
    .from(restaurantProofKinds)
    .innerJoin(restaurants, eq(restaurants.id, restaurantProofKinds.restaurant_id))
    .orderBy(asc(restaurants.name), asc(restaurants.id));
  return {
    default_kind: row.default_kind,
    value_threshold: row.value_threshold,
    value_kind: row.value_kind,
    photo_grace_minutes: row.photo_grace_minutes,
    retention_days: row.retention_days,
    restaurants: own,
  };
}

export async function updateSettings(db: Db, actor: ActorContext, body: ProofSettingsBody) {
  const { restaurants: own, ...fields } = body;
  if (own?.length) {
    const ids = own.map((r) => r.restaurant_id);
    const found = new Set(
      (await db.select({ id: restaurants.id }).from(restaurants).where(inArray(restaurants.id, ids))).map(
        (r) => r.id,
      ),
    );
    const errors: Record<string, string[]> = {};
    own.forEach((r, i) => {
      if (!found.has(r.restaurant_id))
        errors[`restaurants.${i}.restaurant_id`] = ['proofs.validation.restaurant_unknown'];
    });
    if (Object.keys(errors).length) throw new BadRequest(errors);
  }
  const before = await readSettings(db);
  await db.transaction(async (tx) => {
    await settingsRow(tx);
    await tx
      .update(proofSettings)
      .set({ ...fields, updated_at: new Date() })
      .where(eq(proofSettings.id, 1));
    if (own) {
      await tx.delete(restaurantProofKinds);
      if (own.length) await tx.insert(restaurantProofKinds).values(own);
    }
    await audit(tx, actor, 'update', 'proof_settings', 1, before, await readSettings(tx));
  });
  return readSettings(db);
}

/**
 * The order hook at placement: the proof the order needs, decided once from the rules of the moment,
 * and its PIN. An order that needs nothing has no row.
 */
export async function recordRequirement(tx: Db, order: OrderRow) {
  const rule = await settingsRow(tx);
  const [own] = await tx
    .select({ kind: restaurantProofKinds.kind })
    .from(restaurantProofKinds)
    .where(eq(restaurantProofKinds.restaurant_id, order.restaurant_id));
  const kind = requiredProof(rule, own?.kind ?? null, order.total, order.leave_at_door);
  if (kind === 'none') return;
  await tx.insert(orderProofs).values({
    order_id: order.id,
    required: kind,
    pin: kind === 'pin' ? String(randomInt(0, 10_000)).padStart(4, '0') : null,
  });
}

const REQUIRED_MESSAGE: Record<Exclude<ProofKind, 'none'>, string> = {
  photo: 'proofs.errors.photo_required',
  pin: 'proofs.errors.pin_required',
  signature: 'proofs.errors.signature_required',
};

/** An image the driver uploaded (POST /api/driver/uploads, private) and no proof uses yet. */
async function assertOwnImage(tx: Db, actor: ActorContext, imageId: number, field: string) {
  const [image] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.id, imageId), eq(uploads.created_by, actor.user_id), eq(uploads.private, true)));
  const [used] = await tx
    .select({ id: orderProofs.order_id })
    .from(orderProofs)
    .where(sql`${orderProofs.photo_id} = ${imageId} or ${orderProofs.signature_id} = ${imageId}`);
  if (!image || used) throw new BadRequest({ [`proof.${field}`]: ['proofs.validation.image_unknown'] });
}

/**
 * The rule of the delivered transition (the order kernel runs it under the move's transaction, before
 * the guarded update): the driver gives the proof the order was placed with, or the move is refused
 * with a translated 400 and nothing changes. The proof is recorded with the driver's position and the
 * time; a photo that could not be sent may follow within the grace period.
 */
export async function proveDelivery(
  tx: Db,
  actor: ActorContext,
  order: OrderRow,
  input: ProofInput | undefined,
  now: Date,
) {
  const [proof] = await tx.select().from(orderProofs).where(eq(orderProofs.order_id, order.id)).for('update');
  if (!proof || proof.required === 'none') return;
  const required = REQUIRED_MESSAGE[proof.required];
  const refuse = (field: string) => new BadRequest({ [`proof.${field}`]: [required] }, required);
  if (!input) throw refuse('proof');
  const set: Partial<typeof orderProofs.$inferInsert> = {
    driver_id: actor.user_id,
    lat: input.lat,
    lng: input.lng,
    recorded_at: now,
  };
  if (proof.required === 'pin') {
    if (!input.pin) throw refuse('pin');
    if (input.pin !== proof.pin) throw new RuleBroken('proof_pin_wrong', 'proofs.errors.pin_wrong');
    set.pin_confirmed = true;
  }
  if (proof.required === 'signature') {
    if (!input.signature_id) throw refuse('signature_id');
    await assertOwnImage(tx, actor, input.signature_id, 'signature_id');
    set.signature_id = input.signature_id;
  }
  if (input.photo_id) {
    await assertOwnImage(tx, actor, input.photo_id, 'photo_id');
    set.photo_id = input.photo_id;
  } else if (proof.required === 'photo') {
    if (!input.photo_pending) throw refuse('photo_id');
    const { photo_grace_minutes } = await settingsRow(tx);
    set.photo_pending = true;
    set.photo_due_at = new Date(now.getTime() + photo_grace_minutes * 60_000);
  }
  await tx.update(orderProofs).set(set).where(eq(orderProofs.order_id, order.id));
}

/** The driver's own order, else not found (another driver's is never confirmed). */
async function driversOrder(db: Db, actor: ActorContext, orderId: number) {
  const [order] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.driver_id, actor.user_id)));
  if (!order) throw new NotFound();
}

async function driverView(db: Db, orderId: number): Promise<DriverProof> {
  const [row] = await db
    .select({ leave_at_door: orders.leave_at_door, proof: orderProofs })
    .from(orders)
    .leftJoin(orderProofs, eq(orderProofs.order_id, orders.id))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFound();
  return {
    order_id: orderId,
    required: row.proof?.required ?? 'none',
    leave_at_door: row.leave_at_door,
    photo_pending: row.proof?.photo_pending ?? false,
    photo_due_at: row.proof?.photo_due_at?.toISOString() ?? null,
  };
}

export async function driverProof(db: Db, actor: ActorContext, orderId: number): Promise<DriverProof> {
  await driversOrder(db, actor, orderId);
  return driverView(db, orderId);
}

/**
 * The photo that could not be sent at the door, within the grace period: one guarded update, so two
 * tries at once add one photo.
 */
export async function addLatePhoto(
  db: Db,
  actor: ActorContext,
  orderId: number,
  body: ProofPhotoBody,
): Promise<DriverProof> {
  await driversOrder(db, actor, orderId);
  await db.transaction(async (tx) => {
    await assertOwnImage(tx, actor, body.photo_id, 'photo_id');
    const [added] = await tx
      .update(orderProofs)
      .set({
        photo_id: body.photo_id,
        photo_pending: false,
        photo_added_at: sql`now()`,
        lat: sql`coalesce(${orderProofs.lat}, ${body.lat})`,
        lng: sql`coalesce(${orderProofs.lng}, ${body.lng})`,
      })
      .where(
        and(
          eq(orderProofs.order_id, orderId),
          eq(orderProofs.photo_pending, true),
          isNull(orderProofs.photo_id),
          sql`${orderProofs.photo_due_at} >= now()`,
        ),
      )
      .returning({ id: orderProofs.order_id });
    if (added) return;
    const [proof] = await tx.select().from(orderProofs).where(eq(orderProofs.order_id, orderId));
    if (proof?.photo_id) throw new Conflict('proof_photo_added', 'proofs.errors.photo_added');
    if (proof?.photo_pending) throw new RuleBroken('proof_photo_closed', 'proofs.errors.photo_closed');
    throw new RuleBroken('proof_photo_not_pending', 'proofs.errors.no_photo_pending');
  });
  return driverView(db, orderId);
}

const image = (id: number | null) => (id === null ? null : { id, file_url: privateImageUrl(id) });

/** An order's proof for staff: the order's restaurant staff (another restaurant's: 403), the operation. */
export async function orderProof(db: Db, actor: ActorContext, orderId: number): Promise<OrderProof> {
  await assertReachable(db, actor, orderId);
  const [row] = await db
    .select({
      order: { restaurant_id: orders.restaurant_id, leave_at_door: orders.leave_at_door },
      proof: orderProofs,
      first_name: users.first_name,
      last_name: users.last_name,
    })
    .from(orders)
    .leftJoin(orderProofs, eq(orderProofs.order_id, orders.id))
    .leftJoin(users, eq(users.id, orderProofs.driver_id))
    .where(eq(orders.id, orderId));
  if (!row) throw new NotFound();
  if (!can(actor, 'proofs.read', row.order.restaurant_id)) throw new Forbidden();
  const p = row.proof;
  return {
    order_id: orderId,
    required: p?.required ?? 'none',
    leave_at_door: row.order.leave_at_door,
    pin_confirmed: p?.pin_confirmed ?? false,
    photo: image(p?.photo_id ?? null),
    signature: image(p?.signature_id ?? null),
    photo_pending: p?.photo_pending ?? false,
    photo_due_at: p?.photo_due_at?.toISOString() ?? null,
    images_pruned: p?.images_pruned ?? false,
    recorded_at: p?.recorded_at?.toISOString() ?? null,
    lat: p?.lat ?? null,
    lng: p?.lng ?? null,
    photo_added_at: p?.photo_added_at?.toISOString() ?? null,
    driver:
      p?.driver_id != null
        ? { id: p.driver_id, name: `${row.first_name ?? ''} ${row.last_name ?? ''}`.trim() }
        : null,
  };
}

/** The PIN the customer's tracking page shows while the order is on its way. */
export async function pinOf(db: Db, orderId: number): Promise<string | null> {
  const [row] = await db
    .select({ pin: orderProofs.pin })
    .from(orderProofs)
    .where(eq(orderProofs.order_id, orderId));
  return row?.pin ?? null;
}
