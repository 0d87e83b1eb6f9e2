import { randomBytes } from 'node:crypto';
import type {
  WebhookAttempt,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEventType,
  webhookDeliveryListQuery,
  webhookEndpointListQuery,
} from '@dostava/shared';
import { and, asc, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import {
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import { BadRequest, NotFound } from '../../lib/errors.js';
import { escapeLike, pageOf } from '../../lib/lists.js';
import { readTogether } from '../../lib/sql.js';
import { urlProblem } from './webhooks-address.js';
import { recordWebhookEvent } from './webhooks-outbox.js';
import { decryptSecret, encryptSecret } from './webhooks-secrets.js';

type EndpointRow = typeof webhookEndpoints.$inferSelect;

const toEndpoint = (r: EndpointRow): WebhookEndpoint => ({
  id: r.id,
  url: r.url,
  description: r.description,
  event_types: r.event_types as WebhookEventType[],
  is_active: r.is_active,
  disabled_reason: (r.disabled_reason as 'gone' | 'failing' | null) ?? null,
  failing_since: r.failing_since?.toISOString() ?? null,
  created_at: r.created_at.toISOString(),
  updated_at: r.updated_at.toISOString(),
});

/** Stored only for audit without the secret. */
const withoutSecret = (r: EndpointRow) => ({ ...r, secret: undefined });

async function assertUrl(url: string, production: boolean) {
  const problem = await urlProblem(url, production);
  if (problem) throw new BadRequest({ url: [`integrations.validation.${problem}`] });
}

export async function listEndpoints(db: Db, query: z.output<typeof webhookEndpointListQuery>) {
  const where = and(
    query.q ? sql`${webhookEndpoints.url} ilike ${`%${escapeLike(query.q)}%`}` : undefined,
    query.disabled === undefined
      ? undefined
      : query.disabled
        ? isNotNull(webhookEndpoints.disabled_reason)
        : isNull(webhookEndpoints.disabled_reason),
  );
  const direction = query.sort.startsWith('-') ? desc : asc;
  const column = query.sort.endsWith('created_at') ? webhookEndpoints.created_at : webhookEndpoints.url;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select()
        .from(webhookEndpoints)
        .where(where)
        .orderBy(direction(column), asc(webhookEndpoints.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(webhookEndpoints).where(where),
  ]);
  return {
    data: rows.map(toEndpoint),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

async function endpointRow(db: Db, id: number): Promise<EndpointRow> {
  const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  if (!row) throw new NotFound();
  return row;
}

export const getEndpoint = async (db: Db, id: number) => toEndpoint(await endpointRow(db, id));
/** The signing secret, decrypted (it is stored encrypted: webhooks-secrets.ts). */
export const endpointSecret = async (db: Db, key: Buffer, id: number) => ({
  secret: decryptSecret(key, (await endpointRow(db, id)).secret),
});

export async function createEndpoint(
  db: Db,
  actor: ActorContext,
  body: WebhookEndpointBody,
  production: boolean,
  key: Buffer,
): Promise<WebhookEndpoint & { secret: string }> {
  await assertUrl(body.url, production);
  const secret = `whsec_${randomBytes(32).toString('base64')}`;
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        url: body.url,
        description: body.description ?? null,
        event_types: [...new Set(body.event_types)],
        secret: encryptSecret(key, secret),
        is_active: body.is_active,
      })
      .returning();
    if (!row) throw new Error('endpoint insert returned nothing');
    await audit(tx, actor, 'create', 'webhook_endpoints', row.id, null, withoutSecret(row));
    return row;
  });
  return { ...toEndpoint(row), secret };
}

export async function updateEndpoint(
  db: Db,
  actor: ActorContext,
  id: number,
  patch: Partial<WebhookEndpointBody>,
  production: boolean,
): Promise<WebhookEndpoint> {
  if (patch.url !== undefined) await assertUrl(patch.url, production);
  const row = await db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, id))
      .for('update');
    if (!before) throw new NotFound();
    const enabling = patch.is_active === true && !before.is_active;
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        ...patch,
        ...(patch.event_types ? { event_types: [...new Set(patch.event_types)] } : {}),
        // Enabled again: its failures are forgotten, its waiting deliveries go at once.
        ...(enabling ? { disabled_reason: null, failing_since: null } : {}),
        updated_at: new Date(),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    if (!after) throw new NotFound();
    if (enabling)
      await tx
        .update(webhookDeliveries)
        .set({ next_attempt_at: sql`now()` })
        .where(and(eq(webhookDeliveries.endpoint_id, id), eq(webhookDeliveries.state, 'pending')));
    await audit(tx, actor, 'update', 'webhook_endpoints', id, withoutSecret(before), withoutSecret(after));
    return after;
  });
  return toEndpoint(row);
}

export async function deleteEndpoint(db: Db, actor: ActorContext, id: number) {
  await db.transaction(async (tx) => {
    const [before] = await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).returning();
    if (!before) throw new NotFound();
    await audit(tx, actor, 'delete', 'webhook_endpoints', id, withoutSecret(before), null);
  });
}

export async function listDeliveries(
  db: Db,
  endpointId: number,
  query: z.output<typeof webhookDeliveryListQuery>,
): Promise<{ data: WebhookDelivery[]; meta: { page: number; per_page: number; total: number } }> {
  await endpointRow(db, endpointId);
  const where = and(
    eq(webhookDeliveries.endpoint_id, endpointId),
    query.state ? eq(webhookDeliveries.state, query.state) : undefined,
  );
  const direction = query.sort.startsWith('-') ? desc : asc;
  const { limit, offset } = pageOf(query);
  const [rows, [total]] = await readTogether(db, [
    () =>
      db
        .select({
          id: webhookDeliveries.id,
          endpoint_id: webhookDeliveries.endpoint_id,
          event_id: webhookDeliveries.event_id,
          event_type: webhookEvents.type,
          order_id: webhookEvents.order_id,
          sequence: webhookEvents.sequence,
          state: webhookDeliveries.state,
          attempts: webhookDeliveries.attempts,
          next_attempt_at: webhookDeliveries.next_attempt_at,
          last_status: webhookDeliveries.last_status,
          created_at: webhookDeliveries.created_at,
          delivered_at: webhookDeliveries.delivered_at,
        })
        .from(webhookDeliveries)
        .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.event_id))
        .where(where)
        .orderBy(direction(webhookDeliveries.created_at), direction(webhookDeliveries.id))
        .limit(limit)
        .offset(offset),
    () => db.select({ n: sql<number>`count(*)::int` }).from(webhookDeliveries).where(where),
  ]);
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.delivery_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(webhookAttempts.delivery_id), asc(webhookAttempts.attempt), asc(webhookAttempts.id))
    : [];
  const byDelivery = new Map<number, WebhookAttempt[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.delivery_id) ?? [];
    list.push({
      id: a.id,
      attempt: a.attempt,
      started_at: a.started_at.toISOString(),
      duration_ms: a.duration_ms,
      request_headers: a.request_headers as Record<string, string>,
      request_body: a.request_body,
      response_status: a.response_status,
      response_body: a.response_body,
      error: a.error,
    });
    byDelivery.set(a.delivery_id, list);
  }
  return {
    data: rows.map((r) => ({
      ...r,
      event_type: r.event_type as WebhookEventType,
      state: r.state as WebhookDelivery['state'],
      next_attempt_at: r.state === 'pending' ? (r.next_attempt_at?.toISOString() ?? null) : null,
      created_at: r.created_at.toISOString(),
      delivered_at: r.delivered_at?.toISOString() ?? null,
      attempt_log: byDelivery.get(r.id) ?? [],
    })),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

/** A `webhook.test` event to this endpoint only (even one not active: Admins test before enabling). */
export async function sendTest(db: Db, actor: ActorContext, endpointId: number) {
  await endpointRow(db, endpointId);
  return db.transaction(async (tx) => {
    const eventId = await recordWebhookEvent(
      tx,
      'webhook.test',
      { endpoint_id: endpointId, message: 'Dostava test event' },
      { endpointIds: [endpointId] },
    );
    const [delivery] = await tx
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event_id, eventId ?? ''));
    if (!delivery) throw new Error('test delivery not written');
    await audit(tx, actor, 'test', 'webhook_endpoints', endpointId, null, { event_id: eventId });
    return { delivery_id: delivery.id };
  });
}

/** Sends deliveries again from a fresh schedule (the same event id: receivers deduplicate by it). */
async function replayWhere(tx: Db, where: ReturnType<typeof and>) {
  const rows = await tx
    .update(webhookDeliveries)
    .set({ state: 'pending', attempts: 0, next_attempt_at: sql`now()`, lease_until: null })
    .where(where)
    .returning({ id: webhookDeliveries.id });
  return rows.length;
}

export async function replayDelivery(db: Db, actor: ActorContext, id: number) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.id, id))
      .for('update');
    if (!before) throw new NotFound();
    const replayed = await replayWhere(tx, eq(webhookDeliveries.id, id));
    await audit(tx, actor, 'replay', 'webhook_deliveries', id, { state: before.state }, { state: 'pending' });
    return { replayed };
  });
}

export async function replayFailed(db: Db, actor: ActorContext, endpointId: number, since: string) {
  await endpointRow(db, endpointId);
  return db.transaction(async (tx) => {
    const replayed = await replayWhere(
      tx,
      and(
        eq(webhookDeliveries.endpoint_id, endpointId),
        eq(webhookDeliveries.state, 'failed'),
        gte(webhookDeliveries.created_at, new Date(since)),
      ),
    );
    await audit(tx, actor, 'replay', 'webhook_endpoints', endpointId, null, { since, replayed });
    return { replayed };
  });
}
