import { can, type Product, type SnoozeBody } from '@dostava/shared';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema/index.js';
import { type ActorContext, audit } from '../../lib/audit.js';
import type { EventBus } from '../../lib/bus.js';
import { Forbidden, NotFound } from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs.js';
import { closingTime } from '../restaurants/restaurants-capacity.js';
import { recordWebhookEvent } from '../webhooks/webhooks-outbox.js';
import { findProduct } from './products-service.js';

/**
 * Snooze (issue 24): a product out of stock stays on the menu (show_on_menu is the menu's own
 * switch) but cannot be ordered, until the end of the operation's day, a chosen time, or until
 * switched back. A timed snooze ends by itself: a job guarded by the end it was scheduled for.
 */

export interface SnoozeDeps {
  db: Db;
  jobs: JobQueue;
  bus: EventBus;
  timeZone: string;
}

const snoozeKey = (id: number, until: Date) => `product:${id}:${until.toISOString()}`;
const state = {
  id: products.id,
  restaurant_id: products.restaurant_id,
  snoozed: products.snoozed,
  snoozed_until: products.snoozed_until,
};

/** The webhook event of a snooze or its end (issue 40), written in the change's own transaction. */
const snoozeEvent = (row: {
  id: number;
  restaurant_id: number;
  snoozed: boolean;
  snoozed_until: Date | null;
}) => ({
  product_id: row.id,
  restaurant_id: row.restaurant_id,
  snoozed: row.snoozed,
  snoozed_until: row.snoozed_until?.toISOString() ?? null,
});

async function publish(bus: EventBus, product: Product) {
  await bus.publish({
    type: 'product.snooze',
    restaurant_id: product.restaurant_id,
    data: {
      id: product.id,
      restaurant_id: product.restaurant_id,
      snoozed: product.snoozed,
      snoozed_until: product.snoozed_until,
    },
  });
}

async function change(
  deps: SnoozeDeps,
  actor: ActorContext,
  id: number,
  next: { snoozed: boolean; snoozed_until: Date | null },
): Promise<Product> {
  const { db, jobs, bus } = deps;
  const current = await findProduct(db, id);
  if (!can(actor, 'products.snooze', current.restaurant_id)) throw new Forbidden();
  await db.transaction(async (tx) => {
    const [before] = await tx.select(state).from(products).where(eq(products.id, id)).for('update');
    if (!before) throw new NotFound();
    const [after] = await tx
      .update(products)
      .set({ ...next, updated_at: new Date() })
      .where(eq(products.id, id))
      .returning(state);
    await audit(tx, actor, 'update', 'products', id, before, after);
    if (after) await recordWebhookEvent(tx, 'product.snoozed', snoozeEvent(after));
  });
  if (next.snoozed_until)
    await jobs.schedule(
      'product-snooze-ends',
      { product_id: id, until: next.snoozed_until.toISOString() },
      next.snoozed_until,
      snoozeKey(id, next.snoozed_until),
    );
  const product = await findProduct(db, id);
  await publish(bus, product);
  return product;
}

export async function snoozeProduct(deps: SnoozeDeps, actor: ActorContext, id: number, body: SnoozeBody) {
  const current = await findProduct(deps.db, id);
  if (!can(actor, 'products.snooze', current.restaurant_id)) throw new Forbidden();
  const until =
    body.mode === 'manual'
      ? null
      : body.mode === 'until' && body.until
        ? new Date(body.until)
        : await closingTime(deps.db, current.restaurant_id, deps.timeZone);
  return change(deps, actor, id, { snoozed: true, snoozed_until: until });
}

export const unsnoozeProduct = (deps: SnoozeDeps, actor: ActorContext, id: number) =>
  change(deps, actor, id, { snoozed: false, snoozed_until: null });

/** The job: the snooze ends if it still ends at the time the job was set for. */
export async function endSnooze(db: Db, bus: EventBus, data: Record<string, unknown>) {
  const id = Number(data.product_id);
  const until = new Date(String(data.until));
  const guard = and(eq(products.id, id), eq(products.snoozed, true), eq(products.snoozed_until, until));
  const ended = await db.transaction(async (tx) => {
    const [before] = await tx.select(state).from(products).where(guard).for('update');
    if (!before) return false;
    const [after] = await tx
      .update(products)
      .set({ snoozed: false, snoozed_until: null, updated_at: new Date() })
      .where(guard)
      .returning(state);
    if (!after) return false;
    await audit(tx, null, 'update', 'products', id, before, after);
    await recordWebhookEvent(tx, 'product.snoozed', snoozeEvent(after));
    return true;
  });
  if (ended) await publish(bus, await findProduct(db, id));
}

/** At start: every timed snooze still set gets its job (see resumeCapacityJobs). */
export async function resumeSnoozeJobs(db: Db, jobs: JobQueue) {
  const rows = await db.select(state).from(products).where(isNotNull(products.snoozed_until));
  for (const row of rows)
    if (row.snoozed_until)
      await jobs.schedule(
        'product-snooze-ends',
        { product_id: row.id, until: row.snoozed_until.toISOString() },
        row.snoozed_until,
        snoozeKey(row.id, row.snoozed_until),
      );
}
