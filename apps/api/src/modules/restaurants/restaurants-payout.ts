import {
  can,
  type PayoutRequest,
  type PayoutRequestBody,
  type PayoutRequestListParams,
} from '@dostava/shared';
import { and, asc, count, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { restaurantPayoutRequests, restaurants, users } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { Conflict, Forbidden, isUniqueViolation, NotFound, RuleBroken } from '../../lib/errors.js';
import { pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';

/**
 * Payout requests: the restaurant's payout account (the IBAN settlements pay) changes only through
 * Admin or App Manager, directly (`updateRestaurant`) or by deciding a request its manager files here.
 * The restaurant keeps its account until approval; a decision is a guarded UPDATE of a pending row, so
 * of two at once exactly one wins and the other gets 409.
 */

const requester = alias(users, 'requester');
const decider = alias(users, 'decider');
const requests = restaurantPayoutRequests;

const selectRequests = (db: Db) =>
  db
    .select({
      id: requests.id,
      restaurant_id: requests.restaurant_id,
      status: requests.status,
      iban: requests.iban,
      previous_iban: requests.previous_iban,
      requested_at: requests.requested_at,
      decided_at: requests.decided_at,
      reason: requests.reason,
      requester_id: requester.id,
      requester_first_name: requester.first_name,
      requester_last_name: requester.last_name,
      decider_id: decider.id,
      decider_first_name: decider.first_name,
      decider_last_name: decider.last_name,
    })
    .from(requests)
    .leftJoin(requester, eq(requester.id, requests.requested_by))
    .leftJoin(decider, eq(decider.id, requests.decided_by));
type Row = Awaited<ReturnType<typeof selectRequests>>[number];

const person = (id: number | null, first: string | null, last: string | null) =>
  id === null ? null : { id, name: `${first ?? ''} ${last ?? ''}`.trim() };

function toPayoutRequest(r: Row): PayoutRequest {
  return {
    id: r.id,
    restaurant_id: r.restaurant_id,
    status: r.status,
    iban: r.iban,
    previous_iban: r.previous_iban,
    requested_by: person(r.requester_id, r.requester_first_name, r.requester_last_name),
    requested_at: r.requested_at.toISOString(),
    decided_by: person(r.decider_id, r.decider_first_name, r.decider_last_name),
    decided_at: r.decided_at?.toISOString() ?? null,
    reason: r.reason,
  };
}

async function readRequest(db: Db, restaurantId: number, id: number): Promise<PayoutRequest> {
  const [row] = await selectRequests(db).where(
    and(eq(requests.id, id), eq(requests.restaurant_id, restaurantId)),
  );
  if (!row) throw new NotFound();
  return toPayoutRequest(row);
}

async function assertRestaurant(db: Db, id: number) {
  const [row] = await db.select({ iban: restaurants.iban }).from(restaurants).where(eq(restaurants.id, id));
  if (!row) throw new NotFound();
  return row;
}

/** The restaurant's requests, newest first: its manager and the operation see them (bank details). */
export async function listPayoutRequests(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  query: PayoutRequestListParams,
) {
  if (!can(actor, 'restaurants.payout_read', restaurantId)) throw new Forbidden();
  await assertRestaurant(db, restaurantId);
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const where = eq(requests.restaurant_id, restaurantId);
  const [rows, [total]] = await readTogether(db, [
    () =>
      selectRequests(db)
        .where(where)
        .orderBy(direction(requests.requested_at), direction(requests.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: count() }).from(requests).where(where),
  ]);
  return {
    data: rows.map(toPayoutRequest),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

/** The manager asks for a new account for their own restaurant; one request waits at a time. */
export async function filePayoutRequest(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  body: PayoutRequestBody,
): Promise<PayoutRequest> {
  if (!can(actor, 'restaurants.payout_request', restaurantId)) throw new Forbidden();
  const id = await db
    .transaction(async (tx) => {
      const [restaurant] = await tx
        .select({ iban: restaurants.iban })
        .from(restaurants)
        .where(eq(restaurants.id, restaurantId))
        .for('update');
      if (!restaurant) throw new NotFound();
      if (restaurant.iban === body.iban) throw new RuleBroken('payout_unchanged', 'errors.payout_unchanged');
      const [row] = await tx
        .insert(requests)
        .values({
          restaurant_id: restaurantId,
          iban: body.iban,
          previous_iban: restaurant.iban,
          requested_by: actor.user_id,
        })
        .returning();
      if (!row) throw new Error('payout request insert returned nothing');
      await audit(tx, actor, 'create', 'restaurant_payout_requests', row.id, null, row);
      return row.id;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error, 'restaurant_payout_requests_pending_unique'))
        throw new Conflict('payout_request_pending', 'errors.payout_request_pending');
      throw error;
    });
  return readRequest(db, restaurantId, id);
}

/** Why a decision found no pending request: there is none (404), or it was decided already (409). */
async function notPending(tx: Db, restaurantId: number, id: number): Promise<never> {
  const [row] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.id, id), eq(requests.restaurant_id, restaurantId)));
  if (!row) throw new NotFound();
  throw new Conflict('payout_request_decided', 'errors.payout_request_decided');
}

/** Approves: the restaurant's account becomes the one asked for, in the same transaction. */
export async function approvePayoutRequest(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  id: number,
): Promise<PayoutRequest> {
  if (!can(actor, 'restaurants.payout', restaurantId)) throw new Forbidden();
  await db.transaction(async (tx) => {
    // The restaurant first, as every write that touches both does (filing, the PATCH), so no two
    // transactions wait on each other in opposite orders.
    const [before] = await tx
      .select({ iban: restaurants.iban })
      .from(restaurants)
      .where(eq(restaurants.id, restaurantId))
      .for('update');
    if (!before) throw new NotFound();
    // An Admin changed the account directly after the manager asked: approving would silently undo
    // that change. The request is answered by rejecting it (or the manager files again).
    const [asked] = await tx
      .select({ previous_iban: requests.previous_iban })
      .from(requests)
      .where(
        and(eq(requests.id, id), eq(requests.restaurant_id, restaurantId), eq(requests.status, 'pending')),
      );
    if (asked && (asked.previous_iban ?? null) !== (before.iban ?? null)) {
      throw new Conflict('payout_changed', 'errors.payout_changed');
    }
    const [done] = await tx
      .update(requests)
      .set({ status: 'approved', decided_by: actor.user_id, decided_at: new Date() })
      .where(
        and(eq(requests.id, id), eq(requests.restaurant_id, restaurantId), eq(requests.status, 'pending')),
      )
      .returning();
    if (!done) return notPending(tx, restaurantId, id);
    await tx
      .update(restaurants)
      .set({ iban: done.iban, updated_at: new Date() })
      .where(eq(restaurants.id, restaurantId));
    await audit(tx, actor, 'approve', 'restaurant_payout_requests', id, { status: 'pending' }, done);
    await audit(
      tx,
      actor,
      'payout',
      'restaurants',
      restaurantId,
      { iban: before.iban },
      { iban: done.iban, payout_request_id: id },
    );
  });
  return readRequest(db, restaurantId, id);
}

/** Rejects with the reason the manager will read; the account stays. */
export async function rejectPayoutRequest(
  db: Db,
  actor: ActorContext,
  restaurantId: number,
  id: number,
  reason: string,
): Promise<PayoutRequest> {
  if (!can(actor, 'restaurants.payout', restaurantId)) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [done] = await tx
      .update(requests)
      .set({ status: 'rejected', decided_by: actor.user_id, decided_at: new Date(), reason })
      .where(
        and(eq(requests.id, id), eq(requests.restaurant_id, restaurantId), eq(requests.status, 'pending')),
      )
      .returning();
    if (!done) return notPending(tx, restaurantId, id);
    await audit(tx, actor, 'reject', 'restaurant_payout_requests', id, { status: 'pending' }, done);
  });
  return readRequest(db, restaurantId, id);
}
